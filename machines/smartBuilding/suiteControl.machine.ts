import { and, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { notifyFailure, type FailureNotice } from '../notifications/notifyFailure';
import {
  canCool,
  canWarm,
  displayTemperature,
  fahrenheitOf,
  hasLighting,
  hasTemperature,
  isLightingLevel,
  steppedTemperature,
  toggledLighting,
} from './smartBuilding.rules';
import { type TemperatureUnit } from './smartBuilding.types';
import type {
  LoadedSuite,
  SetLightingInput,
  SetTemperatureInput,
  SuiteControlContext,
  SuiteControlEvent,
  SuiteControlInput,
  SuiteControlTag,
  SuiteDetail,
  TemperatureAnswer,
  TemperatureRequest,
} from './suiteControl.types';
import { failedState, isMissing, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export const SUITE_CONTROL_ID = 'suiteControl';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** The level the lighting shows: the newest asked for while one is pending, else the confirmed one. */
export const shownLighting = (context: Pick<SuiteControlContext, 'lighting'>) =>
  context.lighting.queued ?? context.lighting.sending ?? context.lighting.confirmed;

/** The temperature the control shows, in °F: the newest asked for while one is pending, else the confirmed one. */
export function shownTemperatureF(context: Pick<SuiteControlContext, 'temperature'>): number {
  const asked = context.temperature.queued ?? context.temperature.sending;
  return asked ? fahrenheitOf(asked.value, asked.unit) : context.temperature.confirmedF;
}

const formatTemperature = (request: TemperatureRequest) => `${request.value} °${request.unit}`;

/** A sent change failed (the queued one follows, or the control reverts): one notification, written once per control. */
const failedChange = (notice: (context: SuiteControlContext) => FailureNotice['message']) =>
  ({
    type: 'notifyFailure',
    params: ({ context, event }: { context: SuiteControlContext; event: { error: unknown } }): FailureNotice => ({
      message: notice(context),
      error: event.error,
    }),
  }) as const;

const lightingFailed = failedChange((context) => ({
  id: 'notifications.smartBuilding.lightingFailed',
  values: { level: context.lighting.sending ?? 0 },
}));

const temperatureFailed = failedChange((context) => ({
  id: 'notifications.smartBuilding.temperatureFailed',
  values: { temperature: context.temperature.sending ? formatTemperature(context.temperature.sending) : '' },
}));

/**
 * A suite's lighting and temperature control (content document, sections 4, 5 and 8). Lighting and temperature are
 * two independent regions. A change shows at once as pending; the server's answer confirms it, or it reverts with a
 * toast. A change made while one is in flight is kept and sent right after it (the newest wins: decision 101), so no
 * change is lost and the calls never overlap. Equipment that is unavailable shows 'System not available'; a suite of
 * another company shows its settings read-only (decision 144).
 */
export const suiteControlMachine = setup({
  types: {
    context: {} as SuiteControlContext,
    events: {} as SuiteControlEvent,
    input: {} as SuiteControlInput,
    tags: {} as SuiteControlTag,
  },
  actors: {
    loadSuite: fromPromise<LoadedSuite, { buildingUuid: string; suiteId: string }>(notProvided('loadSuite')),
    setLighting: fromPromise<SuiteDetail, SetLightingInput>(notProvided('setLighting')),
    setTemperature: fromPromise<TemperatureAnswer, SetTemperatureInput>(notProvided('setTemperature')),
  },
  actions: {
    /** The shared failure notification (machines/notifications/notifyFailure.ts). */
    notifyFailure: (args, params: FailureNotice) => notifyFailure(args, params),
    /** Keeps the person's unit choice for the next visit (wired by the app: the browser's storage). */
    persistUnit: (_, _params: { unit: TemperatureUnit }) => {},
    setError: assign(keepError),
    /** The suite as loaded; temperatures in the unit the person chose before, else in the suite's own (decision 100). */
    assignSuite: assign((_, params: { suite: SuiteDetail; preferredUnit: TemperatureUnit | null }) => ({
      suite: params.suite,
      error: null,
      unit: params.preferredUnit ?? params.suite.temp_unit,
      lighting: { confirmed: typeof params.suite.lighting === 'number' ? params.suite.lighting : 0, sending: null, queued: null },
      temperature: { confirmedF: fahrenheitOf(params.suite.temp, params.suite.temp_unit), sending: null, queued: null },
    })),

    // Lighting.
    sendLighting: assign(({ context }, params: { value: number }) => ({ lighting: { ...context.lighting, sending: params.value, queued: null } })),
    queueLighting: assign(({ context }, params: { value: number }) => ({ lighting: { ...context.lighting, queued: params.value } })),
    sendQueuedLighting: assign(({ context }) => ({ lighting: { ...context.lighting, sending: context.lighting.queued, queued: null } })),
    /** The server's answer: the suite as it is now (success writes the new value into the suite). */
    confirmLighting: assign(({ context }, params: { suite: SuiteDetail }) => ({
      suite: context.suite ? { ...context.suite, lighting: params.suite.lighting } : params.suite,
      lighting: {
        ...context.lighting,
        confirmed: typeof params.suite.lighting === 'number' ? params.suite.lighting : context.lighting.confirmed,
        sending: null,
      },
    })),
    /** A refused or failed change: the control goes back to the confirmed level. */
    revertLighting: assign(({ context }) => ({ lighting: { ...context.lighting, sending: null, queued: null } })),
    dropSentLighting: assign(({ context }) => ({ lighting: { ...context.lighting, sending: null } })),

    // Temperature.
    sendTemperature: assign(({ context }, params: { request: TemperatureRequest }) => ({
      temperature: { ...context.temperature, sending: params.request, queued: null },
    })),
    queueTemperature: assign(({ context }, params: { request: TemperatureRequest }) => ({
      temperature: { ...context.temperature, queued: params.request },
    })),
    sendQueuedTemperature: assign(({ context }) => ({
      temperature: { ...context.temperature, sending: context.temperature.queued, queued: null },
    })),
    confirmTemperature: assign(({ context }, params: { answer: TemperatureAnswer }) => {
      const confirmedF = fahrenheitOf(params.answer.requested_temp, params.answer.unit);
      return {
        suite: context.suite ? { ...context.suite, temp: displayTemperature(confirmedF, context.suite.temp_unit) } : context.suite,
        temperature: { ...context.temperature, confirmedF, sending: null },
      };
    }),
    revertTemperature: assign(({ context }) => ({ temperature: { ...context.temperature, sending: null, queued: null } })),
    dropSentTemperature: assign(({ context }) => ({ temperature: { ...context.temperature, sending: null } })),
    setUnit: assign((_, params: { unit: TemperatureUnit }) => ({ unit: params.unit })),
  },
  guards: {
    notFound: isMissing,
    unavailable: (_, params: { suite: SuiteDetail }) => params.suite.equipment_status === 'unavailable',
    readOnly: (_, params: { suite: SuiteDetail }) => !params.suite.can_control,
    hasLighting: ({ context }) => context.suite !== null && hasLighting(context.suite),
    hasTemperature: ({ context }) => context.suite !== null && hasTemperature(context.suite),
    /** A level the server takes that differs from what the control shows (a slider let go where it was sends nothing). */
    newLevel: ({ context }, params: { value: number }) => isLightingLevel(params.value) && params.value !== shownLighting(context),
    canSetLighting: ({ context }, params: { value: number }) =>
      context.suite !== null && hasLighting(context.suite) && isLightingLevel(params.value) && params.value !== shownLighting(context),
    canCool: ({ context }) => canCool(shownTemperatureF(context), context.unit),
    canWarm: ({ context }) => canWarm(shownTemperatureF(context), context.unit),
    lightingQueued: ({ context }) => context.lighting.queued !== null,
    temperatureQueued: ({ context }) => context.temperature.queued !== null,
    otherUnit: ({ context }, params: { unit: TemperatureUnit }) => params.unit !== context.unit,
  },
}).createMachine({
  id: SUITE_CONTROL_ID,
  context: ({ input }) => ({
    ...input,
    suite: null,
    unit: 'F',
    lighting: { confirmed: 0, sending: null, queued: null },
    temperature: { confirmedF: 70, sending: null, queued: null },
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSuite',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, suiteId: context.suiteId }),
        onDone: [
          {
            guard: { type: 'unavailable', params: ({ event }) => ({ suite: event.output.suite }) },
            target: 'unavailable',
            actions: { type: 'assignSuite', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'readOnly', params: ({ event }) => ({ suite: event.output.suite }) },
            target: 'readOnly',
            actions: { type: 'assignSuite', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'assignSuite', params: ({ event }) => event.output } },
        ],
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The suite could not be loaded; the error is kept and the page offers to try again.'),
    notFound: notFoundState('The building has no suite of this id.'),
    unavailable: {
      description: "The suite's equipment does not answer: 'System not available', with the contact-support link.",
      tags: ['unavailable'],
    },
    readOnly: {
      description: "Another company's suite (decision 144): its lighting and temperature shown, nothing offered to change them.",
      tags: ['readOnly'],
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      on: {
        'user.setUnit': {
          guard: { type: 'otherUnit', params: ({ event }) => ({ unit: event.unit }) },
          actions: [
            { type: 'setUnit', params: ({ event }) => ({ unit: event.unit }) },
            { type: 'persistUnit', params: ({ event }) => ({ unit: event.unit }) },
          ],
        },
      },
      states: {
        lighting: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.setLighting': {
                  guard: { type: 'canSetLighting', params: ({ event }) => ({ value: event.value }) },
                  target: 'busy',
                  actions: { type: 'sendLighting', params: ({ event }) => ({ value: event.value }) },
                },
                'user.toggleLighting': {
                  guard: 'hasLighting',
                  target: 'busy',
                  actions: { type: 'sendLighting', params: ({ context }) => ({ value: toggledLighting(shownLighting(context)) }) },
                },
              },
            },
            busy: {
              description: 'A lighting change is in flight: it shows as pending; a newer one waits in the queue.',
              tags: ['lightingPending'],
              initial: 'sending',
              invoke: {
                src: 'setLighting',
                input: ({ context }) => ({ buildingUuid: context.buildingUuid, suiteId: context.suiteId, value: context.lighting.sending ?? 0 }),
                onDone: [
                  {
                    guard: 'lightingQueued',
                    target: 'busy',
                    reenter: true,
                    actions: [{ type: 'confirmLighting', params: ({ event }) => ({ suite: event.output }) }, 'sendQueuedLighting'],
                  },
                  { target: 'idle', actions: { type: 'confirmLighting', params: ({ event }) => ({ suite: event.output }) } },
                ],
                onError: [
                  {
                    guard: 'lightingQueued',
                    target: 'busy',
                    reenter: true,
                    actions: [lightingFailed, 'dropSentLighting', 'sendQueuedLighting'],
                  },
                  {
                    target: 'idle',
                    actions: [lightingFailed, 'revertLighting'],
                  },
                ],
              },
              on: {
                'user.setLighting': {
                  guard: { type: 'newLevel', params: ({ event }) => ({ value: event.value }) },
                  target: '.queued',
                  actions: { type: 'queueLighting', params: ({ event }) => ({ value: event.value }) },
                },
                'user.toggleLighting': {
                  target: '.queued',
                  actions: { type: 'queueLighting', params: ({ context }) => ({ value: toggledLighting(shownLighting(context)) }) },
                },
              },
              states: {
                sending: {},
                queued: { description: 'A newer level waits for the call in flight; it is sent when that one settles.', tags: ['lightingQueued'] },
              },
            },
          },
        },
        temperature: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.cooler': {
                  guard: and(['hasTemperature', 'canCool']),
                  target: 'busy',
                  actions: {
                    type: 'sendTemperature',
                    params: ({ context }) => ({
                      request: { value: steppedTemperature(shownTemperatureF(context), context.unit, -1), unit: context.unit },
                    }),
                  },
                },
                'user.warmer': {
                  guard: and(['hasTemperature', 'canWarm']),
                  target: 'busy',
                  actions: {
                    type: 'sendTemperature',
                    params: ({ context }) => ({
                      request: { value: steppedTemperature(shownTemperatureF(context), context.unit, 1), unit: context.unit },
                    }),
                  },
                },
              },
            },
            busy: {
              description: 'A temperature change is in flight: it shows as pending; a newer one waits in the queue.',
              tags: ['temperaturePending'],
              initial: 'sending',
              invoke: {
                src: 'setTemperature',
                input: ({ context }) => ({
                  buildingUuid: context.buildingUuid,
                  suiteId: context.suiteId,
                  request: context.temperature.sending ?? {
                    value: displayTemperature(context.temperature.confirmedF, context.unit),
                    unit: context.unit,
                  },
                }),
                onDone: [
                  {
                    guard: 'temperatureQueued',
                    target: 'busy',
                    reenter: true,
                    actions: [{ type: 'confirmTemperature', params: ({ event }) => ({ answer: event.output }) }, 'sendQueuedTemperature'],
                  },
                  { target: 'idle', actions: { type: 'confirmTemperature', params: ({ event }) => ({ answer: event.output }) } },
                ],
                onError: [
                  {
                    guard: 'temperatureQueued',
                    target: 'busy',
                    reenter: true,
                    actions: [temperatureFailed, 'dropSentTemperature', 'sendQueuedTemperature'],
                  },
                  {
                    target: 'idle',
                    actions: [temperatureFailed, 'revertTemperature'],
                  },
                ],
              },
              on: {
                'user.cooler': {
                  guard: 'canCool',
                  target: '.queued',
                  actions: {
                    type: 'queueTemperature',
                    params: ({ context }) => ({
                      request: { value: steppedTemperature(shownTemperatureF(context), context.unit, -1), unit: context.unit },
                    }),
                  },
                },
                'user.warmer': {
                  guard: 'canWarm',
                  target: '.queued',
                  actions: {
                    type: 'queueTemperature',
                    params: ({ context }) => ({
                      request: { value: steppedTemperature(shownTemperatureF(context), context.unit, 1), unit: context.unit },
                    }),
                  },
                },
              },
              states: {
                sending: {},
                queued: {
                  description: 'A newer temperature waits for the call in flight; it is sent when that one settles.',
                  tags: ['temperatureQueued'],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SuiteControlRef = ActorRefFrom<typeof suiteControlMachine>;
