import { assign, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import { sessionMachine, SESSION_ID } from '../session/session.machine';
import { flagsMachine, FLAGS_ID } from '../flags/flags.machine';
import { buildingMachine, BUILDING_ID } from '../building/building.machine';
import { localeMachine, LOCALE_ID } from '../locale/locale.machine';
import { FALLBACK_RUNTIME_CONFIG, type RuntimeConfig } from '../../contracts/runtimeConfig';
import { headerMenuMachine, HEADER_MENU_ID } from '../shell/headerMenu.machine';
import { globalErrorMachine, GLOBAL_ERROR_ID } from '../globalError/globalError.machine';
import { kioskMachine, KIOSK_ID } from '../kiosk/kiosk.machine';
import { analyticsConsentMachine, ANALYTICS_CONSENT_ID, type AnalyticsConsent } from '../analytics/analyticsConsent.machine';

export const APP_ID = 'app';

/** The brand chosen by the page's host name, and its white-label settings. */
export interface Whitelabel {
  brand: string;
  name: string;
  uuid: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  language: string;
  helpDeskEmail: string;
  isAvatarVisible: boolean;
}

export interface AppContext {
  /** The deployment's runtime configuration (/config.json). */
  config: RuntimeConfig;
  whitelabel: Whitelabel | null;
  /** The language asked for at start: the `lang` parameter, else the stored one, else the browser's. */
  requestedLocale: string | null;
  /** Kiosk mode as the tab kept it (session storage), handed to the kiosk actor at start. */
  kioskEnabled: boolean;
  /** The analytics consent kept in the browser, handed to the consent actor at start. */
  analyticsConsent: AnalyticsConsent;
  error: { status: number; message: string } | null;
}

export type AppEvent = { type: 'user.retry' };

/** Resolves when a long-lived child reaches a tagged state (the session leaving restoring, the flags ready). */
const waitForChild = (system: { get(id: string): AnyActorRef | undefined }, id: string, done: (snapshot: { hasTag(tag: string): boolean }) => boolean) => {
  const child = system.get(id);
  if (!child) return Promise.reject(new Error(`${id} is not running`));
  return waitFor(child, (snapshot) => done(snapshot as { hasTag(tag: string): boolean }));
};

/**
 * The root actor. It owns the long-lived actors (session, flags, building, locale, global error, kiosk, analytics consent) and the
 * start-up: the white-label brand, the health check, the flags, the user and the language load in parallel regions;
 * the app shows once all are done.
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as { requestedLocale: string | null; kioskEnabled?: boolean; analyticsConsent?: AnalyticsConsent } },
  actors: {
    session: sessionMachine,
    flags: flagsMachine,
    building: buildingMachine,
    locale: localeMachine,
    headerMenu: headerMenuMachine,
    globalError: globalErrorMachine,
    kiosk: kioskMachine,
    analyticsConsent: analyticsConsentMachine,
    loadConfig: fromPromise<RuntimeConfig, void>(async () => FALLBACK_RUNTIME_CONFIG),
    loadWhitelabel: fromPromise<Whitelabel, void>(() => Promise.reject(new Error('loadWhitelabel is not provided'))),
    healthCheck: fromPromise<void, void>(() => Promise.reject(new Error('healthCheck is not provided'))),
    flagsReady: fromPromise<void, void>(async ({ system }) => {
      await waitForChild(system, FLAGS_ID, (s) => s.hasTag('ready'));
    }),
    userReady: fromPromise<void, void>(async ({ system }) => {
      await waitForChild(system, SESSION_ID, (s) => !s.hasTag('restoring'));
    }),
    localeReady: fromPromise<void, void>(async ({ system }) => {
      await waitForChild(system, LOCALE_ID, (s) => s.hasTag('ready'));
    }),
  },
  actions: {
    /** Points the API client at the configured API base and key (wired by the app). */
    applyConfig: (_, _params: { config: RuntimeConfig }) => {},
    /** Applies the brand's colours, title and favicon (wired by the app). */
    applyWhitelabel: (_, _params: { whitelabel: Whitelabel }) => {},
  },
}).createMachine({
  id: APP_ID,
  context: ({ input }) => ({ config: FALLBACK_RUNTIME_CONFIG, whitelabel: null, error: null, requestedLocale: input.requestedLocale, kioskEnabled: input.kioskEnabled ?? false, analyticsConsent: input.analyticsConsent ?? null }),
  invoke: [
    { src: 'session', id: SESSION_ID, systemId: SESSION_ID },
    { src: 'flags', id: FLAGS_ID, systemId: FLAGS_ID },
    { src: 'building', id: BUILDING_ID, systemId: BUILDING_ID },
    { src: 'locale', id: LOCALE_ID, systemId: LOCALE_ID, input: ({ context }) => ({ requested: context.requestedLocale }) },
    { src: 'headerMenu', id: HEADER_MENU_ID, systemId: HEADER_MENU_ID },
    { src: 'globalError', id: GLOBAL_ERROR_ID, systemId: GLOBAL_ERROR_ID },
    { src: 'kiosk', id: KIOSK_ID, systemId: KIOSK_ID, input: ({ context }) => ({ enabled: context.kioskEnabled }) },
    { src: 'analyticsConsent', id: ANALYTICS_CONSENT_ID, systemId: ANALYTICS_CONSENT_ID, input: ({ context }) => ({ persisted: context.analyticsConsent }) },
  ],
  initial: 'configuring',
  states: {
    configuring: {
      description: 'Reads the runtime configuration first: it names the API every other load talks to.',
      tags: ['starting'],
      invoke: {
        src: 'loadConfig',
        onDone: {
          target: 'starting',
          actions: [assign({ config: ({ event }) => event.output }), { type: 'applyConfig', params: ({ event }) => ({ config: event.output }) }],
        },
        onError: { target: 'starting', actions: { type: 'applyConfig', params: { config: FALLBACK_RUNTIME_CONFIG } } },
      },
    },
    starting: {
      description: 'The full-screen spinner: four independent loads run side by side.',
      tags: ['starting'],
      type: 'parallel',
      onDone: { target: 'ready' },
      states: {
        whitelabel: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadWhitelabel',
                onDone: {
                  target: 'done',
                  actions: [
                    assign({ whitelabel: ({ event }) => event.output }),
                    { type: 'applyWhitelabel', params: ({ event }) => ({ whitelabel: event.output }) },
                  ],
                },
                // The brand's defaults stand in when the white-label service is down.
                onError: { target: 'done' },
              },
            },
            done: { type: 'final' },
          },
        },
        health: {
          initial: 'checking',
          states: {
            checking: {
              invoke: {
                src: 'healthCheck',
                onDone: { target: 'done' },
                onError: {
                  target: '#app.unavailable',
                  actions: assign({ error: ({ event }) => ({ status: (event.error as { status?: number })?.status ?? 0, message: 'health check failed' }) }),
                },
              },
            },
            done: { type: 'final' },
          },
        },
        flags: {
          initial: 'waiting',
          states: {
            waiting: { invoke: { src: 'flagsReady', onDone: { target: 'done' }, onError: { target: 'done' } } },
            done: { type: 'final' },
          },
        },
        user: {
          initial: 'waiting',
          states: {
            waiting: { invoke: { src: 'userReady', onDone: { target: 'done' }, onError: { target: 'done' } } },
            done: { type: 'final' },
          },
        },
        locale: {
          description: 'The catalogue of the requested language, so the first paint is in that language.',
          initial: 'waiting',
          states: {
            waiting: { invoke: { src: 'localeReady', onDone: { target: 'done' }, onError: { target: 'done' } } },
            done: { type: 'final' },
          },
        },
      },
    },
    unavailable: {
      description: 'The health check failed: the API cannot be reached.',
      tags: ['unavailable'],
      on: { 'user.retry': { target: 'starting', actions: assign({ error: null }) } },
    },
    ready: { tags: ['ready'] },
  },
});
