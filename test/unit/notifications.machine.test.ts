import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MAX_NOTIFICATIONS, notificationsMachine } from '../../machines/notifications/notifications.machine';

const saved = { type: 'notify.show', tone: 'success', message: { id: 'notifications.profileUpdated' } } as const;
const failed = { type: 'notify.show', tone: 'error', message: { text: 'The server is down' } } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const start = () => createActor(notificationsMachine.provide({ delays: { toastTimeout: 1000 } })).start();
const shown = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.notifications.map((n) => n.key);

describe('notificationsMachine', () => {
  it('is idle with nothing to show, and shows what a flow sends', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(saved);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    expect(actor.getSnapshot().context.notifications).toEqual([{ key: 1, tone: 'success', message: { id: 'notifications.profileUpdated' } }]);
  });

  it('lets a confirmation leave on its own, and keeps an error until it is dismissed', () => {
    const actor = start();
    actor.send(saved);
    actor.send(failed);
    vi.advanceTimersByTime(999);
    expect(shown(actor)).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(shown(actor)).toEqual([2]);
    vi.advanceTimersByTime(60_000);
    expect(shown(actor)).toEqual([2]);
    actor.send({ type: 'user.dismiss', key: 2 });
    expect(shown(actor)).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a dismissed confirmation goes at once and its timer with it', () => {
    const actor = start();
    actor.send(saved);
    actor.send({ type: 'user.dismiss', key: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(saved);
    vi.advanceTimersByTime(500);
    expect(shown(actor)).toEqual([2]);
  });

  it('keeps every toast while it is paused (pointer or focus on it) and starts their timers again after', () => {
    const actor = start();
    actor.send(saved);
    vi.advanceTimersByTime(900);
    actor.send({ type: 'user.pause' });
    actor.send(saved);
    vi.advanceTimersByTime(5000);
    expect(shown(actor)).toEqual([1, 2]);
    actor.send({ type: 'user.resume' });
    vi.advanceTimersByTime(999);
    expect(shown(actor)).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(shown(actor)).toEqual([]);
    // A resume without a pause starts nothing twice.
    actor.send(saved);
    actor.send({ type: 'user.resume' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it(`shows at most ${MAX_NOTIFICATIONS}, the newest`, () => {
    const actor = start();
    for (let i = 0; i < MAX_NOTIFICATIONS + 2; i++) actor.send(failed);
    expect(shown(actor)).toEqual([3, 4, 5]);
  });
});
