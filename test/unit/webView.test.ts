import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { appMachine } from '../../machines/app/app.machine';
import { sessionMachine, SESSION_ID, adoptedTokenExpiry, ADOPTED_TOKEN_FALLBACK_SECONDS } from '../../machines/session/session.machine';
import type { PersistedAuth, SessionUser } from '../../machines/session/session.types';
import { isWebViewPath, webViewApiBase, webViewRefusal, type WebViewLaunch } from '../../machines/app/webView';
import type { Farm } from '../../machines/farm/farmSelector.types';
import { takeWebViewLaunch, webViewLocaleOf } from '../../src/app/adapters/webViewLaunch';
import { makeUser } from '../fixtures/people';
import { flush } from '../fixtures/async';

const FARM: Farm = { uuid: 'f-1', description: 'Staging', url: 'https://staging.atrium.example/api' };
const CONFIGURED = { apiBase: '/api', pageHref: 'https://tenant.example/webview' };

/** A JWT-shaped token (unsigned: the app reads claims, the server verifies) with these claims. */
const jwt = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

describe('webViewApiBase: only the configured API or a registered farm', () => {
  it.each([
    [null, 'configured'],
    ['https://tenant.example/api', 'configured'],
    ['https://tenant.example/api/', 'configured'],
    ['https://staging.atrium.example/api', FARM],
    ['https://staging.atrium.example/api//', FARM],
    ['https://staging.atrium.example/api/v2', null],
    ['https://evil.example/api', null],
    ['https://tenant.example.evil.example/api', null],
    ['http://tenant.example/api', null],
    ['/api', null],
    ['//evil.example/api', null],
    ['javascript:alert(1)', null],
    ['https://user:pw@tenant.example/api', null],
    ['https://tenant.example/api?x=1', null],
    ['not a url', null],
  ] as const)('%s → %o', (baseUrl, expected) => {
    expect(webViewApiBase(baseUrl, CONFIGURED, [FARM])).toEqual(expected);
  });

  it('takes an absolute configured base as it is', () => {
    expect(webViewApiBase('https://api.example/v1', { apiBase: 'https://api.example/v1/', pageHref: 'https://tenant.example/' }, [])).toBe(
      'configured',
    );
  });
});

describe('webViewRefusal: what the web view shows instead of its screens', () => {
  it.each([
    ['token', true, false, 'token'],
    ['baseUrl', false, false, 'baseUrl'],
    [null, true, false, null],
    [null, false, true, 'waiting'],
    [null, false, false, 'signedOut'],
  ] as const)('problem %s, signed in %s, restoring %s → %s', (problem, signedIn, restoring, expected) => {
    expect(webViewRefusal(problem, { signedIn, restoring })).toBe(expected);
  });

  it('knows the web view paths', () => {
    expect(['/webview', '/webview/de-DE/help-desk'].every(isWebViewPath)).toBe(true);
    expect(['/webviews', '/home', '/building/webview'].some(isWebViewPath)).toBe(false);
  });
});

describe('takeWebViewLaunch: the token leaves the address before anything runs', () => {
  const fakeWindow = (href: string) => {
    const url = new URL(href);
    const replaceState = vi.fn();
    return { win: { location: { href, pathname: url.pathname }, history: { state: { key: 'k' }, replaceState } } as never, replaceState };
  };

  it('takes the three parameters and leaves the rest of the address', () => {
    const { win, replaceState } = fakeWindow(
      'https://tenant.example/webview/de-DE/smart-building?accessToken=secret.jwt&buildingUuid=b-1&baseUrl=https%3A%2F%2Ftenant.example%2Fapi&lang=de-DE#x',
    );
    expect(takeWebViewLaunch(win)).toEqual({ token: 'secret.jwt', buildingUuid: 'b-1', baseUrl: 'https://tenant.example/api' });
    expect(replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/webview/de-DE/smart-building?lang=de-DE#x');
  });

  it('takes a launch without building or API base', () => {
    const { win, replaceState } = fakeWindow('https://tenant.example/webview?accessToken=t');
    expect(takeWebViewLaunch(win)).toEqual({ token: 't', buildingUuid: null, baseUrl: null });
    expect(replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/webview');
  });

  it.each(['https://tenant.example/webview', 'https://tenant.example/home?accessToken=t', 'https://tenant.example/webviews?accessToken=t'])(
    'changes nothing at %s',
    (href) => {
      const { win, replaceState } = fakeWindow(href);
      expect(takeWebViewLaunch(win)).toBeNull();
      expect(replaceState).not.toHaveBeenCalled();
    },
  );

  it('reads a language the app ships from the path', () => {
    expect(webViewLocaleOf('/webview/fr-CA/help-desk')).toBe('fr-CA');
    expect(webViewLocaleOf('/webview/smart-building')).toBeNull();
    expect(webViewLocaleOf('/webview/xx-XX')).toBeNull();
  });
});

describe('the session adopts a native app’s token', () => {
  function session(fetchUser: () => Promise<SessionUser>) {
    const persisted: (PersistedAuth | null)[] = [];
    const reports: string[] = [];
    const loadPersisted = vi.fn(async (): Promise<PersistedAuth | null> => null);
    const seenTokens: (string | null)[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadPersisted: fromPromise(loadPersisted),
          fetchUser: fromPromise(async () => fetchUser()),
        },
        actions: {
          persist: (_, { auth }) => void persisted.push(auth),
          clearPersisted: () => void persisted.push(null),
          reportAdoptFailed: () => void reports.push('adoptFailed'),
          reportSignedIn: () => void reports.push('signedIn'),
          reportSignedOut: () => void reports.push('signedOut'),
        },
      }),
      { input: { awaitAdoption: true } },
    );
    actor.subscribe((s) => seenTokens.push(s.context.token));
    actor.start();
    return { actor, persisted, reports, loadPersisted, seenTokens };
  }

  it('waits for the token instead of reading the kept session, then checks it with the user call', async () => {
    const user = makeUser();
    const token = jwt({ exp: 2_000_000_000, ver: 3 });
    const { actor, persisted, reports, loadPersisted } = session(async () => {
      // The user call carries the handed-over token.
      expect(actor.getSnapshot().context.token).toBe(token);
      return user;
    });
    expect(actor.getSnapshot().matches({ restoring: 'awaitingAdoption' })).toBe(true);
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    actor.send({ type: 'session.adopt', token });
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    expect(loadPersisted).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ token, tokenExpiresAt: 2_000_000_000, refreshToken: null, user });
    // Kept like any session, without a refresh token.
    expect(persisted).toEqual([{ token, tokenExpiresAt: 2_000_000_000, refreshToken: null, user }]);
    expect(reports).toEqual(['signedIn']);
  });

  it('a refused token signs nobody in, keeps nothing and tells the app', async () => {
    const { actor, persisted, reports } = session(() => Promise.reject({ status: 401, message: 'Unauthorized' }));
    actor.send({ type: 'session.adopt', token: 'bad' });
    await waitFor(actor, (s) => s.hasTag('signedOut'));
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(persisted).toEqual([null]);
    expect(reports).toEqual(['adoptFailed', 'signedOut']);
  });

  it('a launch refused before its token was tried signs nobody in', () => {
    const { actor, persisted, reports } = session(() => Promise.reject(new Error('not called')));
    actor.send({ type: 'session.adoptRefused' });
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
    expect(persisted).toEqual([null]);
    expect(reports).toEqual(['signedOut']);
  });

  it("reads the token's expiry from its exp claim, else gives it the usual fifteen minutes", () => {
    expect(adoptedTokenExpiry(jwt({ exp: 1234 }), 1000)).toBe(1234);
    expect(adoptedTokenExpiry('opaque-token', 1000)).toBe(1000 + ADOPTED_TOKEN_FALLBACK_SECONDS);
    expect(adoptedTokenExpiry(jwt({ exp: 'soon' }), 1000)).toBe(1000 + ADOPTED_TOKEN_FALLBACK_SECONDS);
  });
});

describe('the app chart: a web view launch', () => {
  function launch(webView: WebViewLaunch | null, match: (input: { baseUrl: string | null }) => Promise<Farm | null>) {
    const heard: EventObject[] = [];
    const persistFarm = vi.fn();
    const closeWebView = vi.fn();
    const app = createActor(
      appMachine.provide({
        actors: {
          session: fromCallback(({ receive }) => receive((event) => void heard.push(event))),
          loadConfig: fromPromise(async () => (await import('../../contracts/runtimeConfig')).FALLBACK_RUNTIME_CONFIG),
          matchWebViewBase: fromPromise(({ input }) => match(input as { baseUrl: string | null })),
          loadWhitelabel: fromPromise(() => new Promise<never>(() => {})),
          healthCheck: fromPromise(() => new Promise<never>(() => {})),
        } as never,
        actions: { persistFarm: (_, params) => persistFarm(params), closeWebView },
      }),
      { input: { requestedLocale: 'en', webView, farm: { uuid: 'old', description: 'Old', url: 'https://old.example/api' } } },
    ).start();
    return { app, heard, persistFarm, closeWebView };
  }

  it('checks the API base, takes its farm, hands the token to the session and keeps no copy', async () => {
    const match = vi.fn(async () => FARM);
    const { app, heard, persistFarm } = launch({ token: 'tok', buildingUuid: 'b-1', baseUrl: FARM.url }, match);
    await flush();
    expect(match).toHaveBeenCalledWith(expect.objectContaining({ baseUrl: FARM.url }));
    expect(heard).toEqual([{ type: 'session.adopt', token: 'tok' }]);
    expect(app.getSnapshot().context.farm).toEqual(FARM);
    expect(persistFarm).toHaveBeenCalledWith({ farm: FARM });
    expect(app.getSnapshot().context.webView).toEqual({ token: null, baseUrl: FARM.url, problem: null });
    expect(JSON.stringify(app.getSnapshot().context)).not.toContain('tok"');
  });

  it('the configured API clears a farm kept from before', async () => {
    const { app, heard } = launch({ token: 'tok', buildingUuid: null, baseUrl: null }, async () => null);
    await flush();
    expect(app.getSnapshot().context.farm).toBeNull();
    expect(heard).toEqual([{ type: 'session.adopt', token: 'tok' }]);
  });

  it('an API base it does not know: the token goes nowhere and the web view says why', async () => {
    const { app, heard, persistFarm } = launch({ token: 'tok', buildingUuid: null, baseUrl: 'https://evil.example' }, () =>
      Promise.reject(new Error('unknown')),
    );
    await flush();
    expect(heard).toEqual([{ type: 'session.adoptRefused' }]);
    expect(app.getSnapshot().context.webView).toEqual({ token: null, baseUrl: 'https://evil.example', problem: 'baseUrl' });
    expect(app.getSnapshot().context.farm).toEqual({ uuid: 'old', description: 'Old', url: 'https://old.example/api' });
    expect(persistFarm).not.toHaveBeenCalled();
  });

  it("the server refusing the token is the web view's problem too; its Close asks the native app", async () => {
    const { app, closeWebView } = launch({ token: 'tok', buildingUuid: null, baseUrl: null }, async () => null);
    await flush();
    app.send({ type: 'session.adoptFailed' });
    expect(app.getSnapshot().context.webView?.problem).toBe('token');
    app.send({ type: 'user.closeWebView' });
    expect(closeWebView).toHaveBeenCalledTimes(1);
  });

  it('without a launch nothing is checked and the session reads the kept one', async () => {
    const match = vi.fn(async () => null);
    const { app, heard } = launch(null, match);
    await flush();
    expect(match).not.toHaveBeenCalled();
    expect(heard).toEqual([]);
    expect(app.getSnapshot().context.webView).toBeNull();
  });

  it('the real session starts waiting for the token only when launched as a web view', () => {
    const started = (webView: WebViewLaunch | null) => {
      const app = createActor(appMachine.provide({ actors: { loadConfig: fromPromise(() => new Promise<never>(() => {})) } as never }), {
        input: { requestedLocale: 'en', webView },
      }).start();
      const value = app.system.get(SESSION_ID)!.getSnapshot().value;
      app.stop();
      return value;
    };
    expect(started({ token: 't', buildingUuid: null, baseUrl: null })).toEqual({ restoring: 'awaitingAdoption' });
    expect(started(null)).toEqual({ restoring: 'reading' });
  });
});
