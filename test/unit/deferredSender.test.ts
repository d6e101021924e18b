import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredSender } from '../../src/app/adapters/deferredSender';

afterEach(() => vi.useRealTimers());

describe('deferredSender', () => {
  it('sends nothing at once, then everything queued, in order, after the delay', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const sender = deferredSender<string>((item) => sent.push(item), 3000, undefined);
    sender.add('/login');
    sender.add('/home');
    vi.advanceTimersByTime(2999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['/login', '/home']);
    sender.add('/account');
    vi.advanceTimersByTime(3000);
    expect(sent).toEqual(['/login', '/home', '/account']);
  });

  it('sends what is queued when the page is hidden, and not twice', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const sender = deferredSender<string>((item) => sent.push(item), 3000, window);
    sender.add('/login');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual(['/login']);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual(['/login']);
  });
});
