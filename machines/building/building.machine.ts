import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../src/api/schema';

export type Building = components['schemas']['Building'];
export type BuildingTheme = components['schemas']['BuildingTheme'];

export const BUILDING_ID = 'building';

export interface BuildingContext {
  buildings: Building[];
  current: Building | null;
  theme: BuildingTheme | null;
  defaultBuildingUuid: string | null;
  error: { status: number; message: string } | null;
}

export type BuildingEvent = { type: 'building.load'; defaultBuildingUuid: string | null } | { type: 'building.clear' } | { type: 'user.retry' };

/** Picks the current building: the user's default building, else the first. */
export function pickBuilding(buildings: Building[], defaultUuid: string | null): Building | null {
  return buildings.find((b) => b.uuid === defaultUuid) ?? buildings[0] ?? null;
}

/** The user's buildings and the current one: load the list, pick, load that building, then its theme. */
export const buildingMachine = setup({
  types: { context: {} as BuildingContext, events: {} as BuildingEvent },
  actors: {
    loadBuildings: fromPromise<Building[], void>(() => Promise.reject(new Error('loadBuildings is not provided'))),
    loadBuilding: fromPromise<Building, { uuid: string }>(() => Promise.reject(new Error('loadBuilding is not provided'))),
    loadTheme: fromPromise<BuildingTheme, { uuid: string }>(() => Promise.reject(new Error('loadTheme is not provided'))),
  },
  guards: {
    hasBuilding: ({ context }) => context.current !== null,
  },
}).createMachine({
  id: BUILDING_ID,
  context: { buildings: [], current: null, theme: null, defaultBuildingUuid: null, error: null },
  initial: 'idle',
  on: {
    'building.load': { target: '.loadingList', actions: assign({ defaultBuildingUuid: ({ event }) => event.defaultBuildingUuid, error: null }) },
    'building.clear': { target: '.idle', actions: assign({ buildings: [], current: null, theme: null, error: null }) },
  },
  states: {
    idle: {},
    loadingList: {
      tags: ['loading'],
      invoke: {
        src: 'loadBuildings',
        onDone: {
          target: 'picking',
          actions: assign(({ context, event }) => ({ buildings: event.output, current: pickBuilding(event.output, context.defaultBuildingUuid) })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toError(event.error) }) },
      },
    },
    picking: { always: [{ guard: 'hasBuilding', target: 'loadingBuilding' }, { target: 'noBuilding' }] },
    loadingBuilding: {
      tags: ['loading'],
      invoke: {
        src: 'loadBuilding',
        input: ({ context }) => ({ uuid: context.current!.uuid }),
        onDone: { target: 'loadingTheme', actions: assign({ current: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toError(event.error) }) },
      },
    },
    loadingTheme: {
      tags: ['loading'],
      invoke: {
        src: 'loadTheme',
        input: ({ context }) => ({ uuid: context.current!.uuid }),
        onDone: { target: 'ready', actions: assign({ theme: ({ event }) => event.output }) },
        // A building without a theme still works with the brand's look.
        onError: { target: 'ready' },
      },
    },
    ready: { tags: ['ready'] },
    noBuilding: { description: 'The user belongs to no building.' },
    failed: { on: { 'user.retry': { target: 'loadingList', actions: assign({ error: null }) } } },
  },
});

function toError(error: unknown) {
  const e = error as { status?: number; message?: string } | undefined;
  return { status: e?.status ?? 0, message: e?.message ?? 'Unable to complete at this moment. Please try again later.' };
}
