import { assign, setup } from 'xstate';

/**
 * A pure test model of the suite control (no invoke, as createTestModel needs). `start.*` opens a suite (`lit`: lighting
 * 60 and 74 °F; `plain`: no lighting control, 66 °F); `api.*` settle the pending call (`api.loadedReadOnly`: the suite
 * is another company's); `user.*` are what the person does
 * on the rendered control. Values are held to a few so the graph stays small: page-down only from 60 with nothing in
 * flight, page-up only while that page-down is saving (the person changes their mind: the newest wins), one change queued at most, warmer and
 * cooler only near the suite's own limit (75 for `lit`, 65 for `plain`), the unit switched only while nothing is pending.
 * A lighting change and a temperature change are not in flight together here (the machine's regions are independent;
 * the unit tests cover both at once).
 */
export type SuiteControlModelEvent =
  | { type: 'start.lit' }
  | { type: 'start.plain' }
  | { type: 'api.loaded' }
  | { type: 'api.loadedReadOnly' }
  | { type: 'api.unavailable' }
  | { type: 'api.notFound' }
  | { type: 'api.loadFailed' }
  | { type: 'user.retry' }
  | { type: 'user.toggle' }
  | { type: 'user.pageDown' }
  | { type: 'user.pageUp' }
  | { type: 'api.lightingOk' }
  | { type: 'api.lightingFailed' }
  | { type: 'user.warmer' }
  | { type: 'user.cooler' }
  | { type: 'api.temperatureOk' }
  | { type: 'api.temperatureFailed' }
  | { type: 'user.unitC' }
  | { type: 'user.unitF' };

export type SuiteControlModelState = 'opening' | 'loading' | 'failed' | 'notFound' | 'unavailable' | 'readOnly' | 'ready';

export interface Pending {
  confirmed: number;
  sending: number | null;
  queued: number | null;
}

export interface SuiteControlModelContext {
  suite: 'lit' | 'plain';
  lighting: Pending;
  temperature: Pending;
  unit: 'F' | 'C';
}

export const shown = (p: Pending) => p.queued ?? p.sending ?? p.confirmed;
const idle = (p: Pending) => p.sending === null;

/** A change: sent at once when nothing is in flight, else it replaces the queued one (the newest wins). */
const change = (p: Pending, value: number): Pending => (p.sending === null ? { ...p, sending: value } : { ...p, queued: value });
/** The call in flight settled: confirmed or not, the queued change (if any) is sent next. */
const settle = (p: Pending, ok: boolean): Pending => ({
  confirmed: ok ? p.sending! : p.confirmed,
  sending: p.queued,
  queued: null,
});

export const suiteControlModel = setup({
  types: { context: {} as SuiteControlModelContext, events: {} as SuiteControlModelEvent },
  guards: {
    canToggle: ({ context }) => context.suite === 'lit' && context.unit === 'F' && idle(context.temperature) && context.lighting.queued === null,
    canPageDown: ({ context }) =>
      context.suite === 'lit' && context.unit === 'F' && idle(context.temperature) && idle(context.lighting) && shown(context.lighting) === 60,
    canPageUp: ({ context }) =>
      context.suite === 'lit' &&
      context.unit === 'F' &&
      idle(context.temperature) &&
      context.lighting.sending === 50 &&
      context.lighting.queued === null,
    lightingInFlight: ({ context }) => !idle(context.lighting),
    canWarm: ({ context }) => {
      const t = shown(context.temperature);
      return context.unit === 'F' && idle(context.lighting) && context.temperature.queued === null && t < 75 && (context.suite === 'lit' || t < 67);
    },
    canCool: ({ context }) => {
      const t = shown(context.temperature);
      return context.unit === 'F' && idle(context.lighting) && context.temperature.queued === null && t > 65 && (context.suite === 'plain' || t > 73);
    },
    temperatureInFlight: ({ context }) => !idle(context.temperature),
    canSwitchUnit: ({ context }) =>
      context.unit === 'F' && idle(context.lighting) && idle(context.temperature) && context.suite === 'lit' && shown(context.temperature) === 74,
  },
}).createMachine({
  id: 'suiteControlModel',
  context: {
    suite: 'lit',
    lighting: { confirmed: 60, sending: null, queued: null },
    temperature: { confirmed: 74, sending: null, queued: null },
    unit: 'F',
  },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.lit': 'loading',
        'start.plain': {
          target: 'loading',
          actions: assign({
            suite: 'plain',
            lighting: { confirmed: 0, sending: null, queued: null },
            temperature: { confirmed: 66, sending: null, queued: null },
          }),
        },
      },
    },
    loading: {
      on: {
        'api.loaded': 'ready',
        // Another company's suite (decision 144): shown, nothing to change.
        'api.loadedReadOnly': 'readOnly',
        'api.unavailable': 'unavailable',
        'api.notFound': 'notFound',
        'api.loadFailed': 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    unavailable: {},
    readOnly: {},
    ready: {
      on: {
        'user.toggle': {
          guard: 'canToggle',
          actions: assign({ lighting: ({ context }) => change(context.lighting, shown(context.lighting) > 0 ? 0 : 100) }),
        },
        'user.pageDown': {
          guard: 'canPageDown',
          actions: assign({ lighting: ({ context }) => change(context.lighting, shown(context.lighting) - 10) }),
        },
        'user.pageUp': {
          guard: 'canPageUp',
          actions: assign({ lighting: ({ context }) => change(context.lighting, shown(context.lighting) + 10) }),
        },
        'api.lightingOk': { guard: 'lightingInFlight', actions: assign({ lighting: ({ context }) => settle(context.lighting, true) }) },
        'api.lightingFailed': { guard: 'lightingInFlight', actions: assign({ lighting: ({ context }) => settle(context.lighting, false) }) },
        'user.warmer': {
          guard: 'canWarm',
          actions: assign({ temperature: ({ context }) => change(context.temperature, shown(context.temperature) + 1) }),
        },
        'user.cooler': {
          guard: 'canCool',
          actions: assign({ temperature: ({ context }) => change(context.temperature, shown(context.temperature) - 1) }),
        },
        'api.temperatureOk': { guard: 'temperatureInFlight', actions: assign({ temperature: ({ context }) => settle(context.temperature, true) }) },
        'api.temperatureFailed': {
          guard: 'temperatureInFlight',
          actions: assign({ temperature: ({ context }) => settle(context.temperature, false) }),
        },
        'user.unitC': { guard: 'canSwitchUnit', actions: assign({ unit: 'C' }) },
        'user.unitF': { guard: ({ context }) => context.unit === 'C', actions: assign({ unit: 'F' }) },
      },
    },
  },
});
