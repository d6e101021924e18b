import { describe, it, expect, vi, afterEach } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { APP_ID, APP_VERSION, createApiClient, type RequestContext, type SessionBridge } from '../../src/api/client';
import { sessionBridge } from '../../src/app/appActor';
import { sessionMachine } from '../../machines/session/session.machine';
import type { LoginPayload, PersistedAuth } from '../../machines/session/session.types';
import { deferred } from '../fixtures/async';
import { makeLoginPayload } from '../fixtures/people';

interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs the global fetch that ofetch calls; `answer` decides the response from what was sent. */
function stubFetch(answer: (request: SeenRequest) => Response | Promise<Response> = () => json(200, { ok: true })) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const request: SeenRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : null,
    };
    seen.push(request);
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen, fetchMock };
}

const baseContext = (overrides: Partial<RequestContext> = {}): RequestContext => ({
  apiBase: 'https://api.acme.test/api',
  brand: 'acme',
  locale: 'de-DE',
  buildingUuid: 'b-42',
  appUuid: 'atrium-tenant-web',
  apiKey: 'static-key',
  ...overrides,
});

function fakeBridge<O extends Partial<SessionBridge>>(overrides: O = {} as O) {
  return {
    accessToken: vi.fn((): string | null => 'tok-1'),
    isAccessTokenExpired: vi.fn(() => false),
    refresh: vi.fn(async (): Promise<string | null> => 'tok-2'),
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApiClient: headers', () => {
  it('sends every header of the specification', async () => {
    const { seen } = stubFetch();
    const client = createApiClient(() => baseContext(), fakeBridge());
    await expect(client.call<{ ok: boolean }>('/users/current')).resolves.toEqual({ ok: true });

    expect(seen).toHaveLength(1);
    const { url, method, headers } = seen[0]!;
    expect(url).toBe('https://api.acme.test/api/users/current');
    expect(method).toBe('GET');
    expect(headers.accept).toMatch(/^application\/vnd\.[\w.-]+\.v\d+\+json\b/);
    expect(headers.accept).toContain('application/json');
    expect(headers['accept-language']).toBe('de-DE');
    expect(headers['x-brand']).toBe('acme');
    expect(headers['x-app-id']).toBe('3');
    expect(APP_ID).toBe('3');
    expect(headers['x-app-uuid']).toBe('atrium-tenant-web');
    expect(headers['x-app-version']).toBe('3.5.0');
    expect(APP_VERSION).toBe('3.5.0');
    expect(headers['x-building-uuid']).toBe('b-42');
    expect(headers['x-trace-id']).toMatch(/\S{8,}/);
    expect(headers['x-client-type']).toBe('web');
    expect(headers['x-api-key']).toBe('static-key');
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(headers.authorization).toBe('Bearer tok-1');
  });

  it('reads the request context on every call', async () => {
    const { seen } = stubFetch();
    let context = baseContext();
    const client = createApiClient(() => context, fakeBridge());
    await client.call('/a');
    context = baseContext({ locale: 'fr-FR', brand: 'other', buildingUuid: 'b-7', apiBase: 'https://farm.test' });
    await client.call('/b');
    expect(seen[1]!.url).toBe('https://farm.test/b');
    expect(seen[1]!.headers).toMatchObject({ 'accept-language': 'fr-FR', 'x-brand': 'other', 'x-building-uuid': 'b-7' });
  });

  it('leaves out x-building-uuid and x-api-key when not set', async () => {
    const { seen } = stubFetch();
    const client = createApiClient(() => baseContext({ buildingUuid: null, apiKey: '' }), fakeBridge());
    await client.call('/users/current');
    expect(seen[0]!.headers).not.toHaveProperty('x-building-uuid');
    expect(seen[0]!.headers).not.toHaveProperty('x-api-key');
  });

  it('gives every call its own trace id', async () => {
    const { seen } = stubFetch();
    const client = createApiClient(() => baseContext(), fakeBridge());
    await Promise.all([client.call('/a'), client.call('/b'), client.call('/c')]);
    const ids = seen.map((r) => r.headers['x-trace-id']);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('sends no bearer on the refresh call, and never refreshes for it', async () => {
    const { seen } = stubFetch();
    const bridge = fakeBridge({ isAccessTokenExpired: vi.fn(() => true) });
    const client = createApiClient(() => baseContext(), bridge);
    await client.call('/auth/v2/refresh', { method: 'POST', body: { refresh_token: 'r' }, withoutBearer: true });
    expect(seen[0]!.headers).not.toHaveProperty('authorization');
    expect(bridge.refresh).not.toHaveBeenCalled();
    // The other headers still go out.
    expect(seen[0]!.headers['x-client-type']).toBe('web');
  });

  it('sends the bearer on every other call, public ones included, while signed in', async () => {
    const { seen } = stubFetch();
    const client = createApiClient(() => baseContext(), fakeBridge({ accessToken: vi.fn(() => 'live-token') }));
    await client.call('/public/whitelabel', { query: { domain: 'acme.test' } });
    await client.call('/auth/v2/validate-email', { method: 'POST', body: { email: 'ada@acme.test' } });
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer live-token', 'Bearer live-token']);
  });

  it('sends no bearer when nobody is signed in', async () => {
    const { seen } = stubFetch();
    const client = createApiClient(() => baseContext(), fakeBridge({ accessToken: vi.fn(() => null) }));
    await client.call('/public/whitelabel', { query: { domain: 'acme.test' } });
    expect(seen[0]!.headers).not.toHaveProperty('authorization');
    expect(seen[0]!.url).toBe('https://api.acme.test/api/public/whitelabel?domain=acme.test');
  });

  it('sends a JSON body with a JSON content type', async () => {
    const { seen } = stubFetch();
    const client = createApiClient(() => baseContext(), fakeBridge());
    await client.call('/auth/v2/login', { method: 'POST', body: { email: 'ada@acme.test', password: 'p' } });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]!.body!)).toEqual({ email: 'ada@acme.test', password: 'p' });
  });
});

describe('createApiClient: errors', () => {
  it("turns an HTTP failure into an ApiError {status, message, code, body}, the body the server's answer as it came", async () => {
    const answer = { message: 'You can not reuse this old password', code: 'password_has_been_used' };
    stubFetch(() => json(409, answer));
    const client = createApiClient(() => baseContext(), fakeBridge());
    await expect(client.call('/x', { method: 'PUT', body: {} })).rejects.toEqual({
      status: 409,
      message: 'You can not reuse this old password',
      code: 'password_has_been_used',
      body: answer,
    });
  });

  it('keeps the wait of a refused request (Retry-After) for the message that names it', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ message: 'Too many', code: 'login_throttled' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '60' },
        }),
    );
    const client = createApiClient(() => baseContext(), fakeBridge());
    await expect(client.call('/auth/v2/login', { method: 'POST', body: {} })).rejects.toEqual({
      status: 429,
      message: 'Too many',
      code: 'login_throttled',
      retryAfter: 60,
      body: { message: 'Too many', code: 'login_throttled' },
    });
  });

  it('a network failure becomes status 0 with the generic message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApiClient(() => baseContext(), fakeBridge());
    await expect(client.call('/x')).rejects.toEqual({ status: 0, message: 'Unable to complete at this moment. Please try again later.' });
  });

  it('a 401 without a token is not refreshed', async () => {
    stubFetch(() => json(401, { message: 'No token', code: 'invalid_token' }));
    const bridge = fakeBridge({ accessToken: vi.fn(() => null) });
    const client = createApiClient(() => baseContext(), bridge);
    await expect(client.call('/users/current')).rejects.toMatchObject({ status: 401 });
    expect(bridge.refresh).not.toHaveBeenCalled();
  });
});

describe('createApiClient: refresh with a fake bridge', () => {
  it('a call meeting an expired token refreshes first, then sends the new token', async () => {
    const { seen, fetchMock } = stubFetch();
    const bridge = fakeBridge({ isAccessTokenExpired: vi.fn(() => true), refresh: vi.fn(async () => 'fresh') });
    const client = createApiClient(() => baseContext(), bridge);
    await client.call('/users/current');
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
    expect(bridge.refresh.mock.invocationCallOrder[0]!).toBeLessThan(fetchMock.mock.invocationCallOrder[0]!);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe('Bearer fresh');
  });

  it('a 401 refreshes once and replays the call with the new token', async () => {
    const { seen } = stubFetch((r) =>
      r.headers.authorization === 'Bearer tok-2' ? json(200, { replayed: true }) : json(401, { message: 'expired' }),
    );
    const bridge = fakeBridge();
    const client = createApiClient(() => baseContext(), bridge);
    await expect(client.call('/users/current')).resolves.toEqual({ replayed: true });
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(seen[0]!.headers['x-trace-id']).not.toBe(seen[1]!.headers['x-trace-id']);
  });

  it('a 401 on the replay is not refreshed again', async () => {
    const { seen } = stubFetch(() => json(401, { message: 'The session has ended', code: 'session_revoked' }));
    const bridge = fakeBridge();
    const client = createApiClient(() => baseContext(), bridge);
    await expect(client.call('/users/current')).rejects.toMatchObject({ status: 401, message: 'The session has ended', code: 'session_revoked' });
    expect(bridge.refresh).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
  });
});

/** A real session actor, signed in with `access-old`, whose refresh answers when the test says. */
async function realSession() {
  const refreshes: ReturnType<typeof deferred<LoginPayload>>[] = [];
  const refreshTokens = vi.fn((_input: { refreshToken: string }) => {
    const next = deferred<LoginPayload>();
    refreshes.push(next);
    return next.promise;
  });
  const session = createActor(
    sessionMachine.provide({
      actors: {
        loadPersisted: fromPromise<PersistedAuth | null>(async () => null),
        refreshTokens: fromPromise(({ input }) => refreshTokens(input)),
        fetchUser: fromPromise(() => Promise.reject(new Error('not used'))),
        logoutCall: fromPromise(async () => {}),
      },
    }),
    { input: {} },
  );
  session.start();
  await waitFor(session, (s) => s.matches('signedOut'));
  session.send({
    type: 'session.loggedIn',
    payload: makeLoginPayload({ token: 'access-old', refresh_token: { token: 'refresh-old', expires_in: 86_400 } }),
  });
  const real = sessionBridge(() => session);
  const bridge: SessionBridge & { refresh: ReturnType<typeof vi.fn<() => Promise<string | null>>> } = {
    accessToken: () => real.accessToken(),
    isAccessTokenExpired: () => real.isAccessTokenExpired(),
    refresh: vi.fn(() => real.refresh()),
  };
  return { session, bridge, refreshTokens, refreshes };
}

const unauthorized = { message: 'The access token has expired', code: 'token_expired' };

describe('createApiClient with the real session (sessionBridge)', () => {
  it('three parallel calls getting 401 share one refresh and are replayed with the new token', async () => {
    const { session, bridge, refreshTokens, refreshes } = await realSession();
    const { seen } = stubFetch((r) => (r.headers.authorization === 'Bearer access-new' ? json(200, { path: r.url }) : json(401, unauthorized)));
    const client = createApiClient(() => baseContext(), bridge);

    const calls = [client.call('/one'), client.call('/two'), client.call('/three')];
    await vi.waitFor(() => expect(bridge.refresh).toHaveBeenCalledTimes(3));
    expect(session.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(refreshTokens).toHaveBeenCalledWith({ refreshToken: 'refresh-old' });

    refreshes[0]!.resolve(makeLoginPayload({ token: 'access-new', refresh_token: { token: 'refresh-new', expires_in: 86_400 } }));
    const results = await Promise.all(calls);
    expect(results).toEqual([
      { path: 'https://api.acme.test/api/one' },
      { path: 'https://api.acme.test/api/two' },
      { path: 'https://api.acme.test/api/three' },
    ]);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(seen.filter((r) => r.headers.authorization === 'Bearer access-old')).toHaveLength(3);
    expect(
      seen
        .filter((r) => r.headers.authorization === 'Bearer access-new')
        .map((r) => r.url)
        .sort(),
    ).toEqual(['https://api.acme.test/api/one', 'https://api.acme.test/api/three', 'https://api.acme.test/api/two']);
    expect(session.getSnapshot().context.token).toBe('access-new');
  });

  it('a call meeting an expired token refreshes through the session before it is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { session, bridge, refreshTokens, refreshes } = await realSession();
      vi.setSystemTime(Date.now() + 3_600_000);
      const { seen } = stubFetch(() => json(200, { ok: true }));
      const client = createApiClient(() => baseContext(), bridge);
      const call = client.call('/users/current');
      await vi.waitFor(() => expect(refreshTokens).toHaveBeenCalledTimes(1));
      expect(seen).toHaveLength(0);
      refreshes[0]!.resolve(makeLoginPayload({ token: 'access-new' }));
      await expect(call).resolves.toEqual({ ok: true });
      expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer access-new']);
      expect(session.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed refresh rejects every waiting call with the 401 as an ApiError, and the session expires', async () => {
    const { session, bridge, refreshTokens, refreshes } = await realSession();
    const { seen } = stubFetch(() => json(401, unauthorized));
    const client = createApiClient(() => baseContext(), bridge);

    const calls = [client.call('/one'), client.call('/two')].map((p) =>
      p.then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    await vi.waitFor(() => expect(bridge.refresh).toHaveBeenCalledTimes(2));
    refreshes[0]!.reject({ status: 401, message: 'The refresh token is not valid', code: 'invalid_refresh_token' });

    const outcomes = await Promise.all(calls);
    expect(outcomes).toMatchObject([
      { status: 401, message: 'The access token has expired', code: 'token_expired' },
      { status: 401, message: 'The access token has expired', code: 'token_expired' },
    ]);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    const snapshot = session.getSnapshot();
    expect(snapshot.matches('expired')).toBe(true);
    expect(snapshot.hasTag('modal:sessionExpired')).toBe(true);
  });

  it('a 401 that arrives after the refresh already renewed the token replays with that token, without a second refresh', async () => {
    const { bridge, refreshTokens, refreshes } = await realSession();
    const slow = deferred<void>();
    const { seen } = stubFetch(async (r) => {
      if (r.headers.authorization === 'Bearer access-new') return json(200, { path: r.url });
      if (r.url.endsWith('/slow')) await slow.promise;
      return json(401, unauthorized);
    });
    const client = createApiClient(() => baseContext(), bridge);

    // Both calls leave with the old token; the fast one's 401 starts the refresh, which finishes before the slow 401.
    const fast = client.call('/fast');
    const slowCall = client.call('/slow');
    slowCall.catch(() => {});
    await vi.waitFor(() => expect(refreshTokens).toHaveBeenCalledTimes(1));
    refreshes[0]!.resolve(makeLoginPayload({ token: 'access-new', refresh_token: { token: 'refresh-new', expires_in: 86_400 } }));
    await expect(fast).resolves.toEqual({ path: 'https://api.acme.test/api/fast' });

    slow.resolve();
    // Either the slow call is replayed, or (the bug) a second refresh is asked for; then let any second refresh end.
    await vi.waitFor(() => {
      const replayed = seen.filter((r) => r.url.endsWith('/slow')).length === 2;
      expect(replayed || refreshTokens.mock.calls.length > 1).toBe(true);
    });
    refreshes[1]?.resolve(makeLoginPayload({ token: 'access-newer' }));
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    await expect(slowCall).resolves.toEqual({ path: 'https://api.acme.test/api/slow' });
  });
});
