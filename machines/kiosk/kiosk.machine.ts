import { assign, sendTo, setup } from 'xstate';
import { parentOrSelf } from '../shared/reports';

export const KIOSK_ID = 'kiosk';

export interface KioskInput {
  /** Read by the app from session storage (KIOSK_ENABLED), so a reload of a lobby screen stays in kiosk mode. */
  enabled: boolean;
  exitAllowed?: boolean;
}

export interface KioskContext {
  enabledAtStart: boolean;
  /** Whether a tap on the kiosk header may leave kiosk mode (the app forwards the flag enable-exit-kiosk-mode). */
  exitAllowed: boolean;
}

/** What the kiosk tells the app (its parent): lobby mode began or ended; screen flows start again without personal actions. */
export type KioskReport = { type: 'kiosk.changed'; on: boolean };

export type KioskEvent =
  { type: 'kiosk.enable' } | { type: 'kiosk.disable' } | { type: 'kiosk.exitAllowed'; allowed: boolean } | { type: 'user.tapToExit' };

/**
 * Kiosk mode: the header switch turns it on or off and the choice is kept for the tab's life; while it is on, the
 * minimal kiosk header shows, and a tap on it leaves kiosk mode when exiting is allowed.
 */
export const kioskMachine = setup({
  types: {
    context: {} as KioskContext,
    events: {} as KioskEvent,
    input: {} as KioskInput,
    tags: {} as 'kiosk',
  },
  actions: {
    /** Keeps the choice (the app: session storage KIOSK_ENABLED 'true', or removed). */
    persist: (_, _params: { enabled: boolean }) => {},
    /** Tells the app whether lobby mode is on (its screens leave out personal actions while it is). */
    reportKiosk: sendTo(parentOrSelf, (_, params: { on: boolean }): KioskReport => ({ type: 'kiosk.changed', on: params.on })),
  },
  guards: {
    enabledAtStart: ({ context }) => context.enabledAtStart,
    exitAllowed: ({ context }) => context.exitAllowed,
  },
}).createMachine({
  id: KIOSK_ID,
  // Exiting stays off until the app says the flag allows it: a lobby screen should not be left by a passer-by's tap.
  context: ({ input }) => ({ enabledAtStart: input.enabled, exitAllowed: input.exitAllowed ?? false }),
  initial: 'starting',
  on: {
    'kiosk.exitAllowed': { actions: assign({ exitAllowed: ({ event }) => event.allowed }) },
  },
  states: {
    starting: {
      description: 'Resumes what the tab had chosen before a reload.',
      always: [{ guard: 'enabledAtStart', target: 'on' }, { target: 'off' }],
    },
    off: {
      entry: { type: 'reportKiosk', params: { on: false } },
      on: { 'kiosk.enable': { target: 'on', actions: { type: 'persist', params: { enabled: true } } } },
    },
    on: {
      description:
        'Lobby mode: the kiosk header (brand only) shows instead of the app header, and nothing personal shows (no name, no RSVP or claim).',
      tags: ['kiosk'],
      entry: { type: 'reportKiosk', params: { on: true } },
      on: {
        'kiosk.disable': { target: 'off', actions: { type: 'persist', params: { enabled: false } } },
        'user.tapToExit': { guard: 'exitAllowed', target: 'off', actions: { type: 'persist', params: { enabled: false } } },
      },
    },
  },
});
