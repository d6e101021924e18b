import { describe, it, expect, vi, afterEach } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fromLoginPayload, isTokenExpired, sessionMachine } from '../../machines/session/session.machine';
import type { LoginPayload, PersistedAuth, SessionUser } from '../../machines/session/session.types';
import { deferred, flush } from '../fixtures/async';
import { makeLoginPayload, makePersisted, makeUser, nowSeconds } from '../fixtures/people';

interface Fakes {
  loadPersisted?: () => Promise<PersistedAuth | null>;
  refreshTokens?: (input: { refreshToken: string }) => Promise<LoginPayload>;
  fetchUser?: () => Promise<SessionUser>;
  logoutCall?: () => Promise<void>;
  upgradeTokens?: () => Promise<LoginPayload>;
}

function setupSession(fakes: Fakes = {}) {
  const calls = {
    loadPersisted: vi.fn(fakes.loadPersisted ?? (async () => null)),
    refreshTokens: vi.fn(fakes.refreshTokens ?? (async (_input: { refreshToken: string }) => makeLoginPayload({ token: 'refreshed' }))),
    fetchUser: vi.fn(fakes.fetchUser ?? (async () => makeUser())),
    logoutCall: vi.fn(fakes.logoutCall ?? (async () => {})),
    upgradeTokens: vi.fn(fakes.upgradeTokens ?? (async () => makeLoginPayload({ token: jwtOf({ ver: 3 }) }))),
  };
  const actions = {
    persist: vi.fn(),
    clearPersisted: vi.fn(),
    reportCleared: vi.fn(),
    reportSignedOut: vi.fn(),
    signedIn: vi.fn<(report: { user: unknown; loadBuilding: boolean }) => void>(),
    restoring: vi.fn<(report: { user: unknown; token: string | null }) => void>(),
  };
  const logic = sessionMachine.provide({
    actors: {
      loadPersisted: fromPromise(() => calls.loadPersisted()),
      refreshTokens: fromPromise(({ input }) => calls.refreshTokens(input)),
      fetchUser: fromPromise(() => calls.fetchUser()),
      logoutCall: fromPromise(() => calls.logoutCall()),
      upgradeTokens: fromPromise(() => calls.upgradeTokens()),
    },
    // The reports the app's chart acts on (the machine's own send them to its parent).
    actions: {
      persist: actions.persist,
      clearPersisted: actions.clearPersisted,
      reportCleared: actions.reportCleared,
      reportSignedOut: actions.reportSignedOut,
      reportSignedIn: ({ context }) => actions.signedIn({ user: context.user, loadBuilding: context.shouldAutoLogin }),
      reportRestoring: ({ context }) => actions.restoring({ user: context.user, token: context.token }),
    },
  });
  const actor = createActor(logic, { input: {} });
  return { actor, calls, actions };
}

/** An unsigned JWT-shaped token with these claims (the session reads, never verifies, its payload). */
const jwtOf = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

/** The params each call of a provided action received (XState calls actions with (args, params)). */
const paramsOf = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.map((call) => call[1]);

afterEach(() => {
  vi.useRealTimers();
});

describe('fromLoginPayload and isTokenExpired', () => {
  it('sets the expiry to now plus expires_in, for the access and the refresh token', () => {
    const payload = makeLoginPayload({ token: 't', expires_in: 900, refresh_token: { token: 'r', expires_in: 3600 } });
    expect(fromLoginPayload(payload, 1_000)).toEqual({
      token: 't',
      tokenExpiresAt: 1_900,
      refreshToken: { token: 'r', expiresAt: 4_600 },
      user: payload.user,
    });
  });

  it('uses the current time in seconds when no time is given', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.700Z'));
    const now = Math.floor(new Date('2030-01-01T00:00:00Z').getTime() / 1000);
    expect(fromLoginPayload(makeLoginPayload({ expires_in: 60 })).tokenExpiresAt).toBe(now + 60);
  });

  it('a token is expired at and after its expiry, not before', () => {
    expect(isTokenExpired({ tokenExpiresAt: 100 }, 99)).toBe(false);
    expect(isTokenExpired({ tokenExpiresAt: 100 }, 100)).toBe(true);
    expect(isTokenExpired({ tokenExpiresAt: 100 }, 101)).toBe(true);
    expect(isTokenExpired({ tokenExpiresAt: nowSeconds() + 60 })).toBe(false);
    expect(isTokenExpired({ tokenExpiresAt: nowSeconds() - 1 })).toBe(true);
  });
});

describe('sessionMachine: restoring', () => {
  it('with no persisted auth → signedOut, the anonymous flag user, and no user fetch', async () => {
    const { actor, calls, actions } = setupSession({ loadPersisted: async () => null });
    actor.start();
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.token).toBeNull();
    expect(snapshot.hasTag('signedOut')).toBe(true);
    expect(calls.fetchUser).not.toHaveBeenCalled();
    expect(calls.refreshTokens).not.toHaveBeenCalled();
    expect(actions.reportSignedOut).toHaveBeenCalledTimes(1);
    expect(actions.signedIn).not.toHaveBeenCalled();
    expect(actions.persist).not.toHaveBeenCalled();
  });

  it('when storage cannot be read → signedOut', async () => {
    const { actor } = setupSession({ loadPersisted: async () => Promise.reject(new Error('blocked')) });
    actor.start();
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('with a valid token → fetches the user → signedIn with the fetched user', async () => {
    const stored = makePersisted();
    const fresh = makeUser({ first_name: 'Augusta' });
    const { actor, calls, actions } = setupSession({ loadPersisted: async () => stored, fetchUser: async () => fresh });
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.refreshTokens).not.toHaveBeenCalled();
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    expect(snapshot.context).toMatchObject({
      token: 'stored-access',
      tokenExpiresAt: stored.tokenExpiresAt,
      refreshToken: stored.refreshToken,
      user: fresh,
    });
    expect(paramsOf(actions.persist)).toEqual([{ auth: { ...stored, user: fresh } }]);
    expect(actions.signedIn.mock.calls).toEqual([[{ user: fresh, loadBuilding: true }]]);
    expect(actions.reportSignedOut).not.toHaveBeenCalled();
  });

  it('tells the app the kept user while the check runs, with the kept token already usable', async () => {
    const stored = makePersisted();
    const check = deferred<SessionUser>();
    const { actor, actions } = setupSession({ loadPersisted: async () => stored, fetchUser: () => check.promise });
    actor.start();
    await waitFor(actor, (s) => s.matches({ restoring: 'loadingUser' }));
    expect(actions.restoring.mock.calls).toEqual([[{ user: stored.user, token: 'stored-access' }]]);
    expect(actions.signedIn).not.toHaveBeenCalled();
    check.resolve(makeUser());
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('with an expired token → refreshes first, then fetches the user', async () => {
    const stored = makePersisted({ tokenExpiresAt: nowSeconds() - 5 });
    const renewed = makeLoginPayload({ token: 'renewed', expires_in: 900, refresh_token: { token: 'refresh-2', expires_in: 1000 } });
    const { actor, calls } = setupSession({ loadPersisted: async () => stored, refreshTokens: async () => renewed });
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.refreshTokens).toHaveBeenCalledTimes(1);
    expect(calls.refreshTokens).toHaveBeenCalledWith({ refreshToken: 'stored-refresh' });
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    expect(calls.refreshTokens.mock.invocationCallOrder[0]!).toBeLessThan(calls.fetchUser.mock.invocationCallOrder[0]!);
    expect(snapshot.context.token).toBe('renewed');
    expect(snapshot.context.refreshToken?.token).toBe('refresh-2');
    expect(snapshot.context.tokenExpiresAt).toBeGreaterThan(nowSeconds());
  });

  it('with a kept token of an older version → upgrades it first, then fetches the user (section 4)', async () => {
    const stored = makePersisted({ token: jwtOf({ ver: 2, uid: 7 }) });
    const upgraded = makeLoginPayload({ token: jwtOf({ ver: 3, uid: 7 }) });
    const { actor, calls } = setupSession({ loadPersisted: async () => stored, upgradeTokens: async () => upgraded });
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls.upgradeTokens).toHaveBeenCalledTimes(1);
    expect(calls.upgradeTokens.mock.invocationCallOrder[0]!).toBeLessThan(calls.fetchUser.mock.invocationCallOrder[0]!);
    expect(snapshot.context.token).toBe(upgraded.token);
  });

  it('a current or unreadable token is not upgraded', async () => {
    for (const token of [jwtOf({ ver: 3 }), 'stored-access', jwtOf({ uid: 1 })]) {
      const { actor, calls } = setupSession({ loadPersisted: async () => makePersisted({ token }) });
      actor.start();
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(calls.upgradeTokens, token).not.toHaveBeenCalled();
    }
  });

  it('a failed upgrade signs out: tokens and stored auth cleared (section 8)', async () => {
    const { actor, calls, actions } = setupSession({
      loadPersisted: async () => makePersisted({ token: jwtOf({ ver: 1 }) }),
      upgradeTokens: async () => Promise.reject({ status: 401, message: 'The session has ended' }),
    });
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(calls.fetchUser).not.toHaveBeenCalled();
    expect(snapshot.context).toMatchObject({ token: null, refreshToken: null, user: null });
  });

  it('a failed refresh on restore → signedOut, tokens and stored auth cleared', async () => {
    const stored = makePersisted({ tokenExpiresAt: nowSeconds() - 5 });
    const { actor, calls, actions } = setupSession({
      loadPersisted: async () => stored,
      refreshTokens: async () => Promise.reject({ status: 401, message: 'The refresh token is not valid' }),
    });
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(calls.fetchUser).not.toHaveBeenCalled();
    expect(snapshot.context).toMatchObject({ token: null, refreshToken: null, user: null, tokenExpiresAt: 0 });
    expect(actions.persist).not.toHaveBeenCalled();
  });

  it.each([
    ['no answer (the network, or the call cancelled as the page is left or reloaded)', { status: 0, message: 'Unable to complete' }],
    ['a server error', { status: 503, message: 'Service unavailable' }],
  ])('keeps the stored session when the restore check gets %s: signed out for now, restored on the next load', async (_, error) => {
    for (const fakes of [
      { loadPersisted: async () => makePersisted(), fetchUser: async () => Promise.reject(error) },
      { loadPersisted: async () => makePersisted({ tokenExpiresAt: nowSeconds() - 5 }), refreshTokens: async () => Promise.reject(error) },
    ]) {
      const { actor, actions } = setupSession(fakes);
      actor.start();
      const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actions.clearPersisted).not.toHaveBeenCalled();
      expect(snapshot.context.token).toBeNull();
      actor.stop();
    }
  });

  it('a failed user fetch on restore → signedOut with stored auth cleared', async () => {
    const { actor, actions } = setupSession({
      loadPersisted: async () => makePersisted(),
      fetchUser: async () => Promise.reject({ status: 401, message: 'no' }),
    });
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(snapshot.context.token).toBeNull();
  });
});

async function signedInSession(fakes: Fakes = {}, payload: LoginPayload = makeLoginPayload()) {
  const session = setupSession({ loadPersisted: async () => null, ...fakes });
  session.actor.start();
  await waitFor(session.actor, (s) => s.matches('signedOut'));
  session.actor.send({ type: 'session.loggedIn', payload });
  expect(session.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  return session;
}

describe('sessionMachine: signing in', () => {
  it('session.loggedIn stores the tokens with expiry now + expires_in, persists, identifies and loads the building', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-06T07:08:09Z'));
    const now = Math.floor(Date.parse('2031-05-06T07:08:09Z') / 1000);
    const user = makeUser({ uuid: 'u-42', default_building_uuid: 'b-9' });
    const payload = makeLoginPayload({ user, token: 'tok', expires_in: 1200, refresh_token: { token: 'ref', expires_in: 7200 } });
    const { actor, actions } = await signedInSession({}, payload);

    const { context } = actor.getSnapshot();
    expect(context.tokenExpiresAt).toBe(now + 1200);
    expect(context.refreshToken).toEqual({ token: 'ref', expiresAt: now + 7200 });
    expect(context.token).toBe('tok');
    expect(context.user).toEqual(user);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(paramsOf(actions.persist)).toEqual([
      { auth: { token: 'tok', tokenExpiresAt: now + 1200, refreshToken: { token: 'ref', expiresAt: now + 7200 }, user } },
    ]);
    expect(actions.reportSignedOut).toHaveBeenCalledTimes(1);
    expect(actions.signedIn.mock.calls).toEqual([[{ user, loadBuilding: true }]]);
  });

  it('session.userUpdated replaces the user', async () => {
    const { actor } = await signedInSession();
    const updated = makeUser({ first_name: 'Grace' });
    actor.send({ type: 'session.userUpdated', user: updated });
    expect(actor.getSnapshot().context.user).toEqual(updated);
  });

  it('session.logout while signed out (a failed sign-in asked for it) clears what was kept, without a server call', async () => {
    const { actor, calls, actions } = setupSession();
    actor.start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(actions.reportCleared).toHaveBeenCalledTimes(1);
    expect(calls.logoutCall).not.toHaveBeenCalled();
  });

  it('session.authMode is kept in any state', async () => {
    const { actor } = setupSession();
    actor.start();
    actor.send({ type: 'session.authMode', mode: 'signup' });
    expect(actor.getSnapshot().context.authMode).toBe('signup');
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.authMode).toBe('signup');
  });
});

describe('sessionMachine: refresh', () => {
  it('is single-flight: three refresh requests while refreshing invoke refreshTokens once', async () => {
    const pending = deferred<LoginPayload>();
    const { actor, calls, actions } = await signedInSession({ refreshTokens: () => pending.promise });
    actions.persist.mockClear();

    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await flush();
    expect(calls.refreshTokens).toHaveBeenCalledTimes(1);
    expect(calls.refreshTokens).toHaveBeenCalledWith({ refreshToken: 'refresh-1' });

    pending.resolve(makeLoginPayload({ token: 'access-2', refresh_token: { token: 'refresh-2', expires_in: 86_400 } }));
    const snapshot = await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(snapshot.matches({ signedIn: 'active' })).toBe(true);
    expect(snapshot.context.token).toBe('access-2');
    expect(snapshot.context.refreshToken?.token).toBe('refresh-2');
    expect(calls.refreshTokens).toHaveBeenCalledTimes(1);
    expect(paramsOf(actions.persist)).toEqual([{ auth: expect.objectContaining({ token: 'access-2' }) }]);

    // Once settled, a later request refreshes again, with the rotated refresh token.
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(calls.refreshTokens).toHaveBeenCalledTimes(2);
    expect(calls.refreshTokens).toHaveBeenLastCalledWith({ refreshToken: 'refresh-2' });
  });

  it('a failed refresh → expired (session-expired modal), then user.acknowledge → signedOut', async () => {
    const { actor, actions } = await signedInSession({ refreshTokens: async () => Promise.reject({ status: 401, message: 'nope' }) });
    actions.reportSignedOut.mockClear();
    actor.send({ type: 'session.refresh' });
    const expired = await waitFor(actor, (s) => s.matches('expired'));
    expect(expired.hasTag('modal:sessionExpired')).toBe(true);
    expect(expired.context).toMatchObject({ token: null, refreshToken: null, user: null });
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(actions.reportCleared).toHaveBeenCalledTimes(1);

    actor.send({ type: 'user.acknowledge' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('modal:sessionExpired')).toBe(false);
    expect(actions.reportSignedOut).toHaveBeenCalledTimes(1);
  });

  it('with an expired refresh token → expired without calling the server', async () => {
    const payload = makeLoginPayload({ refresh_token: { token: 'r', expires_in: 0 } });
    const { actor, calls } = await signedInSession({}, payload);
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    expect(calls.refreshTokens).not.toHaveBeenCalled();
  });
});

describe('sessionMachine: logout', () => {
  it.each([
    ['succeeds', async () => {}],
    ['fails', async () => Promise.reject({ status: 500, message: 'down' })],
  ] as const)('when the logout call %s → signingOut → signedOut, everything cleared', async (_label, logoutCall) => {
    const pending = deferred<void>();
    const { actor, calls, actions } = await signedInSession({
      logoutCall: async () => {
        await pending.promise;
        return logoutCall();
      },
    });
    actions.reportSignedOut.mockClear();

    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('signingOut')).toBe(true);
    pending.resolve();

    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    expect(snapshot.context).toMatchObject({ token: null, refreshToken: null, user: null, tokenExpiresAt: 0 });
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(actions.reportCleared).toHaveBeenCalledTimes(1);
    expect(actions.reportSignedOut).toHaveBeenCalledTimes(1);
  });

  it('while a kept session is being checked (its building already loading) → signingOut → signedOut, as after a sign-in', async () => {
    const check = deferred<SessionUser>();
    const { actor, calls, actions } = setupSession({ loadPersisted: async () => makePersisted(), fetchUser: () => check.promise });
    actor.start();
    await waitFor(actor, (s) => s.matches({ restoring: 'loadingUser' }));

    // The building list was refused before the user check answered (specification section 8).
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    expect(snapshot.context).toMatchObject({ token: null, refreshToken: null, user: null, tokenExpiresAt: 0 });
    expect(actions.clearPersisted).toHaveBeenCalledTimes(1);
    expect(actions.reportCleared).toHaveBeenCalledTimes(1);
    expect(actions.reportSignedOut).toHaveBeenCalledTimes(1);
    // The check answering late changes nothing: its call was stopped with the state.
    check.resolve(makeUser());
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actions.signedIn).not.toHaveBeenCalled();
  });

  it('is ignored when no session is held (signed out, or nothing kept read yet)', async () => {
    const stored = deferred<PersistedAuth | null>();
    const { actor, calls } = setupSession({ loadPersisted: () => stored.promise });
    actor.start();
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches({ restoring: 'reading' })).toBe(true);
    stored.resolve(null);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(calls.logoutCall).not.toHaveBeenCalled();
  });
});
