import { createActor, fromPromise, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine, APP_ID, type Whitelabel } from '../../machines/app/app.machine';
import { sessionMachine, isTokenExpired, SESSION_ID } from '../../machines/session/session.machine';
import { FLAGS_ID, flagsMachine } from '../../machines/flags/flags.machine';
import { flagUserOf } from '../../machines/flags/flagUser';
import { buildingMachine } from '../../machines/building/building.machine';
import { localeMachine } from '../../machines/locale/locale.machine';
import { globalErrorMachine } from '../../machines/globalError/globalError.machine';
import { kioskMachine } from '../../machines/kiosk/kiosk.machine';
import { headerMenuMachine } from '../../machines/shell/headerMenu.machine';
import { analyticsConsentMachine } from '../../machines/analytics/analyticsConsent.machine';
import { colorSchemeMachine } from '../../machines/appearance/colorScheme.machine';
import { notificationCentreLogic } from './notificationCentre';
import { loadCatalogue, matchLocale } from '../i18n/locales';
import { createApiClient, installApiClient, type RequestContext, type SessionBridge } from '../api/client';
import * as authApi from '../api/auth';
import * as buildingsApi from '../api/buildings';
import * as usersApi from '../api/users';
import * as whitelabelApi from '../api/whitelabel';
import { track } from '../api/analytics';
import { loadRuntimeConfig } from '../api/runtimeConfig';
import { apiBaseForHost } from '../../machines/app/apiBase';
import { applyBrandLook, applyBuildingLook, applyPageIdentity } from '../ui/kit/theme';
import { persistColorScheme, persistedColorScheme, showColorScheme } from './adapters/colorScheme';
import { attachRouter, invalidateRoute, navigate, resolveRoute } from './adapters/navigation';
import {
  clearUserState,
  persistAnalyticsConsent,
  persistAuth,
  persistBuilding,
  persistedAnalyticsConsent,
  persistedAuth,
  persistedBuildingUuid,
  persistedFarm,
  pendingSso,
  persistedLanguage,
  persistedTheme,
  persistFarm,
  persistLanguage,
  persistTheme,
} from './adapters/storage';
import { persistedKioskEnabled, persistKioskEnabled } from './adapters/kioskStorage';
import { CLOSE_WEB_VIEW_MESSAGE, configureNativeHost, framingOrigin, nativeHostOf, notifyNativeHost } from '../bridge/nativeHost';
import { takeWebViewLaunch, webViewLocaleOf } from './adapters/webViewLaunch';
import { webViewApiBase } from '../../machines/app/webView';
import { systemActor } from '../../machines/app/system';
import { listFarms } from '../api/farms';
import { APP_HOME } from '../../machines/routing/routeAccess';
import { addAnalyticsTag, configureAnalyticsTag, removeAnalyticsTag } from './adapters/analyticsTag';
import { startErrorReporting } from './adapters/errorReporting';
import { flagActors } from './flags/flagActors';
import { bridgeLogic } from '../bridge/bridgeLogic';
import { cardSheetMachine } from '../../machines/payments/cardSheet.machine';
import { once, readBootData } from './adapters/boot';
import { deferredSender } from './adapters/deferredSender';
import { afterFirstPaint, preloadImage } from './adapters/preload';
import { pageLeaving } from './adapters/pageLifecycle';
import type { BuildingTheme } from '../../machines/building/building.machine';
import { brandIconUrl, type BootData } from '../../contracts/boot';

import type { AppActor, SessionRef } from '../../machines/app/app.refs';
export type { AppActor, BuildingRef, FlagsRef, GlobalErrorRef, KioskRef, SessionRef } from '../../machines/app/app.refs';

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const host = () => (typeof window === 'undefined' ? 'localhost' : window.location.hostname);

/** A building uuid in the address (/building/{uuid}) asks for that building from the first load on. */
const buildingUuidInAddress = () => (typeof window === 'undefined' ? null : (/^\/building\/([^/?#]+)/.exec(window.location.pathname)?.[1] ?? null));

/** The building home's addresses (/home, /building, /building/{uuid}), where the hero shows first. */
const isBuildingHomePath = () => typeof window !== 'undefined' && /^\/(home|building)(\/[^/]+)?\/?$/.test(window.location.pathname);

/** The sign-in pages, from which a signed-in person goes home. */
const isSignInPath = () => typeof window !== 'undefined' && /^\/(login|signup)\/?$/.test(window.location.pathname);

/** Whether this page's first building has been asked for (its home's calls started then, if it was a home). */
let firstBuildingAsked = false;

/**
 * The home's calls leave beside the building's own (issue 26): with the sign-in's answer, or with the first building
 * of a page load of the home, rather than after the home's code and messages are in. A switch of building on the home
 * leaves them to the home (the language may change with it); elsewhere nothing is asked for that page will not show.
 */
function warmHomeFor(app: AppActor, buildingUuid: string) {
  const first = !firstBuildingAsked;
  firstBuildingAsked = true;
  if (!isSignInPath() && !(first && isBuildingHomePath())) return;
  const v2 = systemActor(app.system, FLAGS_ID)?.getSnapshot().context.values['show-content-v-2'] ?? false;
  const lang = requestValuesOf(app).locale;
  // The home's calls are the home's code: loaded with it while the person typed (or preloaded with a home address).
  void import('../api/home')
    .then(({ warmHome }) => warmHome(buildingUuid, lang, v2 ? 'v2' : 'v1'))
    .then(preloadImage)
    .catch(() => {});
}

/** The API is named by the runtime configuration: calls wait until the app has read it. */
const configured = (app: () => AppActor) => waitFor(app(), (s) => !s.matches('configuring')).then(() => undefined);

/**
 * What every call carries that changes while the app runs, read from the actors whenever a call leaves: the API base
 * (the farm's when one is chosen) and key, the brand, the language and the current building.
 */
export function requestValuesOf(app: AppActor): RequestContext {
  const { config, farm, whitelabel, locale, buildingUuid } = app.getSnapshot().context;
  return {
    apiBase: farm?.url ?? config.apiBase,
    apiKey: config.apiKey ?? '',
    brand: whitelabel?.brand ?? 'atrium',
    locale,
    buildingUuid,
    appUuid: 'atrium-tenant-web',
  };
}

async function loadWhitelabel(): Promise<Whitelabel> {
  const [label, theme] = await Promise.all([whitelabelApi.whitelabelForHost(host()), whitelabelApi.domainTheme(host())]);
  const config = await whitelabelApi.whitelabelConfig(label.whitelabel_config_uuid);
  return {
    brand: label.brand_identifier,
    name: label.name,
    uuid: label.uuid,
    logoUrl: label.logo_url,
    logoDarkUrl: label.logo_dark_url ?? null,
    primaryColor: config.primaryColor,
    secondaryColor: config.secondaryColor,
    language: config.language,
    helpDeskEmail: config.help_desk_email,
    isAvatarVisible: theme.is_avatar_visible,
  };
}

/** An API base on the page's own origin (`/api`, or this origin's absolute address). */
const isSameOrigin = (apiBase: string) => typeof window !== 'undefined' && new URL(apiBase, window.location.href).origin === window.location.origin;

let adminTab: Window | null = null;

/**
 * The root logic with the real side effects: the API, browser storage, the router and the page's look. Every machine
 * gets its implementations here, once; how the actors drive one another is in the app machine's chart.
 */
function appLogicFor(app: () => AppActor, boot: BootData | null) {
  const bootConfig = once(boot?.config);
  const bootWhitelabel = once(boot?.whitelabel);
  const bootHealthy = once(boot?.healthy);
  // Page views leave a moment later, with when they happened and whether someone was signed in then.
  const pageViews = deferredSender<{ from: string | null; to: string; at: Date; anonymous: boolean }>(
    ({ from, to, at, anonymous }) => void track({ event: 'page_view', properties: { previousUrl: from, url: to } }, { at, anonymous }),
  );
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          // The session's first call (the user) must go to the configured API.
          loadPersisted: fromPromise(async () => {
            await configured(app);
            return persistedAuth();
          }),
          refreshTokens: fromPromise(({ input }) => authApi.refreshSession(input.refreshToken)),
          upgradeTokens: fromPromise(() => authApi.upgradeSession()),
          fetchUser: fromPromise(() => authApi.currentUser()),
          logoutCall: fromPromise(async () => {
            await authApi.logout();
          }),
        },
        actions: {
          persist: (_, params) => persistAuth(params.auth),
          clearPersisted: () => {
            persistAuth(null);
            // The home's calls kept for this person (src/api/warmCalls.ts, loaded with the home's code).
            void import('../api/warmCalls').then(({ forgetWarm }) => forgetWarm()).catch(() => {});
          },
        },
      }),
      flags: flagsMachine.provide({
        actors: flagActors({
          anonymousUser: () => flagUserOf(null, host()),
          whenConfigured: () => configured(app),
          bootFlags: boot?.flags ?? null,
          values: () => requestValuesOf(app()),
        }),
      }),
      building: buildingMachine.provide({
        actors: {
          loadBuildings: fromPromise(() => buildingsApi.userBuildings(requestValuesOf(app()).brand)),
          loadBuilding: fromPromise(({ input }) => {
            const building = buildingsApi.building(input.uuid);
            // After the building's own calls (its theme and permissions leave in this same turn): the hero needs them first.
            setTimeout(() => warmHomeFor(app(), input.uuid), 0);
            return building;
          }),
          loadTheme: fromPromise(({ input }) => buildingsApi.buildingTheme(input.uuid)),
          loadPermissions: fromPromise(({ input }) => buildingsApi.permissions(input.uuid)),
        },
        actions: {
          buildingReady: (_, { building, theme }) => {
            persistBuilding(building.uuid);
            persistTheme(theme);
            preloadImage(theme?.home_header_image_url ?? building.image_url);
            applyBuildingLook(
              theme
                ? { primary: theme.primary_color, secondary: theme.secondary_color, onPrimary: theme.primary_font_color, font: theme.font }
                : null,
            );
          },
          buildingCleared: () => {
            persistBuilding(null);
            persistTheme(null);
            applyBuildingLook(null);
          },
        },
      }),
      locale: localeMachine.provide({
        actors: {
          loadCatalogue: fromPromise(async ({ input }) => {
            const locale = matchLocale(input.requested);
            return { locale, messages: await loadCatalogue(locale) };
          }),
        },
        actions: {
          rememberLocale: (_, { locale }) => {
            persistLanguage(locale);
            if (typeof document !== 'undefined') document.documentElement.lang = locale;
          },
        },
      }),
      globalError: globalErrorMachine.provide({
        actions: {
          goBack: () => {
            if (typeof window !== 'undefined') window.history.back();
          },
        },
      }),
      kiosk: kioskMachine.provide({
        actors: { checkPassword: fromPromise(({ input }) => usersApi.checkPassword(input.password)) },
        actions: { persist: (_, { enabled }) => persistKioskEnabled(enabled) },
      }),
      analyticsConsent: analyticsConsentMachine.provide({
        actions: { addTag: addAnalyticsTag, removeTag: removeAnalyticsTag, persistConsent: (_, { consent }) => persistAnalyticsConsent(consent) },
      }),
      colorScheme: colorSchemeMachine.provide({
        actions: {
          applyPreference: (_, { preference }) => showColorScheme(preference),
          persistPreference: (_, { preference }) => persistColorScheme(preference),
        },
      }),
      headerMenu: headerMenuMachine.provide({
        actors: { generateAuthLink: fromPromise(() => authApi.generateAuthLink()) },
        actions: {
          navigate: (_, { to }) => navigate(to),
          // The tab opens on the click itself (browsers block tabs opened later), then follows the link.
          openAdminTab: () => {
            adminTab = window.open('', '_blank');
          },
          sendAdminTab: (_, { url }) => {
            if (adminTab) adminTab.location.href = url;
            else window.open(url, '_blank', 'noopener');
            adminTab = null;
          },
          closeAdminTab: () => {
            adminTab?.close();
            adminTab = null;
          },
        },
      }),
      notificationCentre: notificationCentreLogic(),
      bridge: bridgeLogic(app),
      // The card form's code loads when a mini-app first asks for a new card.
      cardSheet: cardSheetMachine.provide({
        actors: { loadEntry: fromPromise(async () => (await import('./screens/payments')).sheetCardEntryLogic(app())) },
      }),
      // The host rule first (a farm host's own API subdomain), the configured shared API otherwise.
      loadConfig: fromPromise(async () => {
        const config = bootConfig() ?? (await loadRuntimeConfig());
        return { ...config, apiBase: apiBaseForHost(window.location, config.apiBase) };
      }),
      loadWhitelabel: fromPromise(async () => bootWhitelabel() ?? loadWhitelabel()),
      // The page's own server checked its database as it wrote the page: enough for an API on the same origin.
      healthCheck: fromPromise(async () => {
        if (bootHealthy() && isSameOrigin(requestValuesOf(app()).apiBase)) return;
        await whitelabelApi.healthCheck();
      }),
      resolveRoute: fromPromise(() => resolveRoute()),
      // The configured API needs no call; any other base is looked up in the farm list (a failed list refuses it).
      matchWebViewBase: fromPromise(async ({ input }) => {
        const configured = { apiBase: input.config.apiBase, pageHref: window.location.href };
        let match = webViewApiBase(input.baseUrl, configured, []);
        if (match === null) match = webViewApiBase(input.baseUrl, configured, await listFarms(input.config.farmListUrl, input.config.farmListKey));
        if (match === null) throw new Error('The web view names an API this app does not know');
        return match === 'configured' ? null : match;
      }),
    },
    actions: {
      applyConfig: (_, { config }) => {
        configureAnalyticsTag(config.analyticsTagUrl);
        configureNativeHost(config.embedderOrigins ?? []);
        // Errors the app catches before Sentry is in are queued (reportError); the first paint does not wait for it.
        afterFirstPaint(() => void startErrorReporting(config));
      },
      applyWhitelabel: (_, { whitelabel }) => {
        applyBrandLook({ primary: whitelabel.primaryColor, secondary: whitelabel.secondaryColor }, whitelabel.roles);
        applyPageIdentity({ title: whitelabel.name, iconUrl: brandIconUrl(whitelabel) });
      },
      clearUserState,
      recheckRoute: invalidateRoute,
      showBuildingInAddress: (_, { uuid }) => navigate(`/building/${uuid}`),
      goHome: () => navigate(APP_HOME),
      scrollToTop: () => {
        if (typeof window !== 'undefined') window.scrollTo(0, 0);
      },
      // Loaded with the first move to another page: the first load of /login does not carry it.
      focusPageHeading: (_, { first, to }) => {
        if (!first) void import('./adapters/focus').then((m) => m.focusPageHeading(to));
      },
      trackPageView: (_, { from, to }) => pageViews.add({ from, to, at: new Date(), anonymous: app().getSnapshot().context.user === null }),
      persistFarm: (_, { farm }) => persistFarm(farm),
      closeWebView: () => void notifyNativeHost(CLOSE_WEB_VIEW_MESSAGE),
    },
  });
}

/** The session as the API client sees it: the current token, and a refresh that waits for the one in flight. */
export function sessionBridge(session: () => SessionRef | undefined): SessionBridge {
  return {
    accessToken: () => session()?.getSnapshot().context.token ?? null,
    isAccessTokenExpired: () => {
      const snapshot = session()?.getSnapshot();
      return !!snapshot && isTokenExpired(snapshot.context);
    },
    async refresh() {
      const ref = session();
      if (!ref || !ref.getSnapshot().matches('signedIn')) return null;
      ref.send({ type: 'session.refresh' });
      const settled = await waitFor(ref, (s) => !s.hasTag('refreshing'));
      return settled.matches('signedIn') ? settled.context.token : null;
    },
  };
}

/**
 * Starts the root actor and installs the API client that reads its session and its per-call values. `pause` lets the
 * browser in between the three steps (the machines given their implementations, the actor system's first snapshot,
 * its start), so that none of them is a long task at start-up (decision 064).
 */
export async function createAppActor(inspect?: InspectionObserver, pause: () => Promise<void> = () => Promise.resolve()): Promise<AppActor> {
  // First of all: a native app's token leaves the address before anything can read, log or report it.
  const webView = takeWebViewLaunch();
  const lang =
    typeof window === 'undefined' ? null : (new URLSearchParams(window.location.search).get('lang') ?? webViewLocaleOf(window.location.pathname));
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  const requestedLocale = lang ?? persistedLanguage() ?? browser;
  // A returning person's building hero, known from the last visit: it loads beside the code, not after the building.
  if (persistedAuth() && isBuildingHomePath()) preloadImage(persistedTheme<BuildingTheme>()?.home_header_image_url);
  let actor: AppActor | null = null;
  const app = () => actor!;
  const logic = appLogicFor(app, readBootData());
  await pause();
  actor = createActor(logic, {
    systemId: APP_ID,
    input: {
      requestedLocale,
      locale: matchLocale(requestedLocale),
      kioskEnabled: persistedKioskEnabled(),
      analyticsConsent: persistedAnalyticsConsent(),
      colorScheme: persistedColorScheme(),
      host: host(),
      farm: persistedFarm(),
      preferredBuildingUuid: webView?.buildingUuid ?? buildingUuidInAddress() ?? persistedBuildingUuid(),
      pendingSso: pendingSso(),
      webView,
      nativeHost: typeof window !== 'undefined' && nativeHostOf(window) !== null,
      framedBy: typeof window !== 'undefined' ? framingOrigin(window) : null,
    },
    ...(inspect ? { inspect } : {}),
  });
  installApiClient(
    createApiClient(
      () => requestValuesOf(app()),
      sessionBridge(() => systemActor(app().system, SESSION_ID)),
      pageLeaving(),
    ),
  );
  await pause();
  actor.start();
  return actor;
}

/** The router as the app's named actions move it (navigate, re-run the routing rules, read the path). */
export function attachAppRouter(router: {
  navigate(options: { href: string; replace?: boolean; resetScroll?: boolean; hashScrollIntoView?: boolean }): Promise<void>;
  invalidate(): Promise<void>;
  load(): Promise<void>;
  state: { location: { pathname: string } };
}) {
  attachRouter({
    // `href` so a target may carry a hash (`/building/{uuid}/#discover`).
    navigate: (to, options = {}) =>
      void router.navigate({
        href: to,
        replace: options.replace,
        ...(options.state ? { state: options.state } : {}),
        ...(options.quiet ? { resetScroll: false, hashScrollIntoView: false } : {}),
      }),
    invalidate: () => void router.invalidate(),
    load: () => router.load(),
    pathname: () => router.state.location.pathname,
  });
}
