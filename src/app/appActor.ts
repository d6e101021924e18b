import { createActor, enqueueActions, fromPromise, sendTo, waitFor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
import { appMachine, type Whitelabel } from '../../machines/app/app.machine';
import { sessionMachine, isTokenExpired, SESSION_ID } from '../../machines/session/session.machine';
import { flagsMachine, FLAGS_ID, type FlagUser } from '../../machines/flags/flags.machine';
import { buildingMachine, BUILDING_ID } from '../../machines/building/building.machine';
import { localeMachine } from '../../machines/locale/locale.machine';
import { loadCatalogue, matchLocale } from '../i18n/locales';
import type { SessionUser } from '../../machines/session/session.types';
import { createApiClient, installApiClient, type SessionBridge } from '../api/client';
import * as authApi from '../api/auth';
import * as buildingsApi from '../api/buildings';
import * as whitelabelApi from '../api/whitelabel';
import { clearUserState, persistAuth, persistedAuth, persistedLanguage, persistLanguage } from './storage';
import { requestContext, updateRequestContext } from './requestContext';
import { applyBrandColors } from '../ui/kit/theme';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type FlagsRef = ActorRefFrom<typeof flagsMachine>;
export type BuildingRef = ActorRefFrom<typeof buildingMachine>;

const host = () => (typeof window === 'undefined' ? 'localhost' : window.location.hostname);

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
        loadPersisted: fromPromise(async () => persistedAuth()),
        refreshTokens: fromPromise(({ input }) => authApi.refreshSession(input.refreshToken)),
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
          (_, params: { user: SessionUser }) => ({ type: 'building.load' as const, defaultBuildingUuid: params.user.default_building_uuid }),
        ),
      },
    }),
    flags: flagsMachine,
    building: buildingMachine.provide({
      actors: {
        loadBuildings: fromPromise(() => buildingsApi.userBuildings(requestContext().brand)),
        loadBuilding: fromPromise(async ({ input }) => {
          const found = await buildingsApi.building(input.uuid);
          updateRequestContext({ buildingUuid: found.uuid });
          return found;
        }),
        loadTheme: fromPromise(({ input }) => buildingsApi.buildingTheme(input.uuid)),
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
          updateRequestContext({ locale });
          if (typeof document !== 'undefined') document.documentElement.lang = locale;
        },
      },
    }),
    loadWhitelabel: fromPromise(loadWhitelabel),
    healthCheck: fromPromise(() => whitelabelApi.healthCheck()),
  },
  actions: {
    applyWhitelabel: (_, { whitelabel }) => {
      applyBrandColors({ primary: whitelabel.primaryColor, secondary: whitelabel.secondaryColor });
      if (typeof document !== 'undefined') document.title = whitelabel.name;
    },
  },
});

export type AppActor = ReturnType<typeof createAppActor>;

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

/** Starts the root actor and installs the API client that reads its session. */
export function createAppActor(inspect?: InspectionObserver) {
  const lang = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('lang');
  const browser = typeof navigator === 'undefined' ? null : navigator.language;
  const actor = createActor(appLogic, { input: { requestedLocale: lang ?? persistedLanguage() ?? browser }, ...(inspect ? { inspect } : {}) });
  const session = () => actor.system.get(SESSION_ID) as SessionRef | undefined;
  installApiClient(createApiClient(requestContext, sessionBridge(session)));
  actor.start();
  return actor;
}
