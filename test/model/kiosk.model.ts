import { assign, setup } from 'xstate';

/**
 * A pure test model of kiosk mode. The tab starts with kiosk mode kept from before (`start.on`) or not
 * (`start.off`); the person uses the header switch or taps the kiosk header, which asks for their password
 * (`user.confirmExit` sends it; the server answers `api.passwordOk` or `api.passwordWrong`); the flag
 * enable-exit-kiosk-mode changes (`flag.allow`, `flag.deny`), and a flag that stops allowing exits closes the dialog.
 * While kiosk mode is on, time passes: part of the idle period (`time.pass`, 60 of its 90 seconds) or the rest of it
 * (`time.idle`), after which the dialog closes, the app resets, and the kiosk waits (`rested`) until someone uses the
 * screen again (`user.activity`, which also starts the count again). XState's graph cannot take `after` delays, so the
 * model names the passing time as events; `elapsed` is how much of the period has passed since the count began.
 */
export type KioskModelEvent =
  | { type: 'start.off' }
  | { type: 'start.on' }
  | { type: 'user.switchOn' }
  | { type: 'user.switchOff' }
  | { type: 'user.tapToExit' }
  | { type: 'user.cancelExit' }
  | { type: 'user.confirmExit' }
  | { type: 'api.passwordOk' }
  | { type: 'api.passwordWrong' }
  | { type: 'flag.allow' }
  | { type: 'flag.deny' }
  | { type: 'user.activity' }
  | { type: 'time.pass' }
  | { type: 'time.idle' };

/** The part of the idle period `time.pass` lets pass. */
export const PASSING_SECONDS = 60;

export type KioskModelState = 'start' | 'off' | 'on' | 'asking' | 'checking';

/** While kiosk mode is on: input starts the count again; the idle period closes the dialog and rests until input. */
const IDLE = {
  'user.activity': { actions: 'wake' },
  'time.pass': { guard: 'countStarted', actions: 'pass' },
  'time.idle': { guard: 'counting', target: '#kioskModel.on', actions: 'rest' },
} as const;

export const kioskModel = setup({
  types: { context: {} as { exitAllowed: boolean; wrong: boolean; rested: boolean; elapsed: number }, events: {} as KioskModelEvent },
  guards: {
    exitAllowed: ({ context }) => context.exitAllowed,
    counting: ({ context }) => !context.rested,
    countStarted: ({ context }) => !context.rested && context.elapsed === 0,
  },
  actions: {
    wake: assign({ rested: false, elapsed: 0 }),
    rest: assign({ rested: true, elapsed: 0 }),
    pass: assign({ elapsed: PASSING_SECONDS }),
  },
}).createMachine({
  id: 'kioskModel',
  context: { exitAllowed: false, wrong: false, rested: false, elapsed: 0 },
  initial: 'start',
  states: {
    start: { on: { 'start.off': 'off', 'start.on': 'on' } },
    off: {
      on: {
        'user.switchOn': { target: 'on', actions: 'wake' },
        'flag.allow': { actions: assign({ exitAllowed: true }) },
        'flag.deny': { actions: assign({ exitAllowed: false }) },
      },
    },
    on: {
      on: {
        'user.switchOff': 'off',
        'user.tapToExit': { guard: 'exitAllowed', target: 'asking', actions: assign({ wrong: false }) },
        'flag.allow': { actions: assign({ exitAllowed: true }) },
        'flag.deny': { actions: assign({ exitAllowed: false }) },
        ...IDLE,
      },
    },
    asking: {
      on: {
        'user.cancelExit': 'on',
        'user.confirmExit': 'checking',
        'flag.allow': { actions: assign({ exitAllowed: true }) },
        'flag.deny': { target: 'on', actions: assign({ exitAllowed: false }) },
        ...IDLE,
      },
    },
    checking: {
      on: {
        'api.passwordOk': 'off',
        'api.passwordWrong': { target: 'asking', actions: assign({ wrong: true }) },
        ...IDLE,
      },
    },
  },
});
