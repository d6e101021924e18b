import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { appMachine, type Whitelabel } from '../../machines/app/app.machine';
import { sessionMachine, SESSION_ID } from '../../machines/session/session.machine';
import { flagsMachine } from '../../machines/flags/flags.machine';
import { buildingMachine } from '../../machines/building/building.machine';
import { localeMachine } from '../../machines/locale/locale.machine';
import type { FlagValues } from '../../contracts/flags';
import type { PersistedAuth, SessionUser } from '../../machines/session/session.types';
import type { Building } from '../../machines/building/building.machine';
import type { Farm } from '../../machines/farm/farmSelector.types';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { makeLoginPayload, makePersisted, makeUser } from '../fixtures/people';

const whitelabel: Whitelabel = {
  brand: 'acme',
  name: 'Acme Tower',
  uuid: 'wl-1',
  logoUrl: null,
  logoDarkUrl: null,
  primaryColor: '#257BAD',
  secondaryColor: '#7C7933',
  language: 'en',
  helpDeskEmail: 'help@acme.test',
  isAvatarVisible: true,
};

/** The session's and the building's calls a test answers itself (otherwise they are not used), and a farm in use. */
interface SessionFakes {
  farm?: Farm;
  fetchUser?: () => Promise<SessionUser>;
  loadBuildings?: () => Promise<Building[]>;
  logoutCall?: () => Promise<void>;
}

/** Every start-up load held open by a deferred the test settles, and a spy on each. */
function setupApp(requestedLocale: string | null = 'de-DE', route?: () => Promise<void>, fakes: SessionFakes = {}) {
  const d = {
    whitelabel: [] as Deferred<Whitelabel>[],
    health: [] as Deferred<void>[],
    persisted: deferred<PersistedAuth | null>(),
    flags: deferred<Partial<FlagValues>>(),
    locale: deferred<{ locale: string; messages: Record<string, string> }>(),
  };
  const spies = {
    loadWhitelabel: vi.fn(() => {
      const next = deferred<Whitelabel>();
      d.whitelabel.push(next);
      return next.promise;
    }),
    healthCheck: vi.fn(() => {
      const next = deferred<void>();
      d.health.push(next);
      return next.promise;
    }),
    loadPersisted: vi.fn(() => d.persisted.promise),
    loadFlags: vi.fn(() => d.flags.promise),
    loadCatalogue: vi.fn((_input: { requested: string | null }) => d.locale.promise),
    applyWhitelabel: vi.fn(),
    logoutCall: vi.fn(fakes.logoutCall ?? (async () => {})),
    persistFarm: vi.fn<(params: { farm: Farm | null }) => void>(),
  };
  const logic = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          loadPersisted: fromPromise(() => spies.loadPersisted()),
          refreshTokens: fromPromise(() => Promise.reject(new Error('not used'))),
          fetchUser: fromPromise(fakes.fetchUser ?? (() => Promise.reject(new Error('not used')))),
          logoutCall: fromPromise(() => spies.logoutCall()),
        },
      }),
      flags: flagsMachine.provide({ actors: { loadFlags: fromPromise(() => spies.loadFlags()) } }),
      building: fakes.loadBuildings ? buildingMachine.provide({ actors: { loadBuildings: fromPromise(fakes.loadBuildings) } }) : buildingMachine,
      locale: localeMachine.provide({ actors: { loadCatalogue: fromPromise(({ input }) => spies.loadCatalogue(input)) } }),
      loadWhitelabel: fromPromise(() => spies.loadWhitelabel()),
      healthCheck: fromPromise(() => spies.healthCheck()),
      ...(route ? { resolveRoute: fromPromise(route) } : {}),
    },
    actions: { applyWhitelabel: spies.applyWhitelabel, persistFarm: (_, params) => spies.persistFarm(params) },
  });
  const actor = createActor(logic, { input: { requestedLocale, farm: fakes.farm ?? null } });
  return { actor, d, spies };
}

const regionsDone = (actor: ReturnType<typeof setupApp>['actor']) => {
  const value = actor.getSnapshot().value;
  if (typeof value === 'string') return value;
  const starting = (value as { starting: Record<string, string> }).starting;
  return Object.fromEntries(Object.entries(starting).map(([region, state]) => [region, state === 'done']));
};

describe('appMachine start-up', () => {
  it('starts every load at once, before any of them answers', async () => {
    const { actor, spies } = setupApp();
    actor.start();
    // The runtime configuration comes first (it names the API); the loads wait for it.
    expect(actor.getSnapshot().matches('configuring')).toBe(true);
    expect(spies.loadWhitelabel).not.toHaveBeenCalled();
    await flush();
    // Then every load is asked for at once, while all of them are still pending.
    expect(spies.loadWhitelabel).toHaveBeenCalledTimes(1);
    expect(spies.healthCheck).toHaveBeenCalledTimes(1);
    expect(spies.loadPersisted).toHaveBeenCalledTimes(1);
    expect(spies.loadFlags).toHaveBeenCalledTimes(1);
    expect(spies.loadCatalogue).toHaveBeenCalledWith({ requested: 'de-DE' });
    expect(actor.getSnapshot().hasTag('starting')).toBe(true);
    expect(regionsDone(actor)).toEqual({ whitelabel: false, webView: true, health: false, flags: false, user: false, locale: false });
  });

  it('stays starting until whitelabel, health, flags, user and locale are all done', async () => {
    const { actor, d, spies } = setupApp();
    actor.start();
    await flush();

    d.whitelabel[0]!.resolve(whitelabel);
    await flush();
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(regionsDone(actor)).toEqual({ whitelabel: true, webView: true, health: false, flags: false, user: false, locale: false });
    expect(spies.applyWhitelabel).toHaveBeenCalledTimes(1);
    expect(spies.applyWhitelabel.mock.calls[0]![1]).toEqual({ whitelabel });
    expect(actor.getSnapshot().context.whitelabel).toEqual(whitelabel);

    d.health[0]!.resolve();
    await flush();
    expect(regionsDone(actor)).toEqual({ whitelabel: true, webView: true, health: true, flags: false, user: false, locale: false });

    d.flags.resolve({});
    await flush();
    expect(regionsDone(actor)).toEqual({ whitelabel: true, webView: true, health: true, flags: true, user: false, locale: false });

    d.locale.resolve({ locale: 'de-DE', messages: { hello: 'Hallo' } });
    await flush();
    expect(regionsDone(actor)).toEqual({ whitelabel: true, webView: true, health: true, flags: true, user: false, locale: true });
    // The session is still restoring: the spinner stays.
    expect(actor.getSnapshot().hasTag('starting')).toBe(true);

    d.persisted.resolve(null);
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.hasTag('ready')).toBe(true);
    expect(snapshot.hasTag('starting')).toBe(false);
  });

  it('resolves the route once the others are done, and shows the app only then; a failing route still shows it', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const route = deferred<void>();
      const resolveRoute = vi.fn(() => route.promise);
      const { actor, d } = setupApp('en', resolveRoute);
      actor.start();
      await flush();
      d.whitelabel[0]!.resolve(whitelabel);
      d.health[0]!.resolve();
      d.flags.resolve({});
      d.locale.resolve({ locale: 'en', messages: {} });
      await flush();
      // The routes read the session: the router is not asked while it is still restoring.
      expect(resolveRoute).not.toHaveBeenCalled();
      d.persisted.resolve(null);
      await waitFor(actor, (s) => s.matches('routing'));
      expect(resolveRoute).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().hasTag('starting')).toBe(true);
      if (outcome === 'resolve') route.resolve();
      else route.reject(new Error('a route failed'));
      const snapshot = await waitFor(actor, (s) => s.matches('ready'));
      expect(snapshot.hasTag('starting'), outcome).toBe(false);
    }
  });

  it('finishes in any order (user first, whitelabel last)', async () => {
    const { actor, d } = setupApp();
    actor.start();
    d.persisted.resolve(null);
    d.locale.resolve({ locale: 'en', messages: {} });
    d.flags.resolve({});
    await flush();
    d.health[0]!.resolve();
    await flush();
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    d.whitelabel[0]!.resolve(whitelabel);
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('a health check failure → unavailable; user.retry starts again and reaches ready', async () => {
    const { actor, d, spies } = setupApp();
    actor.start();
    await flush();
    d.persisted.resolve(null);
    d.flags.resolve({});
    d.locale.resolve({ locale: 'en', messages: {} });
    d.health[0]!.reject({ status: 503, message: 'down' });
    const unavailable = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(unavailable.hasTag('unavailable')).toBe(true);
    expect(unavailable.context.error).toEqual({ status: 503, message: 'health check failed' });

    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    await flush();
    expect(spies.healthCheck).toHaveBeenCalledTimes(2);
    expect(spies.loadWhitelabel).toHaveBeenCalledTimes(2);

    d.whitelabel[1]!.resolve(whitelabel);
    d.health[1]!.resolve();
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('an unreachable farm → unavailable, with a way back: user.useDefaultFarm forgets the farm and starts again', async () => {
    const farm: Farm = { uuid: 'custom', description: 'https://farm.invalid', url: 'https://farm.invalid' };
    const { actor, d, spies } = setupApp('en', undefined, { farm });
    actor.start();
    await flush();
    d.persisted.resolve(null);
    d.flags.resolve({});
    d.locale.resolve({ locale: 'en', messages: {} });
    d.health[0]!.reject({ status: 0, message: 'Failed to fetch' });
    const unavailable = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(unavailable.can({ type: 'user.useDefaultFarm' })).toBe(true);

    actor.send({ type: 'user.useDefaultFarm' });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ farm: null, error: null });
    expect(spies.persistFarm).toHaveBeenCalledWith({ farm: null });
    await flush();
    // The health check asks again (now the default API's), and start-up goes on.
    expect(spies.healthCheck).toHaveBeenCalledTimes(2);
    d.whitelabel[1]!.resolve(whitelabel);
    d.health[1]!.resolve();
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('with the default API unreachable there is no farm to leave: only the retry is offered', async () => {
    const { actor, d, spies } = setupApp('en');
    actor.start();
    await flush();
    d.health[0]!.reject({ status: 503, message: 'down' });
    const unavailable = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(unavailable.can({ type: 'user.useDefaultFarm' })).toBe(false);
    expect(unavailable.can({ type: 'user.retry' })).toBe(true);
    actor.send({ type: 'user.useDefaultFarm' });
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(spies.persistFarm).not.toHaveBeenCalled();
  });

  it('a white-label failure still reaches ready, with no white-label applied', async () => {
    const { actor, d, spies } = setupApp();
    actor.start();
    await flush();
    d.whitelabel[0]!.reject(new Error('white-label service down'));
    d.health[0]!.resolve();
    d.persisted.resolve(null);
    d.flags.resolve({});
    d.locale.resolve({ locale: 'en', messages: {} });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.whitelabel).toBeNull();
    expect(spies.applyWhitelabel).not.toHaveBeenCalled();
  });

  it('flag and catalogue failures do not block the start', async () => {
    const { actor, d } = setupApp();
    actor.start();
    await flush();
    d.whitelabel[0]!.resolve(whitelabel);
    d.health[0]!.resolve();
    d.persisted.resolve(null);
    d.flags.reject(new Error('flags down'));
    d.locale.reject(new Error('chunk failed'));
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe('appMachine: a building list the server refuses (access document section 8)', () => {
  const refused = () => Promise.reject({ status: 500, message: 'Internal Server Error' });

  /** Lets start-up finish (the session's part is the test's), and records every state the session goes through. */
  async function startWith(setup: ReturnType<typeof setupApp>) {
    const { actor, d } = setup;
    actor.start();
    const session = actor.system.get(SESSION_ID) as ActorRefFrom<typeof sessionMachine>;
    const seen: string[] = [];
    session.subscribe((s) => seen.push(JSON.stringify(s.value)));
    await flush();
    d.whitelabel[0]!.resolve(whitelabel);
    d.health[0]!.resolve();
    d.flags.resolve({});
    d.locale.resolve({ locale: 'en', messages: {} });
    return { session, seen };
  }

  it('after a fresh sign-in: the session is logged out (the server told) and nobody stays signed in', async () => {
    const setup = setupApp('en', undefined, { loadBuildings: refused });
    const { session, seen } = await startWith(setup);
    setup.d.persisted.resolve(null);
    await waitFor(setup.actor, (s) => s.matches('ready'));
    session.send({ type: 'session.loggedIn', payload: makeLoginPayload() });
    await waitFor(session, (s) => s.matches('signedOut') && seen.includes('"signingOut"'));
    expect(setup.spies.logoutCall).toHaveBeenCalledTimes(1);
    expect(setup.actor.getSnapshot().context.user).toBeNull();
    expect(setup.actor.system.get('building')!.getSnapshot().value).toBe('idle');
  });

  it('on a reload, when the list is refused before the kept user is checked: the same way out, not a blank home', async () => {
    const check = deferred<SessionUser>();
    const setup = setupApp('en', undefined, { loadBuildings: refused, fetchUser: () => check.promise });
    const { session, seen } = await startWith(setup);
    setup.d.persisted.resolve(makePersisted());
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(seen).toContain('"signingOut"');
    expect(setup.spies.logoutCall).toHaveBeenCalledTimes(1);
    // The user check answering late signs nobody in.
    check.resolve(makeUser());
    const app = await waitFor(setup.actor, (s) => s.matches('ready'));
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(app.context.user).toBeNull();
    expect(setup.actor.system.get('building')!.getSnapshot().value).toBe('idle');
  });
});
