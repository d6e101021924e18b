import { assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { globalErrorOrSelf, parentOrSelf } from '../shared/reports';
import type { components } from '../../contracts/api';
import type { ErrorRaisedEvent, ErrorResolvedEvent } from '../globalError/globalError.types';
import { SESSION_ID } from '../session/session.machine';
import type { SessionEvent } from '../session/session.types';

export type Building = components['schemas']['Building'];
export type BuildingTheme = components['schemas']['BuildingTheme'];

export const BUILDING_ID = 'building';
/** The global error modal's name for a failed building load. */
export const BUILDING_LOAD = 'building.load';
export const ADMIN_LINK_PERMISSION = 'can-see-admin-ui-link';

export interface LoadError {
  status: number;
  message: string;
}

export interface BuildingContext {
  buildings: Building[];
  current: Building | null;
  theme: BuildingTheme | null;
  defaultBuildingUuid: string | null;
  /** A building asked for by the address (/building/{uuid}) or kept from the last visit; wins over the default. */
  preferredUuid: string | null;
  /** Permissions of the signed-in user per building uuid. */
  permissions: Record<string, string[]>;
  /** True while the current building was chosen by a switch rather than by the first load. */
  switched: boolean;
  error: { status: number; message: string } | null;
}

export type BuildingEvent =
  | { type: 'building.load'; defaultBuildingUuid: string | null; preferredUuid?: string | null }
  | { type: 'building.select'; uuid: string }
  | { type: 'building.reload' }
  | { type: 'building.clear' }
  | { type: 'user.retry' };

/** What the building tells the app (its parent): the app resets the language after a switch and restarts screens. */
export type BuildingReport = { type: 'building.ready'; building: Building; switched: boolean } | { type: 'building.cleared' };

/** What the page shows of a ready building: its look comes from its theme. */
export interface BuildingLook {
  building: Building;
  theme: BuildingTheme | null;
}

/** The building's own language: its first by priority. */
export const buildingLanguage = (building: Building) => [...(building.languages ?? [])].sort((a, b) => a.priority - b.priority)[0]?.code ?? null;

/** Picks the current building: the preferred one (address or last visit), the user's default, else the first. */
export function pickBuilding(buildings: Building[], defaultUuid: string | null, preferredUuid: string | null = null): Building | null {
  return buildings.find((b) => b.uuid === preferredUuid) ?? buildings.find((b) => b.uuid === defaultUuid) ?? buildings[0] ?? null;
}

const toError = (error: unknown) => {
  const e = error as { status?: number; message?: string } | undefined;
  return { status: e?.status ?? 0, message: e?.message ?? 'Unable to complete at this moment. Please try again later.' };
};

/**
 * The user's buildings and the current one: load the list, pick, load that building, then its theme, then (without
 * holding anything up) the user's permissions there. Selecting another building (the switcher, or an address with
 * its uuid) clears the building's state and loads the new one the same way; an unknown uuid falls back to the
 * default building.
 */
export const buildingMachine = setup({
  types: { context: {} as BuildingContext, events: {} as BuildingEvent },
  actors: {
    loadBuildings: fromPromise<Building[], void>(() => Promise.reject(new Error('loadBuildings is not provided'))),
    loadBuilding: fromPromise<Building, { uuid: string }>(() => Promise.reject(new Error('loadBuilding is not provided'))),
    loadTheme: fromPromise<BuildingTheme, { uuid: string }>(() => Promise.reject(new Error('loadTheme is not provided'))),
    loadPermissions: fromPromise<string[], { uuid: string }>(async () => []),
  },
  actions: {
    /** The building (and its theme) is ready: apply the look and keep it for the next visit (wired by the app). */
    buildingReady: (_, _params: BuildingLook) => {},
    /** The building is gone (signed out): back to the brand's look (wired by the app). */
    buildingCleared: () => {},
    /** Tells the app the building is ready (and whether a switch chose it): the app resets the language and restarts screens. */
    reportReady: sendTo(parentOrSelf, ({ context }): BuildingReport => ({
      type: 'building.ready',
      building: context.current!,
      switched: context.switched,
    })),
    reportCleared: sendTo(parentOrSelf, (): BuildingReport => ({ type: 'building.cleared' })),
    /** A load failed: the global error modal offers to try again (its retry sends this actor `user.retry`). */
    reportFailure: sendTo(globalErrorOrSelf, (_, params: LoadError): ErrorRaisedEvent => ({
      type: 'error.raised',
      source: BUILDING_LOAD,
      ...params,
      retry: { to: BUILDING_ID, event: { type: 'user.retry' } },
    })),
    /** Loaded after a failure: the global error modal, if it waits on this, closes. */
    reportRecovered: sendTo(globalErrorOrSelf, (): ErrorResolvedEvent => ({ type: 'error.resolved', source: BUILDING_LOAD })),
    /** The user's buildings could not be read: the session ends (access document section 8). */
    logOut: sendTo(
      ({ system, self }) => (system.get(SESSION_ID) ?? self) as AnyActorRef,
      (): SessionEvent => ({ type: 'session.logout' }),
    ),
  },
  guards: {
    hasBuilding: ({ context }) => context.current !== null,
    isOtherBuilding: ({ context, event }) => event.type === 'building.select' && event.uuid !== context.current?.uuid,
    hasList: ({ context }) => context.buildings.length > 0,
  },
}).createMachine({
  id: BUILDING_ID,
  context: {
    buildings: [],
    current: null,
    theme: null,
    defaultBuildingUuid: null,
    preferredUuid: null,
    permissions: {},
    switched: false,
    error: null,
  },
  initial: 'idle',
  on: {
    'building.load': {
      target: '.loadingList',
      actions: assign(({ event }) => ({
        defaultBuildingUuid: event.defaultBuildingUuid,
        preferredUuid: event.preferredUuid ?? null,
        switched: false,
        error: null,
      })),
    },
    'building.clear': {
      target: '.idle',
      actions: [
        assign({ buildings: [], current: null, theme: null, permissions: {}, preferredUuid: null, switched: false, error: null }),
        'buildingCleared',
        'reportCleared',
      ],
    },
  },
  states: {
    idle: {
      on: { 'building.select': { actions: assign({ preferredUuid: ({ event }) => event.uuid }) } },
    },
    loadingList: {
      tags: ['loading'],
      on: {
        'building.select': { actions: assign({ preferredUuid: ({ event }) => event.uuid }) },
        // A new language while loading: start again, so the answers come in that language.
        'building.reload': { target: 'loadingList', reenter: true },
      },
      invoke: {
        src: 'loadBuildings',
        onDone: {
          target: 'picking',
          actions: assign(({ context, event }) => ({
            buildings: event.output,
            current: pickBuilding(event.output, context.defaultBuildingUuid, context.preferredUuid),
          })),
        },
        // Specification section 8: a failed user-buildings fetch logs out (not the global error modal).
        onError: { target: 'listFailed', actions: assign({ error: ({ event }) => toError(event.error) }) },
      },
    },
    // The user's buildings could not be read: without them nothing can be shown, so the session ends. (A comment, not a
    // description: the first load of /login carries this machine.)
    listFailed: {
      entry: 'logOut',
      on: { 'building.select': { actions: assign({ preferredUuid: ({ event }) => event.uuid }) } },
    },
    picking: { always: [{ guard: 'hasBuilding', target: 'loadingBuilding' }, { target: 'noBuilding' }] },
    loadingBuilding: {
      tags: ['loading'],
      on: { 'building.reload': { target: 'loadingBuilding', reenter: true } },
      invoke: {
        src: 'loadBuilding',
        input: ({ context }) => ({ uuid: context.current!.uuid }),
        onDone: { target: 'loadingTheme', actions: assign({ current: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toError(event.error) }) },
      },
    },
    loadingTheme: {
      tags: ['loading'],
      on: { 'building.reload': { target: 'loadingBuilding' } },
      invoke: {
        src: 'loadTheme',
        input: ({ context }) => ({ uuid: context.current!.uuid }),
        onDone: { target: 'ready', actions: assign({ theme: ({ event }) => event.output }) },
        // A building without a theme still works with the brand's look.
        onError: { target: 'ready', actions: assign({ theme: null }) },
      },
    },
    ready: {
      tags: ['ready'],
      entry: [
        { type: 'buildingReady', params: ({ context }) => ({ building: context.current!, theme: context.theme }) },
        'reportRecovered',
        'reportReady',
      ],
      on: {
        'building.select': {
          guard: 'isOtherBuilding',
          target: 'switching',
          actions: assign({ preferredUuid: ({ event }) => event.uuid }),
        },
        // A new language: the same building again, so what it shows comes in that language.
        'building.reload': { target: 'loadingBuilding', actions: assign({ switched: false }) },
      },
      initial: 'loadingPermissions',
      states: {
        loadingPermissions: {
          invoke: {
            src: 'loadPermissions',
            input: ({ context }) => ({ uuid: context.current!.uuid }),
            onDone: {
              target: 'done',
              actions: assign(({ context, event }) => ({ permissions: { ...context.permissions, [context.current!.uuid]: event.output } })),
            },
            // Without permissions the admin link stays hidden; nothing else depends on them.
            onError: { target: 'done' },
          },
        },
        done: {},
      },
    },
    switching: {
      description: 'A switch: the old building state is cleared, the chosen (or default) building is loaded.',
      always: {
        target: 'loadingBuilding',
        actions: assign(({ context }) => ({
          current: pickBuilding(context.buildings, context.defaultBuildingUuid, context.preferredUuid),
          theme: null,
          switched: true,
        })),
      },
    },
    noBuilding: { description: 'The user belongs to no building.' },
    failed: {
      entry: { type: 'reportFailure', params: ({ context }) => ({ status: context.error?.status ?? 0, message: context.error?.message ?? '' }) },
      on: { 'user.retry': { target: 'loadingBuilding', actions: assign({ error: null }) } },
    },
  },
});

/** Whether the user may open the admin site from the current building. */
export const canSeeAdminLink = (context: Pick<BuildingContext, 'current' | 'permissions'>) =>
  !!context.current && (context.permissions[context.current.uuid] ?? []).includes(ADMIN_LINK_PERMISSION);
