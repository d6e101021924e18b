import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buildingMachine, canSeeAdminLink, pickBuilding, type Building } from '../../machines/building/building.machine';
import { makeBuilding, makeTheme } from '../fixtures/buildings';

const LIST = [makeBuilding('b-1'), makeBuilding('b-2'), makeBuilding('b-3')];

function start(options: { permissions?: (uuid: string) => Promise<string[]> } = {}) {
  const buildingReady = vi.fn();
  const buildingCleared = vi.fn();
  const loadBuilding = vi.fn(async ({ uuid }: { uuid: string }) => makeBuilding(uuid, { name: `Full ${uuid}` }));
  const loadTheme = vi.fn(async () => makeTheme());
  const loadPermissions = vi.fn(options.permissions ?? (async () => ['can-see-admin-ui-link']));
  const actor = createActor(
    buildingMachine.provide({
      actors: {
        loadBuildings: fromPromise(async () => LIST),
        loadBuilding: fromPromise(({ input }) => loadBuilding(input)),
        loadTheme: fromPromise(() => loadTheme()),
        loadPermissions: fromPromise(({ input }) => loadPermissions(input.uuid)),
      },
      actions: {
        // What the app hears: the ready building, its theme, and whether a switch chose it.
        reportReady: ({ context }) => buildingReady({ building: context.current, theme: context.theme, switched: context.switched }),
        buildingCleared: () => buildingCleared(),
      },
    }),
    { input: {} },
  ).start();
  return { actor, buildingReady, buildingCleared, loadBuilding, loadPermissions };
}

const readyOn = (actor: ReturnType<typeof start>['actor'], uuid: string) =>
  waitFor(actor, (s) => s.matches('ready') && s.context.current?.uuid === uuid);

describe('pickBuilding with a preferred building', () => {
  it('prefers the address or last visit, then the default, then the first', () => {
    expect(pickBuilding(LIST, 'b-2', 'b-3')?.uuid).toBe('b-3');
    expect(pickBuilding(LIST, 'b-2', 'b-unknown')?.uuid).toBe('b-2');
    expect(pickBuilding(LIST, null, null)?.uuid).toBe('b-1');
  });
});

describe('switching building', () => {
  it('loads the preferred building on the first load and reports it ready, not switched', async () => {
    const { actor, buildingReady } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1', preferredUuid: 'b-2' });
    await readyOn(actor, 'b-2');
    expect(buildingReady).toHaveBeenCalledWith({
      building: expect.objectContaining({ uuid: 'b-2', name: 'Full b-2' }),
      theme: makeTheme(),
      switched: false,
    });
  });

  it('a select of another building clears the old theme, loads the new one and reports a switch', async () => {
    const { actor, buildingReady, loadBuilding } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await readyOn(actor, 'b-1');
    actor.send({ type: 'building.select', uuid: 'b-3' });
    expect(actor.getSnapshot().context.theme).toBeNull();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await readyOn(actor, 'b-3');
    expect(loadBuilding).toHaveBeenLastCalledWith({ uuid: 'b-3' });
    expect(buildingReady).toHaveBeenLastCalledWith(expect.objectContaining({ building: expect.objectContaining({ uuid: 'b-3' }), switched: true }));
  });

  it('an unknown uuid falls back to the default building', async () => {
    const { actor } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2' });
    await readyOn(actor, 'b-2');
    actor.send({ type: 'building.select', uuid: 'b-3' });
    await readyOn(actor, 'b-3');
    actor.send({ type: 'building.select', uuid: 'no-such-building' });
    await readyOn(actor, 'b-2');
    expect(actor.getSnapshot().context.switched).toBe(true);
  });

  it('selecting the current building does nothing', async () => {
    const { actor, loadBuilding } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await readyOn(actor, 'b-1');
    const calls = loadBuilding.mock.calls.length;
    actor.send({ type: 'building.select', uuid: 'b-1' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(loadBuilding.mock.calls.length).toBe(calls);
  });

  it('a select while the list is loading becomes the preferred building', async () => {
    const { actor } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    actor.send({ type: 'building.select', uuid: 'b-3' });
    await readyOn(actor, 'b-3');
  });

  it('keeps the permissions per building and answers canSeeAdminLink for the current one', async () => {
    const { actor } = start({ permissions: async (uuid) => (uuid === 'b-1' ? ['can-see-admin-ui-link'] : []) });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await readyOn(actor, 'b-1');
    expect(canSeeAdminLink(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'building.select', uuid: 'b-2' });
    await readyOn(actor, 'b-2');
    expect(canSeeAdminLink(actor.getSnapshot().context)).toBe(false);
    expect(actor.getSnapshot().context.permissions).toEqual({ 'b-1': ['can-see-admin-ui-link'], 'b-2': [] });
  });

  it('a permissions failure leaves the admin link hidden and the building ready', async () => {
    const { actor } = start({ permissions: () => Promise.reject({ status: 500 }) });
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await readyOn(actor, 'b-1');
    expect(canSeeAdminLink(actor.getSnapshot().context)).toBe(false);
  });

  it('building.reload loads the same building again (a new language), not as a switch', async () => {
    const { actor, loadBuilding, buildingReady } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2' });
    await readyOn(actor, 'b-2');
    const calls = loadBuilding.mock.calls.length;
    actor.send({ type: 'building.reload' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await readyOn(actor, 'b-2');
    expect(loadBuilding.mock.calls.length).toBe(calls + 1);
    expect(buildingReady).toHaveBeenLastCalledWith(expect.objectContaining({ switched: false }));
  });

  it('a new language while the building loads starts the load again', async () => {
    const { actor, loadBuilding } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-2' });
    await waitFor(actor, (s) => s.matches({ loading: { detail: 'fetching' } }));
    const calls = loadBuilding.mock.calls.length;
    actor.send({ type: 'building.reload' });
    await readyOn(actor, 'b-2');
    expect(loadBuilding.mock.calls.length).toBeGreaterThan(calls);
  });

  it('building.clear reports the building gone', async () => {
    const { actor, buildingCleared } = start();
    actor.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    await readyOn(actor, 'b-1');
    actor.send({ type: 'building.clear' });
    expect(buildingCleared).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context).toMatchObject({ current: null, permissions: {}, buildings: [] as Building[] });
  });
});
