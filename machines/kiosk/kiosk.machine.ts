import { assign, fromPromise, not, sendTo, setup } from 'xstate';
import { reportTarget, reportToOf, type ReportTarget, type ReportsTo } from '../shared/reports';
import { toAppError } from '../../contracts/errors';

export const KIOSK_ID = 'kiosk';

export interface KioskInput extends ReportsTo<KioskReport> {
  /** Read by the app from session storage (KIOSK_ENABLED), so a reload of a lobby screen stays in kiosk mode. */
  enabled: boolean;
  exitAllowed?: boolean;
  /** Seconds without input after which a lobby screen goes home and starts its screens again (default 90). */
  idleSeconds?: number;
}

/** A lobby screen left alone this long returns home (decision 172); the deployment may change it. */
export const DEFAULT_KIOSK_IDLE_SECONDS = 90;

/** An idle period the kiosk takes: whole seconds from 10 s to a day; anything else keeps the default. */
export const kioskIdleSecondsOf = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 10 && value <= 86_400 ? value : DEFAULT_KIOSK_IDLE_SECONDS;

export interface KioskContext {
  enabledAtStart: boolean;
  /** Whether a tap on the kiosk header may leave kiosk mode (the app forwards the flag enable-exit-kiosk-mode). */
  exitAllowed: boolean;
  /** Why the last password given to leave was refused (the server's message), or null. */
  exitError: { status: number; message: string } | null;
  /** Seconds without input before the idle reset. */
  idleSeconds: number;
  reportTo: ReportTarget<KioskReport> | null;
}

/**
 * What the kiosk tells the app (its parent): lobby mode began or ended (screen flows start again without personal
 * actions); or the screen was left alone for the idle period (the app goes home, starts its screens again and tells
 * open mini-apps `kioskReset`).
 */
export type KioskReport = { type: 'kiosk.changed'; on: boolean } | { type: 'kiosk.idleReset' };

export type KioskEvent =
  | { type: 'kiosk.enable' }
  | { type: 'kiosk.disable' }
  | { type: 'kiosk.exitAllowed'; allowed: boolean }
  /** The deployment's idle period (the app forwards the runtime configuration's kioskIdleSeconds). */
  | { type: 'kiosk.idleAfter'; seconds: number }
  /** Someone touched, clicked, scrolled or typed on the screen (throttled by the view). */
  | { type: 'user.activity' }
  /** The exit button of the kiosk header: asks for the person's password. */
  | { type: 'user.tapToExit' }
  | { type: 'user.cancelExit' }
  /** The password typed to leave; it goes to the check and is kept nowhere. */
  | { type: 'user.confirmExit'; password: string };

export type KioskTag = 'kiosk' | 'exitAsked' | 'exitChecking' | 'idleWatching';

/**
 * Kiosk mode: the header switch turns it on or off and the choice is kept for the tab's life; while it is on, the
 * minimal kiosk header shows. Where the flag allows leaving, its exit button asks for the signed-in person's password,
 * which the server checks, before kiosk mode ends: a passer-by's tap leads nowhere (issue 22, item 8; decision 146).
 * A lobby screen works unattended: once nobody has touched it for the idle period it tells the app to go home and start
 * every open flow and mini-app again, then waits for the next person before it counts again (issue 23).
 */
export const kioskMachine = setup({
  types: {
    context: {} as KioskContext,
    events: {} as KioskEvent,
    input: {} as KioskInput,
    tags: {} as KioskTag,
  },
  actors: {
    /** The server's check of the person's password (the app: POST /users/current/password/check). */
    checkPassword: fromPromise<void, { password: string }>(() => Promise.reject(new Error('checkPassword is not provided'))),
  },
  actions: {
    /** Keeps the choice (the app: session storage KIOSK_ENABLED 'true', or removed). */
    persist: (_, _params: { enabled: boolean }) => {},
    /** Tells the app whether lobby mode is on (its screens leave out personal actions while it is). */
    reportKiosk: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (_, params: { on: boolean }): KioskReport => ({ type: 'kiosk.changed', on: params.on }),
    ),
    /** Tells the app the screen was left alone: home, every screen flow from its start, mini-apps told `kioskReset`. */
    reportIdleReset: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (): KioskReport => ({ type: 'kiosk.idleReset' }),
    ),
  },
  delays: {
    kioskIdle: ({ context }) => context.idleSeconds * 1000,
  },
  guards: {
    enabledAtStart: ({ context }) => context.enabledAtStart,
    exitAllowed: ({ context }) => context.exitAllowed,
  },
}).createMachine({
  id: KIOSK_ID,
  // Exiting stays off until the app says the flag allows it: a lobby screen should not be left by a passer-by's tap.
  context: ({ input }) => ({
    enabledAtStart: input.enabled,
    exitAllowed: input.exitAllowed ?? false,
    exitError: null,
    idleSeconds: kioskIdleSecondsOf(input.idleSeconds),
    reportTo: reportToOf(input),
  }),
  initial: 'starting',
  on: {
    'kiosk.exitAllowed': { actions: assign({ exitAllowed: ({ event }) => event.allowed }) },
    'kiosk.idleAfter': { actions: assign({ idleSeconds: ({ event }) => kioskIdleSecondsOf(event.seconds) }) },
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
      },
      type: 'parallel',
      states: {
        exit: {
          initial: 'showing',
          states: {
            showing: {
              on: { 'user.tapToExit': { guard: 'exitAllowed', target: 'asking', actions: assign({ exitError: null }) } },
            },
            asking: {
              description: "The exit dialog asks for the signed-in person's password; a flag that stops allowing exits closes it.",
              tags: ['exitAsked'],
              always: { guard: not('exitAllowed'), target: 'showing' },
              on: {
                'user.cancelExit': 'showing',
                'user.confirmExit': { target: 'checking', actions: assign({ exitError: null }) },
              },
            },
            checking: {
              description: 'The server checks the password (counted in the account guess limit).',
              tags: ['exitAsked', 'exitChecking'],
              invoke: {
                src: 'checkPassword',
                input: ({ event }) => ({ password: event.type === 'user.confirmExit' ? event.password : '' }),
                onDone: { target: '#kiosk.off', actions: { type: 'persist', params: { enabled: false } } },
                onError: {
                  target: 'asking',
                  actions: assign({
                    exitError: ({ event }) => toAppError(event.error),
                  }),
                },
              },
            },
          },
        },
        idle: {
          description: 'The unattended screen: input restarts the count; the idle period without any sends the app home.',
          initial: 'watching',
          states: {
            watching: {
              tags: ['idleWatching'],
              on: { 'user.activity': { target: 'watching', reenter: true } },
              after: {
                kioskIdle: { target: ['rested', '#kiosk.on.exit.showing'], actions: 'reportIdleReset' },
              },
            },
            rested: {
              description: 'Reset and at home: nothing to reset again until someone uses the screen.',
              on: { 'user.activity': 'watching' },
            },
          },
        },
      },
    },
  },
});
