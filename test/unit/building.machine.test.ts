import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buildingMachine, pickBuilding, type Building, type BuildingTheme } from '../../machines/building/building.machine';
import { deferred } from '../fixtures/async';
import { makeBuilding, makeTheme } from '../fixtures/buildings';

interface Fakes {
  loadBuildings?: () => Promise<Building[]>;
  loadBuilding?: (input: { uuid: string }) => Promise<Building>;
  loadTheme?: (input: { uuid: string }) => Promise<BuildingTheme>;
}

function setupBuilding(fakes: Fakes = {}) {
  const calls = {
    loadBuildings: vi.fn(fakes.loadBuildings ?? (async () => [makeBuilding('b-1'), makeBuilding('b-2')])),
    loadBuilding: vi.fn(fakes.loadBuilding ?? (async ({ uuid }: { uuid: string }) => makeBuilding(uuid, { name: `Full ${uuid}` }))),
    loadTheme: vi.fn(fakes.loadTheme ?? (async (_input: { uuid: string }) => makeTheme())),
  };
  const spies = { logOut: vi.fn(), reportFailure: vi.fn() };
  const actor = createActor(
    buildingMachine.provide({
      actors: {
        loadBuildings: fromPromise(() => calls.loadBuildings()),
        loadBuilding: fromPromise(({ input }) => calls.loadBuilding(input)),
        loadTheme: fromPromise(({ input }) => calls.loadTheme(input)),
      },
      actions: { logOut: spies.logOut, reportFailure: spies.reportFailure },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, calls, spies };
}

describe('pickBuilding', () => {
  const list = [makeBuilding('b-1'), makeBuilding('b-2'), makeBuilding('b-3')];

  it('picks the default building when the user has one in the list', () => {
    expect(pickBuilding(list, 'b-3')?.uuid).toBe('b-3');
  });

  it('falls back to the first when the default is unknown or missing', () => {
    expect(pickBuilding(list, 'b-unknown')?.uuid).toBe('b-1');
    expect(pickBuilding(list, null)?.uuid).toBe('b-1');
  });

  it('is null for no buildings', () => {
    expect(pickBuilding([], 'b-1')).toBeNull();
    expect(pickBuilding([], null)).toBeNull();
  });
});

describe('buildingMachine', () => {
  it('waits idle until asked', () => {
    const { actor, calls } = setupBuilding();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.loadBuildings).not.toHaveBeenCalled();
  });

  it('loads the list and, beside it, the default building’s detail, theme and permissions → ready', async () => {
    const list = deferred<Building[]>();
    const one = deferred<Building>();
    const theme = deferred<BuildingTheme>();
    const { actor, calls } = setupBuilding({ loadBuildings: () => list.promise, loadBuilding: () => one.promise, loadTheme: () => theme.promise });

    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    // Nothing waits for the list: the default building is the likely one.
    expect(calls.loadBuildings).toHaveBeenCalledOnce();
    expect(calls.loadBuilding).toHaveBeenCalledWith({ uuid: 'b-2' });
    expect(calls.loadTheme).toHaveBeenCalledWith({ uuid: 'b-2' });

    const loadedTheme = makeTheme({ primary_color: '#abcdef' });
    theme.resolve(loadedTheme);
    const full = makeBuilding('b-2', { name: 'Tower Two', languages: [{ code: 'en', name: 'English', priority: 0 }] });
    one.resolve(full);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not ready until the list confirms the building is the person's.
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);

    list.resolve([makeBuilding('b-1'), makeBuilding('b-2')]);
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.hasTag('ready')).toBe(true);
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.context.buildings.map((b) => b.uuid)).toEqual(['b-1', 'b-2']);
    expect(snapshot.context.current).toEqual(full);
    expect(snapshot.context.theme).toEqual(loadedTheme);
    expect(snapshot.context.defaultBuildingUuid).toBe('b-2');
    expect(snapshot.context.error).toBeNull();
    expect(calls.loadBuilding).toHaveBeenCalledOnce();
  });

  it('a guess the list does not confirm (a kept building no longer theirs) is dropped, and the default loads', async () => {
    const { actor, calls, spies } = setupBuilding({
      loadBuilding: async ({ uuid }) => {
        if (uuid === 'b-gone') throw { status: 403, message: 'Not your building' };
        return makeBuilding(uuid, { name: `Full ${uuid}` });
      },
    });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2', preferredUuid: 'b-gone' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.current?.name).toBe('Full b-2');
    expect(calls.loadBuilding.mock.calls.map(([input]) => input.uuid)).toEqual(['b-gone', 'b-2']);
    expect(spies.reportFailure).not.toHaveBeenCalled();
  });

  it('the same request again (the restored session confirmed) loads nothing twice', async () => {
    const { actor, calls } = setupBuilding();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2', preferredUuid: null });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2', preferredUuid: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.loadBuildings).toHaveBeenCalledOnce();
    expect(calls.loadBuilding).toHaveBeenCalledOnce();
    // The building that became ready, asked for as the preferred one, is no new request either.
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2', preferredUuid: 'b-2' });
    expect(calls.loadBuildings).toHaveBeenCalledOnce();
    // Another default (another person, or a changed profile) loads again.
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.current?.uuid === 'b-1');
    expect(calls.loadBuildings).toHaveBeenCalledTimes(2);
  });

  it('picks the first building when there is no default', async () => {
    const { actor, calls } = setupBuilding();
    actor.send({ type: 'building.load', defaultBuildingUuid: null });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.loadBuilding).toHaveBeenCalledWith({ uuid: 'b-1' });
    expect(actor.getSnapshot().context.current?.name).toBe('Full b-1');
  });

  it('a theme failure still reaches ready, without a theme', async () => {
    const { actor } = setupBuilding({ loadTheme: async () => Promise.reject({ status: 404, message: 'no theme' }) });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.theme).toBeNull();
    expect(snapshot.context.current?.uuid).toBe('b-1');
    expect(snapshot.context.error).toBeNull();
  });

  it('a list failure → listFailed and the session is logged out (section 8), with no global error', async () => {
    const { actor, calls, spies } = setupBuilding({
      loadBuildings: async () => {
        throw { status: 503, message: 'Service unavailable' };
      },
    });
    actor.send({ type: 'building.load', defaultBuildingUuid: null });
    const failed = await waitFor(actor, (s) => s.matches('listFailed'));
    expect(failed.context.error).toEqual({ status: 503, message: 'Service unavailable' });
    expect(spies.logOut).toHaveBeenCalledTimes(1);
    expect(spies.reportFailure).not.toHaveBeenCalled();
    expect(calls.loadBuilding).not.toHaveBeenCalled();
    // Signing in again starts over.
    actor.send({ type: 'building.clear' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a list that got no answer (offline, or cancelled as the page is left) → failed with a retry, not a sign-out', async () => {
    let attempt = 0;
    const { actor, spies } = setupBuilding({
      loadBuildings: async () => {
        attempt += 1;
        if (attempt === 1) throw { status: 0, message: 'Failed to fetch' };
        return [makeBuilding('b-1')];
      },
    });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ status: 0, message: 'Failed to fetch' });
    expect(spies.logOut).not.toHaveBeenCalled();
    expect(spies.reportFailure).toHaveBeenCalledOnce();
    actor.send({ type: 'user.retry' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.current?.uuid).toBe('b-1');
  });

  it('a building failure → failed with the error and the global error; user.retry loads that building again', async () => {
    let attempt = 0;
    const { actor, calls, spies } = setupBuilding({
      loadBuilding: async ({ uuid }) => {
        attempt += 1;
        if (attempt === 1) throw { status: 503, message: 'Service unavailable' };
        return makeBuilding(uuid);
      },
    });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ status: 503, message: 'Service unavailable' });
    expect(spies.reportFailure).toHaveBeenCalledWith(expect.anything(), { status: 503, message: 'Service unavailable' });
    expect(spies.logOut).not.toHaveBeenCalled();

    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.loadBuildings).toHaveBeenCalledTimes(1);
    expect(calls.loadBuilding).toHaveBeenCalledTimes(2);
    expect(ready.context.current?.uuid).toBe('b-2');
  });

  it('a failure without status or message gets status 0 and the generic message', async () => {
    const { actor } = setupBuilding({ loadBuilding: async () => Promise.reject('offline') });
    actor.send({ type: 'building.load', defaultBuildingUuid: null });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ status: 0, message: 'Unable to complete at this moment. Please try again later.' });
  });

  it('a building failure → failed, the list’s entry standing for it', async () => {
    const { actor } = setupBuilding({ loadBuilding: async () => Promise.reject({ status: 403, message: 'Not your building' }) });
    actor.send({ type: 'building.load', defaultBuildingUuid: null });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ status: 403, message: 'Not your building' });
    expect(failed.context.current?.uuid).toBe('b-1');
  });

  it('no buildings → noBuilding (the default’s detail was asked for beside the list, and is not shown)', async () => {
    const { actor, calls } = setupBuilding({ loadBuildings: async () => [] });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    const snapshot = await waitFor(actor, (s) => s.matches('noBuilding'));
    expect(snapshot.context.current).toBeNull();
    expect(calls.loadBuilding).toHaveBeenCalledWith({ uuid: 'b-1' });
  });

  it('a new request while loading starts over for it, and the old answers are not used', async () => {
    const first = deferred<Building[]>();
    let lists = 0;
    const { actor, calls } = setupBuilding({
      loadBuildings: () => {
        lists += 1;
        return lists === 1 ? first.promise : Promise.resolve([makeBuilding('b-1'), makeBuilding('b-3')]);
      },
    });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-3' });
    first.resolve([makeBuilding('b-1')]);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.current?.uuid).toBe('b-3');
    expect(ready.context.buildings.map((b) => b.uuid)).toEqual(['b-1', 'b-3']);
    expect(calls.loadBuildings).toHaveBeenCalledTimes(2);
  });

  it('building.clear empties everything and returns to idle', async () => {
    const { actor } = setupBuilding();
    actor.send({ type: 'building.load', defaultBuildingUuid: null });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'building.clear' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('idle')).toBe(true);
    expect(snapshot.context).toMatchObject({ buildings: [], current: null, theme: null, error: null });
  });

  it('building.clear while idle keeps the building kept for the next visit', () => {
    const buildingCleared = vi.fn();
    const actor = createActor(buildingMachine.provide({ actions: { buildingCleared } }), { input: {} }).start();
    actor.send({ type: 'building.clear' });
    expect(buildingCleared).not.toHaveBeenCalled();
  });

  it('building.clear after a failure closes the global error it raised', async () => {
    const reportRecovered = vi.fn();
    const actor = createActor(
      buildingMachine.provide({
        actors: {
          loadBuildings: fromPromise(async () => [makeBuilding('b-1')]),
          loadBuilding: fromPromise(() => Promise.reject({ status: 401, message: 'Sign-in is required' })),
          loadTheme: fromPromise(async () => makeTheme()),
        },
        actions: { reportRecovered, reportFailure: () => {} },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'building.clear' });
    expect(reportRecovered).toHaveBeenCalledOnce();
  });
});
