import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadImage } from '../../src/app/adapters/preload';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadImage', () => {
  it('adds one high-priority image preload per address', () => {
    preloadImage('/media/buildings/plaza.svg');
    preloadImage('/media/buildings/plaza.svg');
    preloadImage(null);
    const links = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('as')).toBe('image');
    expect(links[0]!.getAttribute('href')).toBe('/media/buildings/plaza.svg');
    expect(links[0]!.getAttribute('fetchpriority')).toBe('high');
  });
});

describe('afterFirstPaint', () => {
  it('waits for the load event, then for an idle moment', () => {
    const listeners = new Map<string, () => void>();
    let idle: (() => void) | null = null;
    const win = {
      document: { readyState: 'loading' },
      addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
      requestIdleCallback: (callback: () => void) => {
        idle = callback;
        return 1;
      },
    } as unknown as Window;
    const work = vi.fn();
    afterFirstPaint(work, win);
    expect(work).not.toHaveBeenCalled();
    listeners.get('load')!();
    expect(work).not.toHaveBeenCalled();
    idle!();
    expect(work).toHaveBeenCalledOnce();
  });
});
