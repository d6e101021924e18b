import { assign, setup } from 'xstate';

/**
 * A pure test model of kiosk mode. The tab starts with kiosk mode kept from before (`start.on`) or not
 * (`start.off`); the person uses the header switch or taps the kiosk header; the flag enable-exit-kiosk-mode
 * changes (`flag.allow`, `flag.deny`).
 */
export type KioskModelEvent =
  | { type: 'start.off' }
  | { type: 'start.on' }
  | { type: 'user.switchOn' }
  | { type: 'user.switchOff' }
  | { type: 'user.tapToExit' }
  | { type: 'flag.allow' }
  | { type: 'flag.deny' };

export type KioskModelState = 'start' | 'off' | 'on';

export const kioskModel = setup({
  types: { context: {} as { exitAllowed: boolean }, events: {} as KioskModelEvent },
  guards: { exitAllowed: ({ context }) => context.exitAllowed },
}).createMachine({
  id: 'kioskModel',
  context: { exitAllowed: false },
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
        'user.tapToExit': { guard: 'exitAllowed', target: 'off' },
        'flag.allow': { actions: assign({ exitAllowed: true }) },
        'flag.deny': { actions: assign({ exitAllowed: false }) },
      },
    },
  },
});
