import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flush } from '../fixtures/async';

type Navigation = typeof import('../../src/app/adapters/navigation');

/** The adapter holds the one router of the page: each test gets a module of its own. */
let navigation: Navigation;
beforeEach(async () => {
  vi.resetModules();
  navigation = await import('../../src/app/adapters/navigation');
});

const routerHandle = (load: () => Promise<void>) => ({ navigate: vi.fn(), invalidate: vi.fn(), load: vi.fn(load), pathname: () => '/login' });

describe('resolveRoute (the app chart’s routing step)', () => {
  it('waits for the router when start-up is done before the router is made, then resolves with its load', async () => {
    let settled = false;
    const resolving = navigation.resolveRoute().then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    let finishLoad = () => {};
    const handle = routerHandle(() => new Promise<void>((resolve) => (finishLoad = resolve)));
    navigation.attachRouter(handle);
    await flush();
    expect(handle.load).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    finishLoad();
    await resolving;
    expect(settled).toBe(true);
  });

  it('loads at once with a router already there, and passes a failed load on', async () => {
    const handle = routerHandle(() => Promise.reject(new Error('no route')));
    navigation.attachRouter(handle);
    await expect(navigation.resolveRoute()).rejects.toThrow('no route');
    expect(handle.load).toHaveBeenCalledTimes(1);
  });
});

describe('applyPageIdentity', () => {
  it('names the icon once: the address the page already has is not set again (a set would fetch it again)', async () => {
    const { applyPageIdentity } = await import('../../src/ui/kit/theme');
    document.head.innerHTML = '<link rel="icon" href="/media/brands/acme-icon.png" type="image/png">';
    const link = document.head.querySelector('link')!;
    const hrefSet = vi.spyOn(link, 'href', 'set');
    applyPageIdentity({ title: 'Acme', iconUrl: '/media/brands/acme-icon.png' });
    expect(hrefSet).not.toHaveBeenCalled();
    applyPageIdentity({ title: 'Harbor', iconUrl: '/media/brands/harbor-icon.png' });
    expect(hrefSet).toHaveBeenCalledWith('/media/brands/harbor-icon.png');
    expect(document.title).toBe('Harbor');
  });

  it("joins the screen's heading and the brand in the title, and follows the heading as screens change (issue 22, item 21)", async () => {
    const { applyPageIdentity } = await import('../../src/ui/kit/theme');
    const { ScreenTitle } = await import('../../src/ui/shell/ScreenTitle');
    const { render } = await import('@testing-library/react');
    const { createElement } = await import('react');
    applyPageIdentity({ title: 'Harbor' });
    document.body.innerHTML = '<main><h1>Your   bookings</h1></main>';
    const view = render(createElement(ScreenTitle));
    expect(document.title).toBe('Your bookings · Harbor');
    document.querySelector('h1')!.textContent = 'Help desk';
    await vi.waitFor(() => expect(document.title).toBe('Help desk · Harbor'));
    document.querySelector('h1')!.remove();
    await vi.waitFor(() => expect(document.title).toBe('Harbor'));
    view.unmount();
  });
});

describe('focusPageHeading (after a move to another page)', () => {
  /** The followed link in a header that stays, and the new page's main, filled in once its code is in. */
  function page() {
    document.body.innerHTML = '<header><a href="/next" id="followed">Next</a></header><main id="main"></main>';
    const followed = document.getElementById('followed')!;
    followed.focus();
    return { followed, main: document.getElementById('main')! };
  }
  /** Resolves once the adapter has given up watching (it found the heading, or saw focus taken on purpose). */
  const settledWatch = () => {
    const removed = vi.spyOn(document, 'removeEventListener');
    return () => vi.waitFor(() => expect(removed.mock.calls.some(([type]) => type === 'keydown')).toBe(true));
  };

  it('moves focus from the followed link to the new page’s heading, once it comes in', async () => {
    const { main } = page();
    const { focusPageHeading } = await import('../../src/app/adapters/focus');
    focusPageHeading();
    main.innerHTML = '<h1>Visitor check-in</h1>';
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Visitor check-in'));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
    document.body.innerHTML = '';
  });

  it('takes no heading for the new page’s until the document shows the new address (a lazy screen keeps the old page in view)', async () => {
    const { main } = page();
    main.innerHTML = '<h1>Lobby</h1>';
    document.documentElement.dataset.route = '/home';
    const { focusPageHeading } = await import('../../src/app/adapters/focus');
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'Date'] });
    try {
      focusPageHeading('/visitors/check-in');
      // The old page's heading stays in view while the new screen's code loads: it is not the new page's.
      vi.advanceTimersByTime(1000);
      expect(document.activeElement?.id).toBe('followed');
      main.innerHTML = '<h1>Visitor check-in</h1>';
      document.documentElement.dataset.route = '/visitors/check-in';
      vi.advanceTimersByTime(200);
      expect(document.activeElement?.textContent).toBe('Visitor check-in');
    } finally {
      vi.useRealTimers();
      delete document.documentElement.dataset.route;
      document.body.innerHTML = '';
    }
  });

  it('leaves alone what the new page focused while its heading was on its way (a greeting’s button)', async () => {
    const { main } = page();
    const { focusPageHeading } = await import('../../src/app/adapters/focus');
    const done = settledWatch();
    focusPageHeading();
    main.innerHTML = '<section><button id="next">Next visitor</button></section>';
    document.getElementById('next')!.focus();
    main.insertAdjacentHTML('afterbegin', '<h1>Visitor check-in</h1>');
    await done();
    expect(document.activeElement?.id).toBe('next');
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
});
