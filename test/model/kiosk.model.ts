import { assign, setup } from 'xstate';

/**
 * A pure test model of kiosk mode. The tab starts with kiosk mode kept from before (`start.on`) or not
 * (`start.off`); the person uses the header switch or taps the kiosk header, which asks for their password
 * (`user.confirmExit` sends it; the server answers `api.passwordOk` or `api.passwordWrong`); the flag
 * enable-exit-kiosk-mode changes (`flag.allow`, `flag.deny`), and a flag that stops allowing exits closes the dialog.
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
  | { type: 'flag.deny' };

export type KioskModelState = 'start' | 'off' | 'on' | 'asking' | 'checking';

export const kioskModel = setup({
  types: { context: {} as { exitAllowed: boolean; wrong: boolean }, events: {} as KioskModelEvent },
  guards: { exitAllowed: ({ context }) => context.exitAllowed },
}).createMachine({
  id: 'kioskModel',
  context: { exitAllowed: false, wrong: false },
  initial: 'start',
  states: {
    start: { on: { 'start.off': 'off', 'start.on': 'on' } },
    off: {
      on: {
        'user.switchOn': 'on',
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
      },
    },
    asking: {
      on: {
        'user.cancelExit': 'on',
        'user.confirmExit': 'checking',
        'flag.allow': { actions: assign({ exitAllowed: true }) },
        'flag.deny': { target: 'on', actions: assign({ exitAllowed: false }) },
      },
    },
    checking: {
      on: {
        'api.passwordOk': 'off',
        'api.passwordWrong': { target: 'asking', actions: assign({ wrong: true }) },
      },
    },
  },
});
