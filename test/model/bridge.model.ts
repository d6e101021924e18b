import { assign, setup } from 'xstate';

/**
 * A pure test model of one mini-app frame and the bridge (issue 23). The app opens the frame with the host ready
 * (`start.open`) or still starting (`start.openBeforeReady`, messages wait for `host.ready`). The mini-app inits
 * (`app.init`), sends an init without app_uuid (`app.badInit`), calls in scope (`app.call`), out of scope
 * (`app.denied`) or closes itself (`app.closeWebView`); calls before init wait for it, up to the init wait
 * (`time.initWait`); the frame loads a new document (`frame.navigate`), which must init again; the person closes the
 * frame (`user.close`). Also: a single load event (`frame.load`), an unknown action with an id (`app.unknown`), more
 * calls before init than wait (`app.flood`), a subscription (`app.subscribe`) and the host's theme and visibility
 * changing (`host.themeChanged`, `host.hidden`), and the kiosk's idle reset, which closes the frame. The host's work
 * on a call may fail (`app.failingCall`: answered UNAVAILABLE) or take longer than the call's time (`app.slowCall`:
 * answered TIMEOUT when it runs out).
 */
export type BridgeModelEvent =
  | { type: 'start.open' }
  | { type: 'start.openBeforeReady' }
  | { type: 'host.ready' }
  | { type: 'app.init' }
  | { type: 'app.badInit' }
  | { type: 'app.call' }
  | { type: 'app.denied' }
  | { type: 'app.closeWebView' }
  | { type: 'time.initWait' }
  | { type: 'frame.navigate' }
  | { type: 'frame.load' }
  | { type: 'app.unknown' }
  | { type: 'app.flood' }
  | { type: 'app.subscribe' }
  | { type: 'app.failingCall' }
  | { type: 'app.slowCall' }
  | { type: 'host.themeChanged' }
  | { type: 'host.hidden' }
  | { type: 'kiosk.idleReset' }
  | { type: 'user.close' };

export type BridgeModelState = 'start' | 'waiting' | 'awaitingInit' | 'holding' | 'ready' | 'closed';

/**
 * An event that leaves the flow where it is (an answer, a push): it flips `noted`, so the model's graph counts it as a
 * transition of its own (a step to the same state and context is none).
 */
const note = { actions: 'note' } as const;

/** What every open state takes alike: host events, unknown actions, the kiosk's reset and the person's Close. */
const anyOpen = {
  'app.unknown': note,
  'host.themeChanged': note,
  'host.hidden': note,
  'kiosk.idleReset': { target: 'closed' },
  'user.close': { target: 'closed' },
} as const;

export const bridgeModel = setup({
  types: { context: {} as { heldInit: boolean; noted: 0 | 1 }, events: {} as BridgeModelEvent },
  guards: { heldInit: ({ context }) => context.heldInit },
  actions: { note: assign({ noted: ({ context }) => (context.noted === 0 ? 1 : 0) as 0 | 1 }) },
}).createMachine({
  id: 'bridgeModel',
  context: { heldInit: false, noted: 0 },
  initial: 'start',
  states: {
    start: { on: { 'start.open': 'awaitingInit', 'start.openBeforeReady': 'waiting' } },
    waiting: {
      on: {
        'app.init': { actions: assign({ heldInit: true }) },
        'host.ready': [{ guard: 'heldInit', target: 'ready' }, { target: 'awaitingInit' }],
        'user.close': 'closed',
        'kiosk.idleReset': 'closed',
      },
    },
    awaitingInit: {
      on: {
        'app.init': 'ready',
        'app.badInit': note,
        'app.call': 'holding',
        'app.flood': 'holding',
        'frame.load': note,
        ...anyOpen,
      },
    },
    holding: {
      on: {
        'app.init': 'ready',
        'time.initWait': 'awaitingInit',
        'frame.load': note,
        'app.call': note,
        ...anyOpen,
      },
    },
    ready: {
      on: {
        'app.call': note,
        'app.denied': note,
        'app.init': note,
        'frame.navigate': 'awaitingInit',
        'app.closeWebView': 'closed',
        'app.subscribe': note,
        'app.failingCall': note,
        'app.slowCall': note,
        ...anyOpen,
      },
    },
    closed: {},
  },
});
