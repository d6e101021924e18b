import { and, assign, enqueueActions, fromPromise, sendTo, setup, waitFor, type AnyActorLogic, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { sessionMachine, SESSION_ID } from '../session/session.machine';
import type { SessionReport, SessionUser } from '../session/session.types';
import { flagsMachine, FLAGS_ID, type FlagsReport } from '../flags/flags.machine';
import { flagUserOf } from '../flags/flagUser';
import { buildingMachine, BUILDING_ID, buildingLanguage, type Building, type BuildingReport } from '../building/building.machine';
import { localeMachine, LOCALE_ID, type LocaleReport } from '../locale/locale.machine';
import { FALLBACK_RUNTIME_CONFIG, type RuntimeConfig } from '../../contracts/runtimeConfig';
import type { Whitelabel } from '../../contracts/boot';
import { FLAG_DEFAULTS, type FlagValues } from '../../contracts/flags';
import { matchLocale } from '../../contracts/locales';
import { headerMenuMachine, HEADER_MENU_ID } from '../shell/headerMenu.machine';
import { globalErrorMachine, GLOBAL_ERROR_ID } from '../globalError/globalError.machine';
import { kioskMachine, KIOSK_ID, type KioskReport } from '../kiosk/kiosk.machine';
import { analyticsConsentMachine, ANALYTICS_CONSENT_ID, type AnalyticsConsent } from '../analytics/analyticsConsent.machine';
import { colorSchemeMachine, COLOR_SCHEME_ID, type ColorSchemeReport } from '../appearance/colorScheme.machine';
import { notificationsMachine, NOTIFICATIONS_ID } from '../notifications/notifications.machine';
import { notificationCentreMachine, NOTIFICATION_CENTRE_ID } from '../notificationCentre/notificationCentre.machine';
import { cardSheetMachine, CARD_SHEET_ID } from '../payments/cardSheet.machine';
import { bridgeMachine, BRIDGE_ID, type BridgeReport, type ReadEventName } from '../bridge/bridge.machine';
import type { Farm } from '../farm/farmSelector.types';
import { isWebViewPath, type WebViewLaunch, type WebViewProblem } from './webView';
import type { PendingSso } from '../auth/authFlow.types';
import { screenId, SCREENS, type ScreenName } from './screens';
import type { ScreenFacts } from './screen.types';
import { toAppError } from '../../contracts/errors';
import { spawnLoaded } from '../shared/spawn';

export const APP_ID = 'app';

export type { Whitelabel };

/** A screen flow the routes opened: its params, its logic, and what it is about now (null: waiting for a fact). */
export interface OpenScreen {
  /** The route that opened it last: only that route's leaving closes it. */
  owner: string;
  params: unknown;
  logic: AnyActorLogic;
  key: string | null;
  /** The flow reached its end (the auth flow, signed in): it starts again only when its route opens it again. */
  finished?: boolean;
}

export interface AppContext {
  /** The deployment's runtime configuration (/config.json). */
  config: RuntimeConfig;
  whitelabel: Whitelabel | null;
  /** The language asked for at start: the `lang` parameter, else the stored one, else the browser's. */
  requestedLocale: string | null;
  /** Kiosk mode: as the tab kept it (session storage) at start, handed to the kiosk actor; then as the kiosk reports it. */
  kioskEnabled: boolean;
  /** The analytics consent kept in the browser, handed to the consent actor at start. */
  analyticsConsent: AnalyticsConsent;
  /** The colour scheme setting kept in the browser, handed to its actor at start. */
  colorScheme: string | null;
  /** The page's host name: the anonymous flag user is evaluated for it. */
  host: string;
  /** The farm (test environment) whose API every call goes to, or null for the configured one. */
  farm: Farm | null;
  /** What the sign-in kept before leaving for an identity provider, as the page found it. */
  pendingSso: PendingSso | null;
  /** The building to open after sign-in: the address's or the last visit's, then the last one ready. */
  preferredBuildingUuid: string | null;
  /** What the children last reported: the facts screen flows start from, and the API's per-call values. */
  user: SessionUser | null;
  buildingUuid: string | null;
  /** The current building as requests name it (name, portfolio, asset); set with buildingUuid. */
  building: ScreenFacts['building'];
  /** The language screens and calls use: the locale's report, or at a switch the building's own at once. */
  locale: string;
  flags: FlagValues;
  screens: Partial<Record<ScreenName, OpenScreen>>;
  /** The address's path as the router last resolved it (null before the first). */
  path: string | null;
  /**
   * A native app's web view launch (/webview?accessToken=…): its token until handed to the session, its API base, and
   * why it could not be taken, if it could not. Null when the page was not opened so.
   */
  webView: { token: string | null; baseUrl: string | null; problem: WebViewProblem | null } | null;
  /** A native app hosts the page (React Native, WebKit's handler, or a known parent frame): its Close can be offered. */
  nativeHost: boolean;
  /** The origin of the page framing this one (null: not framed); a host when `embedderOrigins` names it. */
  framedBy: string | null;
  error: { status: number; message: string } | null;
}

export type ScreenOpenEvent = { type: 'screen.open'; screen: ScreenName; params: unknown; logic: AnyActorLogic; owner: string };

export type AppEvent =
  | { type: 'user.retry' }
  | SessionReport
  | BuildingReport
  | LocaleReport
  | FlagsReport
  | KioskReport
  | BridgeReport
  | ColorSchemeReport
  | ScreenOpenEvent
  | { type: 'screen.close'; screen: ScreenName; owner: string }
  /** The router resolved a new address (`from` is null on the first one). */
  | { type: 'route.changed'; from: string | null; to: string }
  | { type: 'farm.choose'; farm: Farm | null }
  /** The person leaves an unreachable farm for the default API (the unavailable screen's way back). */
  | { type: 'user.useDefaultFarm' }
  /** The web view's Close: the native app is asked to close it. */
  | { type: 'user.closeWebView' };

/** `starting`: configuration, first load or first route still under way; `unavailable`: the API cannot be reached. */
export type AppTag = 'starting' | 'unavailable' | 'ready';

export interface AppInput {
  requestedLocale: string | null;
  /**
   * The supported locale the requested one matches, known before its catalogue loads: calls that leave during
   * start-up already ask in it, so the catalogue's arrival is no change of language (and loads nothing again).
   */
  locale?: string;
  kioskEnabled?: boolean;
  analyticsConsent?: AnalyticsConsent;
  colorScheme?: string | null;
  host?: string;
  farm?: Farm | null;
  preferredBuildingUuid?: string | null;
  pendingSso?: PendingSso | null;
  /** What a native app opened the page with (/webview?accessToken=…), the token already gone from the address. */
  webView?: WebViewLaunch | null;
  nativeHost?: boolean;
  /** The origin of the page framing this one, or null when not framed: a host frame once the configuration names it. */
  framedBy?: string | null;
}

/** A screen flow spawned in the app's system under `screen.<name>` (its id and systemId), so views find it by name. */
const spawnScreen = (name: ScreenName, logic: AnyActorLogic, input: unknown) =>
  spawnLoaded<AppContext, AppEvent, never, AnyActorLogic>(logic, { id: screenId(name), systemId: screenId(name), input });

/**
 * Resolves when a long-lived child reaches a tagged state (the session leaving restoring, the flags ready); the child's
 * logic is named so `done` asks about its own tags.
 */
const waitForChild = <TLogic extends AnyActorLogic>(
  system: { get(id: string): AnyActorRef | undefined },
  id: string,
  done: (snapshot: SnapshotFrom<TLogic>) => boolean,
) => {
  const child = system.get(id);
  if (!child) return Promise.reject(new Error(`${id} is not running`));
  return waitFor(child, done);
};

/** The locale a building's own language resolves to, as the locale actor will match it (none: the fallback). */
export const buildingLocale = (building: Building) => matchLocale(buildingLanguage(building));

/** The path of an address (`/building/b-1?x#y` → `/building/b-1`). */
const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href;

/**
 * The app runs inside a host's navigation: a native host (React Native, WebKit's handler) found at start, the native
 * app's web view paths, or a framing page of an origin the deployment names (`embedderOrigins`, decision 171).
 */
export const inHostNavigation = (context: Pick<AppContext, 'nativeHost' | 'path' | 'framedBy' | 'config'>) =>
  context.nativeHost || isWebViewPath(context.path ?? '') || (context.framedBy !== null && context.config.embedderOrigins.includes(context.framedBy));

/** The facts a screen flow starts from, as the app knows them now. */
export const screenFacts = (context: AppContext): ScreenFacts => ({
  buildingUuid: context.buildingUuid,
  building: context.building,
  inHostNavigation: inHostNavigation(context),
  locale: context.locale,
  flags: context.flags,
  user: context.user,
  miniAppUrls: context.config.miniAppUrls,
  miniApps: context.config.miniApps ?? [],
  helpDeskEmail: context.whitelabel?.helpDeskEmail ?? null,
  pendingSso: context.pendingSso,
  lobby: context.kioskEnabled,
});

/** Where a screen should be: its input and key from the facts, or null while a fact is missing. */
const screenTarget = (name: ScreenName, params: unknown, facts: ScreenFacts) => {
  const spec = SCREENS[name] as { input(p: unknown, f: ScreenFacts): unknown; restartKey(p: unknown, f: ScreenFacts): string };
  const input = spec.input(params, facts);
  return input === null ? null : { input, key: spec.restartKey(params, facts) };
};

/** The open screens whose key no longer matches the facts: what to stop, what to start, and the new key. */
export function screenChanges(context: AppContext) {
  const facts = screenFacts(context);
  return (Object.keys(context.screens) as ScreenName[]).flatMap((name) => {
    const open = context.screens[name]!;
    if (open.finished) return [];
    const target = screenTarget(name, open.params, facts);
    const key = target?.key ?? null;
    if (key === open.key) return [];
    return [{ name, key, stop: open.key !== null, start: target ? { logic: open.logic, input: target.input } : null }];
  });
}

/**
 * The root actor. It owns the long-lived actors (session, flags, building, locale, header menu, global error, kiosk,
 * analytics consent, colour scheme, notifications) and the screen flows the routes open, all in one actor system, and it holds the rules by which
 * one drives another: each child reports what happened (`session.signedIn`, `building.ready`, `locale.changed`,
 * `flags.updated`) and the app's transitions tell the others. Start-up: the white-label brand, the health check, the
 * flags, the user and the language load in parallel regions; the app shows once all are done.
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput, tags: {} as AppTag },
  actors: {
    session: sessionMachine,
    flags: flagsMachine,
    building: buildingMachine,
    locale: localeMachine,
    headerMenu: headerMenuMachine,
    globalError: globalErrorMachine,
    kiosk: kioskMachine,
    analyticsConsent: analyticsConsentMachine,
    colorScheme: colorSchemeMachine,
    notifications: notificationsMachine,
    notificationCentre: notificationCentreMachine,
    bridge: bridgeMachine,
    cardSheet: cardSheetMachine,
    loadConfig: fromPromise<RuntimeConfig, void>(async () => FALLBACK_RUNTIME_CONFIG),
    loadWhitelabel: fromPromise<Whitelabel, void>(() => Promise.reject(new Error('loadWhitelabel is not provided'))),
    healthCheck: fromPromise<void, void>(() => Promise.reject(new Error('healthCheck is not provided'))),
    flagsReady: fromPromise<void, void>(async ({ system }) => {
      await waitForChild<typeof flagsMachine>(system, FLAGS_ID, (s) => s.hasTag('ready'));
    }),
    userReady: fromPromise<void, void>(async ({ system }) => {
      await waitForChild<typeof sessionMachine>(system, SESSION_ID, (s) => !s.hasTag('restoring'));
    }),
    localeReady: fromPromise<void, void>(async ({ system }) => {
      await waitForChild<typeof localeMachine>(system, LOCALE_ID, (s) => s.hasTag('ready'));
    }),
    /**
     * The API a web view launch names (webViewApiBase): null for the configured one, a registered farm, or a rejection
     * for any other (wired by the app, which reads the farm list).
     */
    matchWebViewBase: fromPromise<Farm | null, { baseUrl: string | null; config: RuntimeConfig }>(() =>
      Promise.reject(new Error('matchWebViewBase is not provided')),
    ),
    /** The router resolves the address (its rules and the screen flows its routes open; wired by the app). */
    resolveRoute: fromPromise<void, void>(async () => {}),
  },
  actions: {
    /** The building that became ready is the current one: its uuid (and the next sign-in's), name, portfolio and asset. */
    takeReadyBuilding: assign((_, params: { building: Building }) => ({
      buildingUuid: params.building.uuid,
      preferredBuildingUuid: params.building.uuid,
      building: {
        uuid: params.building.uuid,
        name: params.building.name,
        portfolioUuid: params.building.portfolio_uuid,
        assetUuid: params.building.asset_uuid,
      },
    })),
    /** Points analytics and error reporting at the configured services (wired by the app). */
    applyConfig: (_, _params: { config: RuntimeConfig }) => {},
    /** Applies the brand's colours, title and favicon (wired by the app). */
    applyWhitelabel: (_, _params: { whitelabel: Whitelabel }) => {},

    // Sign-in and sign-out.
    /** Flags are evaluated for whoever is signed in now (the anonymous user when nobody is). */
    identifyFlagUser: sendTo(FLAGS_ID, ({ context }) => ({ type: 'flags.identify' as const, user: flagUserOf(context.user, context.host) })),
    /** After sign-in, the person's building: the preferred one if they still have it, else their default. */
    loadBuilding: sendTo(BUILDING_ID, ({ context }, params: { user: SessionUser }) => ({
      type: 'building.load' as const,
      defaultBuildingUuid: params.user.default_building_uuid ?? null,
      preferredUuid: context.preferredBuildingUuid,
    })),
    clearBuilding: sendTo(BUILDING_ID, { type: 'building.clear' as const }),
    /** Forgets what the signed-in person had in this browser (building, theme, SSO details; wired by the app). */
    clearUserState: () => {},
    /** The routing rules run again (a sign-in, a sign-out or the maintenance flag changes where one may be; wired by the app). */
    recheckRoute: () => {},

    // A building switch and a language change.
    /** A switch resets the language to the new building's own (its first language by priority). */
    resetLanguage: sendTo(LOCALE_ID, (_, params: { requested: string | null }) => ({ type: 'locale.set' as const, requested: params.requested })),
    /**
     * A switch takes the building's language at once, before its catalogue is in: the screens the switch restarts
     * start in it (the locale's report then changes nothing), so the new building's content is asked for once. When
     * the language changes, the building is asked for again in it, as on any change of language.
     */
    takeBuildingLanguage: enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>(
      ({ enqueue, context, event }) => {
        if (event.type !== 'building.ready') return;
        const locale = buildingLocale(event.building);
        if (locale === context.locale) return;
        enqueue.assign({ locale });
        enqueue.sendTo(BUILDING_ID, { type: 'building.reload' });
      },
    ),
    /** After a switch on a building page the address names the new building: /building/{uuid} (wired by the app). */
    showBuildingInAddress: (_, _params: { uuid: string }) => {},
    /** Content comes in the request's language: a new language loads the building again. */
    reloadBuilding: sendTo(BUILDING_ID, { type: 'building.reload' as const }),

    // The mini-app bridge.
    /** Open mini-apps subscribed to these events hear the new values (the bridge reads them once). */
    tellBridgeBuilding: enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>(({ enqueue }) => {
      for (const event of ['buildingChanged', 'themeChanged'] as ReadEventName[]) enqueue.sendTo(BRIDGE_ID, { type: 'host.changed', event });
    }),
    /** The notification centre follows the building the app shows (its list, its count, its stream). */
    tellNotificationCentre: sendTo(NOTIFICATION_CENTRE_ID, ({ context }) =>
      context.buildingUuid ? { type: 'centre.building' as const, buildingUuid: context.buildingUuid } : { type: 'centre.clear' as const },
    ),
    clearNotificationCentre: sendTo(NOTIFICATION_CENTRE_ID, { type: 'centre.clear' as const }),
    tellBridgeLanguage: sendTo(BRIDGE_ID, { type: 'host.changed' as const, event: 'languageChanged' as const }),
    tellBridgeTheme: sendTo(BRIDGE_ID, { type: 'host.changed' as const, event: 'themeChanged' as const }),
    tellBridgeBrand: sendTo(BRIDGE_ID, { type: 'host.changed' as const, event: 'brandChanged' as const }),
    /** Someone is using an open mini-app: a lobby kiosk counts it as use of the screen. */
    forwardBridgeActivity: sendTo(KIOSK_ID, { type: 'user.activity' as const }),
    bridgeReady: sendTo(BRIDGE_ID, { type: 'host.ready' as const }),
    forwardIdleReset: sendTo(BRIDGE_ID, { type: 'kiosk.idleReset' as const }),
    /** A mini-app's card sheet closes with the person who opened it (its call answers USER_CANCELLED). */
    closeCardSheet: sendTo(CARD_SHEET_ID, { type: 'user.cancel' as const }),

    // Flags.
    /** The deployment's idle period for a lobby screen (runtime configuration kioskIdleSeconds). */
    forwardKioskIdle: sendTo(KIOSK_ID, ({ context }) => ({ type: 'kiosk.idleAfter' as const, seconds: context.config.kioskIdleSeconds })),
    /** The kiosk may be left by a tap only while the flag enable-exit-kiosk-mode is on. */
    forwardKioskExit: sendTo(KIOSK_ID, ({ context }) => ({ type: 'kiosk.exitAllowed' as const, allowed: context.flags['enable-exit-kiosk-mode'] })),

    // The address.
    /** The building home, as the logo leads there (wired by the app: the router moves to /home). */
    goHome: () => {},
    /** Every new page starts at the top (wired by the app). */
    scrollToTop: () => {},
    /** After a move to another page (not the first), focus goes to its heading, so a screen reader starts there (wired by the app). */
    focusPageHeading: (_, _params: { first: boolean; to: string }) => {},
    /** A menu or dialog of the header does not outlive its page. */
    closeHeaderMenu: sendTo(HEADER_MENU_ID, { type: 'route.changed' as const }),
    /** A page view with where the person came from (wired by the app). */
    trackPageView: (_, _params: { from: string | null; to: string }) => {},
    /** Keeps the chosen farm for the next visit (wired by the app). */
    persistFarm: (_, _params: { farm: Farm | null }) => {},
    /** Every call goes to the farm's API from now on (null: the configured one); `persistFarm` keeps it for the next visit. */
    rememberFarm: assign((_, params: { farm: Farm | null }) => ({ farm: params.farm })),

    /** The launch's token goes to the session actor, which checks it with the server as it checks a kept one. */
    adoptWebViewSession: sendTo(SESSION_ID, ({ context }) => ({ type: 'session.adopt' as const, token: context.webView?.token ?? '' })),
    refuseWebViewSession: sendTo(SESSION_ID, { type: 'session.adoptRefused' as const }),
    /** The app keeps no copy of the token once the session has it. */
    forgetWebViewToken: assign({ webView: ({ context }) => (context.webView ? { ...context.webView, token: null } : null) }),
    noteWebViewProblem: assign({
      webView: ({ context }, params: { problem: WebViewProblem }) => ({
        token: null,
        baseUrl: context.webView?.baseUrl ?? null,
        problem: params.problem,
      }),
    }),
    /** Asks the native app to close the web view (wired by the app: src/bridge/nativeHost.ts). */
    closeWebView: () => {},

    rememberUser: assign({ user: ({ event }) => (event.type === 'session.signedIn' ? event.user : null) }),
    rememberFlags: assign({ flags: ({ context, event }) => (event.type === 'flags.updated' ? event.values : context.flags) }),

    // Screen flows.
    rememberScreen: assign({
      screens: ({ context, event }) => {
        const { screen, params, logic, owner } = event as ScreenOpenEvent;
        return { ...context.screens, [screen]: { owner, params, logic, key: context.screens[screen]?.key ?? null, finished: false } };
      },
    }),
    stopScreen: enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>(({ enqueue, context, event }) => {
      const { screen } = event as { screen: ScreenName };
      if (context.screens[screen] && context.screens[screen].key !== null) enqueue.stopChild(screenId(screen));
    }),
    forgetScreen: assign({
      screens: ({ context, event }) => {
        const { [(event as { screen: ScreenName }).screen]: _closed, ...rest } = context.screens;
        return rest;
      },
    }),
    /**
     * Brings every open screen in line with the facts: a screen whose key changed is stopped and started again with
     * its new input (the same id, so the view's hook finds the new one), and its new key kept; one whose facts are
     * missing waits. Run after anything a screen's input may depend on changed.
     */
    syncScreens: enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>(({ enqueue, context }) => {
      const changes = screenChanges(context);
      for (const change of changes) {
        if (change.stop) enqueue.stopChild(screenId(change.name));
        // The logic came with the route's code, so it is not one of this machine's named actors.
        if (change.start) enqueue(spawnScreen(change.name, change.start.logic, change.start.input));
      }
      if (changes.length === 0) return;
      const screens = { ...context.screens };
      for (const change of changes) screens[change.name] = { ...screens[change.name]!, key: change.key };
      enqueue.assign({ screens });
    }),
    /**
     * Every open screen flow starts again from its beginning with the same input (the kiosk's idle reset): a half-filled
     * form, an open link-out frame or mini-app (children of the home and content flows) and a scrolled list all go.
     */
    resetScreens: enqueueActions<AppContext, AppEvent, undefined, AppEvent, never, never, never, never, never>(({ enqueue, context }) => {
      const facts = screenFacts(context);
      for (const name of Object.keys(context.screens) as ScreenName[]) {
        const open = context.screens[name]!;
        if (open.finished || open.key === null) continue;
        const target = screenTarget(name, open.params, facts);
        if (!target) continue;
        enqueue.stopChild(screenId(name));
        enqueue(spawnScreen(name, open.logic, target.input));
      }
    }),
    noteScreenFinished: assign({
      screens: ({ context, event }) => {
        const finished = (Object.keys(context.screens) as ScreenName[]).find((name) => event.type === `xstate.done.actor.${screenId(name)}`);
        return finished ? { ...context.screens, [finished]: { ...context.screens[finished]!, key: null, finished: true } } : context.screens;
      },
    }),
  },
  guards: {
    openedByThisRoute: ({ context, event }) => event.type === 'screen.close' && context.screens[event.screen]?.owner === event.owner,
    loadsBuilding: ({ event }) => (event.type === 'session.signedIn' || event.type === 'session.restoring') && event.loadBuilding,
    switched: ({ event }) => event.type === 'building.ready' && event.switched,
    /** The person is on a building page (/home, /building[/…]) that does not name the building now ready. */
    onAnotherBuildingsPage: ({ context, event }) =>
      event.type === 'building.ready' &&
      context.path !== null &&
      context.path !== `/building/${event.building.uuid}` &&
      (context.path === '/home' || context.path.startsWith('/building')),
    farmInUse: ({ context }) => context.farm !== null,
    launchedAsWebView: ({ context }) => context.webView?.token != null,
    localeChanged: ({ context, event }) => event.type === 'locale.changed' && event.locale !== context.locale,
    kioskExitChanged: ({ context, event }) =>
      event.type === 'flags.updated' && event.values['enable-exit-kiosk-mode'] !== context.flags['enable-exit-kiosk-mode'],
    kioskChanged: ({ context, event }) => event.type === 'kiosk.changed' && event.on !== context.kioskEnabled,
    maintenanceChanged: ({ context, event }) =>
      event.type === 'flags.updated' && event.values['maintenance-mode'] !== context.flags['maintenance-mode'],
    smartBuildingChanged: ({ context, event }) =>
      event.type === 'flags.updated' && event.values['show-smart-building'] !== context.flags['show-smart-building'],
  },
}).createMachine({
  id: APP_ID,
  context: ({ input }) => ({
    config: FALLBACK_RUNTIME_CONFIG,
    whitelabel: null,
    error: null,
    requestedLocale: input.requestedLocale,
    kioskEnabled: input.kioskEnabled ?? false,
    analyticsConsent: input.analyticsConsent ?? null,
    colorScheme: input.colorScheme ?? null,
    host: input.host ?? 'localhost',
    farm: input.farm ?? null,
    preferredBuildingUuid: input.preferredBuildingUuid ?? null,
    pendingSso: input.pendingSso ?? null,
    webView: input.webView ? { token: input.webView.token, baseUrl: input.webView.baseUrl, problem: null } : null,
    nativeHost: input.nativeHost ?? false,
    framedBy: input.framedBy ?? null,
    user: null,
    buildingUuid: null,
    building: null,
    locale: input.locale ?? 'en',
    flags: { ...FLAG_DEFAULTS },
    screens: {},
    path: null,
  }),
  invoke: [
    {
      src: 'session',
      id: SESSION_ID,
      systemId: SESSION_ID,
      input: ({ context, self }) => ({ awaitAdoption: context.webView !== null, reportTo: self }),
    },
    { src: 'flags', id: FLAGS_ID, systemId: FLAGS_ID, input: ({ self }) => ({ reportTo: self }) },
    { src: 'building', id: BUILDING_ID, systemId: BUILDING_ID, input: ({ self }) => ({ reportTo: self }) },
    { src: 'locale', id: LOCALE_ID, systemId: LOCALE_ID, input: ({ context, self }) => ({ requested: context.requestedLocale, reportTo: self }) },
    { src: 'headerMenu', id: HEADER_MENU_ID, systemId: HEADER_MENU_ID },
    { src: 'globalError', id: GLOBAL_ERROR_ID, systemId: GLOBAL_ERROR_ID },
    {
      src: 'kiosk',
      id: KIOSK_ID,
      systemId: KIOSK_ID,
      input: ({ context, self }) => ({ enabled: context.kioskEnabled, exitAllowed: context.flags['enable-exit-kiosk-mode'], reportTo: self }),
    },
    {
      src: 'analyticsConsent',
      id: ANALYTICS_CONSENT_ID,
      systemId: ANALYTICS_CONSENT_ID,
      input: ({ context }) => ({ persisted: context.analyticsConsent }),
    },
    {
      src: 'colorScheme',
      id: COLOR_SCHEME_ID,
      systemId: COLOR_SCHEME_ID,
      input: ({ context, self }) => ({ persisted: context.colorScheme, reportTo: self }),
    },
    { src: 'notifications', id: NOTIFICATIONS_ID, systemId: NOTIFICATIONS_ID },
    { src: 'notificationCentre', id: NOTIFICATION_CENTRE_ID, systemId: NOTIFICATION_CENTRE_ID },
    { src: 'bridge', id: BRIDGE_ID, systemId: BRIDGE_ID, input: ({ self }) => ({ reportTo: self }) },
    { src: 'cardSheet', id: CARD_SHEET_ID, systemId: CARD_SHEET_ID },
  ],
  on: {
    'session.signedIn': [
      {
        guard: 'loadsBuilding',
        description: 'Sign-in (or a restored session): flags for the person, their building, and the routing rules again.',
        actions: [
          { type: 'rememberUser' },
          'identifyFlagUser',
          { type: 'loadBuilding', params: ({ event }) => ({ user: event.user }) },
          'recheckRoute',
          'syncScreens',
        ],
      },
      {
        description: 'Sign-in without auto-login: flags and routing, the building is left alone.',
        actions: [{ type: 'rememberUser' }, 'identifyFlagUser', 'recheckRoute', 'syncScreens'],
      },
    ],
    'session.restoring': {
      guard: 'loadsBuilding',
      description: "A kept session is being checked: the person's building loads beside the check (the same request after it changes nothing).",
      actions: { type: 'loadBuilding', params: ({ event }) => ({ user: event.user }) },
    },
    'session.signedOut': {
      description: 'Nobody is signed in: anonymous flags, the routing rules again, and no building (one a kept session began to load).',
      actions: [
        assign({ user: null }),
        'identifyFlagUser',
        'clearBuilding',
        'clearNotificationCentre',
        'closeCardSheet',
        'recheckRoute',
        'syncScreens',
      ],
    },
    'session.adoptFailed': {
      description: "The server refused the native app's token: the web view says so instead of showing its screens.",
      actions: { type: 'noteWebViewProblem', params: { problem: 'token' } },
    },
    'user.closeWebView': { actions: 'closeWebView' },
    'session.cleared': {
      description: "Sign-out or an expired session: the person's building and browser state go.",
      actions: [assign({ preferredBuildingUuid: null }), 'clearUserState', 'clearBuilding'],
    },
    'building.ready': [
      {
        guard: and(['switched', 'onAnotherBuildingsPage']),
        description: "A switch on a building page: the building's own language (taken at once, so its screens start once, in it), and its address.",
        actions: [
          { type: 'takeReadyBuilding', params: ({ event }) => ({ building: event.building }) },
          { type: 'resetLanguage', params: ({ event }) => ({ requested: buildingLanguage(event.building) }) },
          'takeBuildingLanguage',
          { type: 'showBuildingInAddress', params: ({ event }) => ({ uuid: event.building.uuid }) },
          'tellBridgeBuilding',
          'tellNotificationCentre',
          'syncScreens',
        ],
      },
      {
        guard: 'switched',
        description: "A switch elsewhere (the account pages): the building's own language (taken at once); the address stays.",
        actions: [
          { type: 'takeReadyBuilding', params: ({ event }) => ({ building: event.building }) },
          { type: 'resetLanguage', params: ({ event }) => ({ requested: buildingLanguage(event.building) }) },
          'takeBuildingLanguage',
          'tellBridgeBuilding',
          'tellNotificationCentre',
          'syncScreens',
        ],
      },
      {
        actions: [
          { type: 'takeReadyBuilding', params: ({ event }) => ({ building: event.building }) },
          'tellBridgeBuilding',
          'tellNotificationCentre',
          'syncScreens',
        ],
      },
    ],
    'building.cleared': { actions: [assign({ buildingUuid: null, building: null }), 'clearNotificationCentre', 'syncScreens'] },
    'locale.changed': [
      {
        guard: 'localeChanged',
        description: 'Another language: the building (and its content) is asked for again in it.',
        actions: [assign({ locale: ({ event }) => event.locale }), 'reloadBuilding', 'tellBridgeLanguage', 'syncScreens'],
      },
    ],
    'colorScheme.changed': { description: 'Another colour scheme chosen: open mini-apps hear themeChanged.', actions: 'tellBridgeTheme' },
    'bridge.activity': {
      guard: ({ context }) => context.kioskEnabled,
      description: 'Someone uses an open mini-app on a lobby screen: its idle count starts again (a touch inside a frame never reaches the page).',
      actions: 'forwardBridgeActivity',
    },
    'kiosk.changed': {
      guard: 'kioskChanged',
      description: 'Lobby mode on or off: screens start again with or without personal actions (RSVP, claim).',
      actions: [assign({ kioskEnabled: ({ event }) => event.on }), 'syncScreens'],
    },
    'kiosk.idleReset': {
      description:
        'A lobby screen left alone for the idle period: open mini-apps hear kioskReset, its menus close, every open flow (and the link-out frame or mini-app in it) starts again, and it goes home.',
      actions: ['forwardIdleReset', 'closeCardSheet', 'closeHeaderMenu', 'resetScreens', 'goHome', 'scrollToTop'],
    },
    /**
     * A flag update, each rule on its own (whatever else changed in the same update): the kiosk's exit flag goes to the
     * kiosk; maintenance or the smart-building flag on or off runs the routing rules again (their routes open, close or
     * send home); every open screen is brought in line with the new values. The checks compare with the flags as they
     * were, before they are remembered. Only named guards and actions: a table of rules, not a side effect.
     */
    'flags.updated': {
      description: 'Each rule whose flag changed runs: kiosk exit to the kiosk; maintenance or smart building: the routing rules again.',
      actions: enqueueActions(({ enqueue, check }) => {
        const exitChanged = check('kioskExitChanged');
        const routingChanged = check('maintenanceChanged') || check('smartBuildingChanged');
        enqueue('rememberFlags');
        if (exitChanged) enqueue('forwardKioskExit');
        if (routingChanged) enqueue('recheckRoute');
        enqueue('syncScreens');
      }),
    },
    'route.changed': {
      actions: [
        assign({ path: ({ event }) => pathOf(event.to) }),
        'scrollToTop',
        // After a move (not on the first page), focus goes to the new page's heading and the header menu closes.
        { type: 'focusPageHeading', params: ({ event }) => ({ first: event.from === null, to: event.to }) },
        'closeHeaderMenu',
        { type: 'trackPageView', params: ({ event }) => ({ from: event.from, to: event.to }) },
      ],
    },
    'farm.choose': {
      actions: [
        { type: 'rememberFarm', params: ({ event }) => ({ farm: event.farm }) },
        { type: 'persistFarm', params: ({ event }) => ({ farm: event.farm }) },
      ],
    },
    'screen.open': { actions: ['rememberScreen', 'syncScreens'] },
    'screen.close': { guard: 'openedByThisRoute', actions: ['stopScreen', 'forgetScreen'] },
    // A screen flow that reached its end (the auth flow once signed in) starts again when its route is shown next.
    'xstate.done.actor.*': { actions: 'noteScreenFinished' },
  },
  initial: 'configuring',
  states: {
    configuring: {
      description: 'Reads the runtime configuration first: it names the API every other load talks to.',
      tags: ['starting'],
      invoke: {
        src: 'loadConfig',
        onDone: {
          target: 'starting',
          actions: [
            assign({ config: ({ event }) => event.output }),
            { type: 'applyConfig', params: ({ event }) => ({ config: event.output }) },
            'forwardKioskIdle',
          ],
        },
        onError: { target: 'starting', actions: { type: 'applyConfig', params: { config: FALLBACK_RUNTIME_CONFIG } } },
      },
    },
    starting: {
      description:
        "The full-screen spinner: six regions side by side: five loads (white-label brand, health, flags, user, language) and a web view's launch check.",
      tags: ['starting'],
      type: 'parallel',
      onDone: { target: 'routing' },
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
                    'tellBridgeBrand',
                  ],
                },
                // The brand's defaults stand in when the white-label service is down.
                onError: { target: 'done' },
              },
            },
            done: { type: 'final' },
          },
        },
        webView: {
          description:
            "A native app's web view: its API base is checked (the configured one or a registered farm) before its token goes to the session; any other is refused, and the token goes nowhere.",
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'launchedAsWebView', target: 'checkingBase' }, { target: 'done' }] },
            checkingBase: {
              invoke: {
                src: 'matchWebViewBase',
                input: ({ context }) => ({ baseUrl: context.webView?.baseUrl ?? null, config: context.config }),
                onDone: {
                  target: 'done',
                  actions: [
                    { type: 'rememberFarm', params: ({ event }) => ({ farm: event.output }) },
                    { type: 'persistFarm', params: ({ event }) => ({ farm: event.output }) },
                    'adoptWebViewSession',
                    'forgetWebViewToken',
                  ],
                },
                onError: { target: 'done', actions: [{ type: 'noteWebViewProblem', params: { problem: 'baseUrl' } }, 'refuseWebViewSession'] },
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
                  actions: assign({
                    error: ({ event }) => ({ status: toAppError(event.error).status, message: 'health check failed' }),
                  }),
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
    routing: {
      description:
        "The address's route resolves (its rules read the session and the flags, so it waits for them) before the app shows: the first screen then renders once, in slices, instead of again in one piece when the router would load under it.",
      tags: ['starting'],
      invoke: { src: 'resolveRoute', onDone: { target: 'ready' }, onError: { target: 'ready' } },
    },
    unavailable: {
      description: 'The health check failed: the API cannot be reached. When it is a farm’s, the person may go back to the default API.',
      tags: ['unavailable'],
      on: {
        'user.retry': { target: 'starting', actions: assign({ error: null }) },
        'user.useDefaultFarm': {
          guard: 'farmInUse',
          target: 'starting',
          actions: [{ type: 'rememberFarm', params: { farm: null } }, { type: 'persistFarm', params: { farm: null } }, assign({ error: null })],
        },
      },
    },
    ready: { tags: ['ready'], entry: 'bridgeReady' },
  },
});
