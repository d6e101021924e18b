import { createActor, enqueueActions, fromPromise, sendTo, waitFor, type InspectionEvent, type Observer } from 'xstate';

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
import { appMachine, type Whitelabel } from '../../machines/app/app.machine';
import { sessionMachine, isTokenExpired, SESSION_ID } from '../../machines/session/session.machine';
import { flagsMachine, FLAGS_ID, type FlagUser } from '../../machines/flags/flags.machine';
import type { FlagValues } from '../../contracts/flags';
import { buildingMachine, BUILDING_ID, type Building, type BuildingEvent, type BuildingTheme } from '../../machines/building/building.machine';
import { LOCALE_ID, type LocaleEvent } from '../../machines/locale/locale.machine';
import { localeMachine } from '../../machines/locale/locale.machine';
import { globalErrorMachine, GLOBAL_ERROR_ID } from '../../machines/globalError/globalError.machine';
import type { ErrorRaisedEvent, ErrorResolvedEvent } from '../../machines/globalError/globalError.types';
import { kioskMachine, KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import { loadCatalogue, matchLocale } from '../i18n/locales';
import type { SessionUser } from '../../machines/session/session.types';
import { createApiClient, installApiClient, type SessionBridge } from '../api/client';
import * as authApi from '../api/auth';
import * as buildingsApi from '../api/buildings';
import * as whitelabelApi from '../api/whitelabel';
import { loadRuntimeConfig } from '../api/runtimeConfig';
import { headerMenuMachine } from '../../machines/shell/headerMenu.machine';
import { navigate } from './navigation';
import { clearUserState, persistAuth, persistBuilding, persistedAuth, persistedBuildingUuid, persistedLanguage, persistLanguage, persistTheme, persistAnalyticsConsent, persistedAnalyticsConsent } from './storage';
import { markConfigured, requestContext, updateRequestContext, whenConfigured } from './requestContext';
import { flagActors } from './flags/flagActors';
import { applyBrandLook, applyBuildingLook, applyPageIdentity } from '../ui/kit/theme';
import { persistedKioskEnabled, persistKioskEnabled } from './kioskStorage';
import { analyticsConsentMachine } from '../../machines/analytics/analyticsConsent.machine';
import { addAnalyticsTag, configureAnalyticsTag, removeAnalyticsTag } from './analyticsTag';
import { startErrorReporting } from './errorReporting';

import type { AppActor, FlagsRef, KioskRef, SessionRef } from '../../machines/app/app.refs';
export type { AppActor, BuildingRef, FlagsRef, GlobalErrorRef, KioskRef, SessionRef } from '../../machines/app/app.refs';

const host = () => (typeof window === 'undefined' ? 'localhost' : window.location.hostname);

let adminTab: Window | null = null;

/** The global error modal's name for a failed building load. */
const BUILDING_LOAD = 'building.load';

/** The building's own language: its first by priority. */
const buildingLanguage = (building: Building) => [...(building.languages ?? [])].sort((a, b) => a.priority - b.priority)[0]?.code ?? null;

/** A building uuid in the address (/building/{uuid}) asks for that building from the first load on. */
const buildingUuidInAddress = () =>
  typeof window === 'undefined' ? null : (/^\/building\/([^/?#]+)/.exec(window.location.pathname)?.[1] ?? null);

export function flagUserOf(user: SessionUser | null, buildingUuids: string[] = []): FlagUser {
  if (!user) return { key: 'anonymous', anonymous: true, admin: false, roles: [], buildingUuids: [], hqo: false, host: host() };
  return {
    key: user.uuid,
    anonymous: false,
    admin: user.admin,
    roles: user.roles.map((r) => r.name),
    buildingUuids,
    hqo: user.hqo,
    host: host(),
  };
}

async function loadWhitelabel(): Promise<Whitelabel> {
  const [label, theme] = await Promise.all([whitelabelApi.whitelabelForHost(host()), whitelabelApi.domainTheme(host())]);
  const config = await whitelabelApi.whitelabelConfig(label.whitelabel_config_uuid);
  updateRequestContext({ brand: label.brand_identifier });
  return {
    brand: label.brand_identifier,
    name: label.name,
    uuid: label.uuid,
    logoUrl: label.logo_url,
    primaryColor: config.primaryColor,
    secondaryColor: config.secondaryColor,
    language: config.language,
    helpDeskEmail: config.help_desk_email,
    isAvatarVisible: theme.is_avatar_visible,
  };
}

/** The root logic with the real side effects: the API, browser storage and the page's look. */
export const appLogic = appMachine.provide({
  actors: {
    session: sessionMachine.provide({
      actors: {
        // The session's first call (the user) must go to the configured API.
        loadPersisted: fromPromise(async () => {
          await whenConfigured();
          return persistedAuth();
        }),
        refreshTokens: fromPromise(({ input }) => authApi.refreshSession(input.refreshToken)),
        upgradeTokens: fromPromise(() => authApi.upgradeSession()),
        fetchUser: fromPromise(() => authApi.currentUser()),
        logoutCall: fromPromise(async () => {
          await authApi.logout();
        }),
      },
      // Messages to the sibling actors go through sendTo, which delivers them after the session's own transition,
      // so they see the session as it now is (a building load must carry the new token).
      actions: {
        persist: (_, params) => persistAuth(params.auth),
        clearPersisted: () => persistAuth(null),
        clearUserState: enqueueActions(({ enqueue, system }) => {
          enqueue(() => {
            clearUserState();
            updateRequestContext({ buildingUuid: null });
          });
          enqueue.sendTo(system.get(BUILDING_ID), { type: 'building.clear' });
        }),
        identifyFlagUser: sendTo(
          ({ system }) => system.get(FLAGS_ID),
          (_, params: { user: SessionUser | null }) => ({ type: 'flags.identify' as const, user: flagUserOf(params.user) }),
        ),
        loadBuildingAfterLogin: sendTo(
          ({ system }) => system.get(BUILDING_ID),
          (_, params: { user: SessionUser }) => ({
            type: 'building.load' as const,
            defaultBuildingUuid: params.user.default_building_uuid,
            preferredUuid: buildingUuidInAddress() ?? persistedBuildingUuid(),
          }),
        ),
      },
    }),
    flags: flagsMachine.provide({
      actors: flagActors({ anonymousUser: () => flagUserOf(null) }),
    }),
    building: buildingMachine.provide({
      actors: {
        loadBuildings: fromPromise(() => buildingsApi.userBuildings(requestContext().brand)),
        loadBuilding: fromPromise(({ input }) => buildingsApi.building(input.uuid)),
        loadTheme: fromPromise(({ input }) => buildingsApi.buildingTheme(input.uuid)),
        loadPermissions: fromPromise(({ input }) => buildingsApi.permissions(input.uuid)),
      },
      actions: {
        buildingReady: enqueueActions(({ enqueue, system }, { building, theme, switched }: { building: Building; theme: BuildingTheme | null; switched: boolean }) => {
          enqueue(() => {
            updateRequestContext({ buildingUuid: building.uuid });
            persistBuilding(building.uuid);
            persistTheme(theme);
            applyBuildingLook(
              theme ? { primary: theme.primary_color, secondary: theme.secondary_color, onPrimary: theme.primary_font_color, font: theme.font } : null,
            );
          });
          // A switch resets the language to the building's own (its first language by priority).
          if (switched) enqueue.sendTo(system.get(LOCALE_ID), { type: 'locale.set', requested: buildingLanguage(building) } as LocaleEvent);
        }),
        buildingCleared: () => {
          persistBuilding(null);
          persistTheme(null);
          applyBuildingLook(null);
        },
        reportFailure: sendTo(
          ({ system }) => system.get(GLOBAL_ERROR_ID),
          (_, params: { status: number; message: string }) =>
            ({
              type: 'error.raised',
              source: BUILDING_LOAD,
              status: params.status,
              message: params.message,
              retry: { to: BUILDING_ID, event: { type: 'user.retry' } },
            }) satisfies ErrorRaisedEvent as never,
        ),
        reportRecovered: sendTo(({ system }) => system.get(GLOBAL_ERROR_ID), ({ type: 'error.resolved', source: BUILDING_LOAD }) satisfies ErrorResolvedEvent as never),
        logOut: sendTo(({ system }) => system.get(SESSION_ID), { type: 'session.logout' } as never),
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
        rememberLocale: enqueueActions(({ enqueue, system }, { locale }: { locale: string }) => {
          const changed = requestContext().locale !== locale;
          enqueue(() => {
            persistLanguage(locale);
            updateRequestContext({ locale });
            if (typeof document !== 'undefined') document.documentElement.lang = locale;
          });
          // Content is asked for in the request's language: a new language loads the building again.
          if (changed) enqueue.sendTo(system.get(BUILDING_ID), { type: 'building.reload' } as BuildingEvent);
        }),
      },
    }),
    globalError: globalErrorMachine.provide({
      actions: {
        goBack: () => {
          if (typeof window !== 'undefined') window.history.back();
        },
      },
    }),
    kiosk: kioskMachine.provide({ actions: { persist: (_, { enabled }) => persistKioskEnabled(enabled) } }),
    analyticsConsent: analyticsConsentMachine.provide({
      actions: { addTag: addAnalyticsTag, removeTag: removeAnalyticsTag, persistConsent: (_, { consent }) => persistAnalyticsConsent(consent) },
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
    loadConfig: fromPromise(loadRuntimeConfig),
    loadWhitelabel: fromPromise(loadWhitelabel),
    healthCheck: fromPromise(() => whitelabelApi.healthCheck()),
  },
  actions: {
    applyConfig: (_, { config }) => {
      updateRequestContext({ apiBase: config.apiBase, apiKey: config.apiKey ?? '' });
      markConfigured();
      configureAnalyticsTag(config.analyticsTagUrl);
      void startErrorReporting(config);
    },
    applyWhitelabel: (_, { whitelabel }) => {
      applyBrandLook({ primary: whitelabel.primaryColor, secondary: whitelabel.secondaryColor });
      applyPageIdentity({ title: whitelabel.name, iconUrl: whitelabel.logoUrl ? `/media/brands/${whitelabel.brand}-icon.svg` : null });
    },
  },
});


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
 * Tells the kiosk actor whether a tap may leave kiosk mode, now and whenever the flag enable-exit-kiosk-mode changes,
 * so the kiosk machine stays free of the flags machine. Returns the unsubscribe.
 */
export function forwardExitKioskFlag(system: { get(id: string): unknown }): () => void {
  const flags = system.get(FLAGS_ID) as FlagsRef | undefined;
  const kiosk = system.get(KIOSK_ID) as KioskRef | undefined;
  if (!flags || !kiosk) return () => {};
  let forwarded: boolean | null = null;
  const forward = (values: FlagValues) => {
    const allowed = values['enable-exit-kiosk-mode'];
    if (allowed === forwarded) return;
    forwarded = allowed;
    kiosk.send({ type: 'kiosk.exitAllowed', allowed });
  };
  forward(flags.getSnapshot().context.values);
  const subscription = flags.subscribe((snapshot) => forward(snapshot.context.values));
  return () => subscription.unsubscribe();
}

/** Starts the root actor and installs the API client that reads its session. */
export function createAppActor(inspect?: InspectionObserver): AppActor {
  const lang = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('lang');
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  const actor = createActor(appLogic, {
    input: { requestedLocale: lang ?? persistedLanguage() ?? browser, kioskEnabled: persistedKioskEnabled(), analyticsConsent: persistedAnalyticsConsent() },
    ...(inspect ? { inspect } : {}),
  });
  const session = () => actor.system.get(SESSION_ID) as SessionRef | undefined;
  installApiClient(createApiClient(requestContext, sessionBridge(session)));
  actor.start();
  forwardExitKioskFlag(actor.system);
  return actor;
}
