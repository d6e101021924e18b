import { afterEach, describe, expect, it, vi } from 'vitest';
import { releasePageShell } from '../../src/app/adapters/pageShell';
import { PAGE_SHELL_ID } from '../../contracts/boot';
import { CODE_LIST_ID, CODE_LOADER } from '../../server/lib/firstPaint';

/** The page as the server sends /login: the first paint, then the app's root. */
function sentPage() {
  document.body.innerHTML = `<div id="${PAGE_SHELL_ID}" aria-hidden="true"><main><h1>Sign in</h1></main></div><div id="root"></div>`;
  return document.getElementById('root')!;
}
const shell = () => document.getElementById(PAGE_SHELL_ID);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the sign-in page’s first paint', () => {
  it('stays over a spinner and goes once the app draws a heading', async () => {
    const root = sentPage();
    releasePageShell(root);
    root.innerHTML = '<div aria-busy="true"><span role="progressbar"></span></div>';
    await flush();
    expect(shell()).not.toBeNull();
    root.innerHTML = '<main><form><h1>Sign in</h1></form></main>';
    await flush();
    expect(shell()).toBeNull();
  });

  it('goes when the app shows an alert instead (the API cannot be reached)', async () => {
    const root = sentPage();
    releasePageShell(root);
    root.innerHTML = '<main><section role="alert"><h2>Unavailable</h2></section></main>';
    await flush();
    expect(shell()).toBeNull();
  });

  it('goes after the latest wait though the app drew nothing', () => {
    vi.useFakeTimers();
    const root = sentPage();
    releasePageShell(root, document, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(shell()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(shell()).toBeNull();
  });

  it('does nothing on a page sent without one', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => releasePageShell(document.getElementById('root')!)).not.toThrow();
  });
});

describe('the loader of the app’s code on a page with a first paint (decision 063)', () => {
  /** The end of the page as the server sends it, then the loader run as the browser runs it. */
  function runLoader(hero: boolean, preload = ['/assets/framework-1.js']) {
    document.head.innerHTML = '';
    document.body.innerHTML =
      `<div id="${PAGE_SHELL_ID}">${hero ? '<img src="/hero.svg" fetchpriority="high">' : ''}</div>` +
      `<script id="${CODE_LIST_ID}" type="application/json">${JSON.stringify({ entry: '/assets/index-1.js', preload })}</script>`;
    new Function(CODE_LOADER)();
  }
  const started = () => document.head.querySelector('script[type="module"]')?.getAttribute('src') ?? null;

  it('starts the code at once on a hidden page, its preloads first, one element per task', async () => {
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    runLoader(true, ['/assets/framework-1.js', '/assets/start-1.js']);
    // The first request leaves at once; each next one in a task of its own, so the browser gets in between them.
    expect([...document.head.children].map((e) => e.getAttribute('href') ?? e.getAttribute('src'))).toEqual(['/assets/framework-1.js']);
    await vi.waitFor(() => expect(started()).toBe('/assets/index-1.js'));
    expect([...document.head.children].map((e) => e.getAttribute('href') ?? e.getAttribute('src'))).toEqual([
      '/assets/framework-1.js',
      '/assets/start-1.js',
      '/assets/index-1.js',
    ]);
    hidden.mockRestore();
  });

  it('holds the code back while the hero has not painted, and starts it within a second, once', async () => {
    // Only the timers are faked: the loader's steps after the first go through a MessageChannel, which runs as it is.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    runLoader(true);
    expect(document.head.children).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(5000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(started()).toBe('/assets/index-1.js'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
  });
});
