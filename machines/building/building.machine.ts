import { assign, fromPromise, sendTo, setup } from 'xstate';
import { globalErrorOrSelf, reportTarget, reportToOf, type ReportTarget, type ReportsTo } from '../shared/reports';
import type { components } from '../../contracts/api';
import type { ErrorRaisedEvent, ErrorResolvedEvent } from '../globalError/globalError.types';
import { SESSION_ID } from '../session/session.machine';
import type { SessionEvent } from '../session/session.types';
import { DEFAULT_ERROR_MESSAGE, toAppError, type AppError } from '../../contracts/errors';

export type Building = components['schemas']['Building'];
export type BuildingTheme = components['schemas']['BuildingTheme'];

export const BUILDING_ID = 'building';
/** The global error modal's name for a failed building load. */
export const BUILDING_LOAD = 'building.load';
export const ADMIN_LINK_PERMISSION = 'can-see-admin-ui-link';

export type LoadError = AppError;

export interface BuildingContext {
  buildings: Building[];
  current: Building | null;
  theme: BuildingTheme | null;
  defaultBuildingUuid: string | null;
  /** A building asked for by the address (/building/{uuid}) or kept from the last visit; wins over the default. */
  preferredUuid: string | null;
  /** What the last `building.load` asked for: the same request again (a restored session confirmed) changes nothing. */
  request: { defaultBuildingUuid: string | null; preferredUuid: string | null } | null;
  /** The building whose detail, theme and permissions are loading (or loaded): a guess until the list confirms it. */
  target: string | null;
  /** The target's detail as it came, or its failure. */
  loaded: Building | null;
  loadError: LoadError | null;
  /** Permissions of the signed-in user per building uuid. */
  permissions: Record<string, string[]>;
  /** True while the current building was chosen by a switch rather than by the first load. */
  switched: boolean;
  error: { status: number; message: string } | null;
  /** The app, which the building tells when one is ready or cleared (null: running alone). */
  reportTo: ReportTarget<BuildingReport> | null;
}

export type BuildingEvent =
  | { type: 'building.load'; defaultBuildingUuid: string | null; preferredUuid?: string | null }
  | { type: 'building.select'; uuid: string }
  | { type: 'building.reload' }
  | { type: 'building.clear' }
  | { type: 'user.retry' };

export type BuildingTag = 'loading' | 'ready';

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

/** The building the list says to show: the preferred one, the default, else the first. */
const pickOf = (context: BuildingContext) => pickBuilding(context.buildings, context.defaultBuildingUuid, context.preferredUuid);

/**
 * The user's buildings and the current one. Nothing waits for what it does not need: the list, and the detail, theme
 * and permissions of the building the person will most likely see (the preferred one, else their default), load side
 * by side; when the list names another building (the guess was not theirs), that one loads the same way. Selecting
 * another building (the switcher, or an address with its uuid) loads it the same way; an unknown uuid falls back to the
 * default building.
 */
export const buildingMachine = setup({
  types: { context: {} as BuildingContext, events: {} as BuildingEvent, input: {} as ReportsTo<BuildingReport> | undefined, tags: {} as BuildingTag },
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
    reportReady: sendTo(
      ({ context, self }) => reportTarget(context, self),
      ({ context }): BuildingReport => ({
        type: 'building.ready',
        building: context.current!,
        switched: context.switched,
      }),
    ),
    reportCleared: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (): BuildingReport => ({ type: 'building.cleared' }),
    ),
    /** A load failed: the global error modal offers to try again (its retry sends this actor `user.retry`). */
    reportFailure: sendTo(globalErrorOrSelf, (_, params: LoadError): ErrorRaisedEvent => ({
      type: 'error.raised',
      source: BUILDING_LOAD,
      ...params,
      retry: { to: BUILDING_ID, event: { type: 'user.retry' } },
    })),
    /** Loaded after a failure, or cleared: the global error modal, if it waits on this, closes. */
    reportRecovered: sendTo(globalErrorOrSelf, (): ErrorResolvedEvent => ({ type: 'error.resolved', source: BUILDING_LOAD })),
    /** The user's buildings could not be read: the session ends (access document section 8). */
    logOut: sendTo(
      ({ system, self }) => system.get(SESSION_ID) ?? self,
      (): SessionEvent => ({ type: 'session.logout' }),
    ),
    /** The target's loads start again (a retry, a new language): what came for it before is dropped. */
    forgetLoaded: assign({ loaded: null, loadError: null, error: null }),
  },
  guards: {
    hasTarget: ({ context }) => context.target !== null,
    answeredByServer: ({ event }) => toAppError((event as { error?: unknown }).error).status > 0,
    hasList: ({ context }) => context.buildings.length > 0,
    isOtherBuilding: ({ context, event }) => event.type === 'building.select' && event.uuid !== context.current?.uuid,
    /**
     * Another person or default building, or a preferred building that is neither the one asked for nor the one
     * loading or shown (the app prefers the building that just became ready: asking for it again is no new request).
     */
    isNewRequest: ({ context, event }) => {
      if (event.type !== 'building.load') return false;
      if (context.request === null || context.request.defaultBuildingUuid !== event.defaultBuildingUuid) return true;
      const preferred = event.preferredUuid ?? null;
      return preferred !== null && preferred !== context.request.preferredUuid && preferred !== context.target && preferred !== context.current?.uuid;
    },
    noBuilding: ({ context }) => pickOf(context) === null,
    /** The list confirms the target, and its detail came (what came is dropped whenever the target changes). */
    targetLoaded: ({ context }) => pickOf(context)?.uuid === context.target && context.loaded !== null,
    /** The list confirms the target, and its detail failed. */
    targetFailed: ({ context }) => pickOf(context)?.uuid === context.target && context.loadError !== null,
  },
}).createMachine({
  id: BUILDING_ID,
  context: ({ input }) => ({
    reportTo: reportToOf(input),
    buildings: [],
    current: null,
    theme: null,
    defaultBuildingUuid: null,
    preferredUuid: null,
    request: null,
    target: null,
    loaded: null,
    loadError: null,
    permissions: {},
    switched: false,
    error: null,
  }),
  initial: 'idle',
  on: {
    'building.load': {
      guard: 'isNewRequest',
      target: '.loading',
      // A new request while loading starts every load again, for it.
      reenter: true,
      actions: assign(({ event }) => ({
        defaultBuildingUuid: event.defaultBuildingUuid,
        preferredUuid: event.preferredUuid ?? null,
        request: { defaultBuildingUuid: event.defaultBuildingUuid, preferredUuid: event.preferredUuid ?? null },
        // The guess: the list, when it comes, says whether it was right.
        target: event.preferredUuid ?? event.defaultBuildingUuid,
        buildings: [],
        loaded: null,
        loadError: null,
        theme: null,
        switched: false,
        error: null,
      })),
    },
    'building.clear': {
      target: '.idle',
      actions: [
        assign({
          buildings: [],
          current: null,
          theme: null,
          permissions: {},
          preferredUuid: null,
          request: null,
          target: null,
          loaded: null,
          loadError: null,
          switched: false,
          error: null,
        }),
        'buildingCleared',
        'reportRecovered',
        'reportCleared',
      ],
    },
  },
  states: {
    idle: {
      // A building named while nobody is signed in is not kept: the sign-in's building.load names the preferred one.
      on: {
        // Nothing to clear: the kept building (the next visit's) stays kept.
        'building.clear': {},
      },
    },
    loading: {
      tags: ['loading'],
      type: 'parallel',
      on: {
        'building.select': { actions: assign({ preferredUuid: ({ event }) => event.uuid }) },
        // A new language while loading: start again, so the answers come in that language.
        'building.reload': { target: 'loading', reenter: true, actions: ['forgetLoaded', assign({ buildings: [] })] },
      },
      states: {
        list: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasList', target: 'done' }, { target: 'fetching' }] },
            fetching: {
              invoke: {
                src: 'loadBuildings',
                onDone: { target: 'done', actions: assign({ buildings: ({ event }) => event.output }) },
                onError: [
                  // Specification section 8: a user-buildings fetch the server refused logs out (not the global error
                  // modal). One that got no answer (offline, or cancelled as the page is left) is offered again
                  // instead: a dropped connection is no reason to end the session (decision 049).
                  {
                    guard: 'answeredByServer',
                    target: '#building.listFailed',
                    actions: assign({ error: ({ event }) => toAppError(event.error, DEFAULT_ERROR_MESSAGE) }),
                  },
                  { target: '#building.failed', actions: assign({ error: ({ event }) => toAppError(event.error, DEFAULT_ERROR_MESSAGE) }) },
                ],
              },
            },
            done: { type: 'final' },
          },
        },
        detail: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasTarget', target: 'fetching' }, { target: 'done' }] },
            fetching: {
              invoke: {
                src: 'loadBuilding',
                input: ({ context }) => ({ uuid: context.target! }),
                onDone: { target: 'done', actions: assign({ loaded: ({ event }) => event.output }) },
                // Only a failure of the building the list confirms counts (a wrong guess may well be refused).
                onError: { target: 'done', actions: assign({ loadError: ({ event }) => toAppError(event.error, DEFAULT_ERROR_MESSAGE) }) },
              },
            },
            done: { type: 'final' },
          },
        },
        theme: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasTarget', target: 'fetching' }, { target: 'done' }] },
            fetching: {
              invoke: {
                src: 'loadTheme',
                input: ({ context }) => ({ uuid: context.target! }),
                onDone: { target: 'done', actions: assign({ theme: ({ event }) => event.output }) },
                // A building without a theme still works with the brand's look.
                onError: { target: 'done', actions: assign({ theme: null }) },
              },
            },
            done: { type: 'final' },
          },
        },
        permissions: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasTarget', target: 'fetching' }, { target: 'done' }] },
            fetching: {
              invoke: {
                src: 'loadPermissions',
                input: ({ context }) => ({ uuid: context.target! }),
                onDone: {
                  target: 'done',
                  actions: assign({ permissions: ({ context, event }) => ({ ...context.permissions, [context.target!]: event.output }) }),
                },
                // Without permissions the admin link stays hidden; nothing else depends on them.
                onError: { target: 'done' },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: { target: 'settling' },
    },
    // The user's buildings could not be read: without them nothing can be shown, so the session ends. (A comment, not a
    // description: the first load of /login carries this machine.)
    listFailed: {
      entry: 'logOut',
    },
    settling: {
      always: [
        { guard: 'noBuilding', target: 'noBuilding', actions: assign({ current: null, theme: null }) },
        { guard: 'targetLoaded', target: 'ready', actions: assign({ current: ({ context }) => context.loaded }) },
        { guard: 'targetFailed', target: 'failed', actions: assign({ error: ({ context }) => context.loadError }) },
        // The guess was not the list's building (or there was none): load the one it names.
        {
          target: 'loading',
          actions: [
            'forgetLoaded',
            assign(({ context }) => ({ target: pickOf(context)!.uuid, theme: null, current: context.switched ? context.current : pickOf(context) })),
          ],
        },
      ],
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
        'building.reload': {
          target: 'loading',
          actions: ['forgetLoaded', assign(({ context }) => ({ switched: false, target: context.current!.uuid }))],
        },
      },
    },
    switching: {
      description: 'A switch: the chosen building (or, for a uuid the person does not have, the default) loads.',
      always: {
        target: 'loading',
        actions: ['forgetLoaded', assign(({ context }) => ({ target: pickOf(context)?.uuid ?? null, theme: null, switched: true }))],
      },
    },
    noBuilding: { description: 'The user belongs to no building.' },
    failed: {
      entry: { type: 'reportFailure', params: ({ context }) => ({ status: context.error?.status ?? 0, message: context.error?.message ?? '' }) },
      on: { 'user.retry': { target: 'loading', actions: 'forgetLoaded' } },
    },
  },
});

/** Whether the user may open the admin site from the current building. */
export const canSeeAdminLink = (context: Pick<BuildingContext, 'current' | 'permissions'>) =>
  !!context.current && (context.permissions[context.current.uuid] ?? []).includes(ADMIN_LINK_PERMISSION);
