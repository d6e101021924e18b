import { type AnyRoute, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { redirectFor } from '../../machines/routing/routeAccess';
import { returnPath } from '../../machines/shell/nativeOnly';
import { SESSION_ID } from '../../machines/session/session.machine';
import type { AppActor } from '../../machines/app/app.refs';
import { runningActor, systemActor } from '../../machines/app/system';
import { BUILDING_ID } from '../../machines/building/building.machine';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { AuthFlowHost } from '../ui/auth/AuthFlowHost';
import { ErrorPage } from '../ui/shell/ErrorPages';
import { Overlays } from '../ui/shell/Overlays';
import { FarmBar } from '../ui/shell/FarmBar';
import { SkipLink } from '../ui/shell/SkipLink';
import { ScreenTitle } from '../ui/shell/ScreenTitle';
import { RouteMark } from '../ui/shell/RouteMark';
import { FullScreenCenter, Spinner } from '../ui/kit/Layout';
import { accountRoutes } from './accountRoutes';
import { contentRoutes } from './contentRoutes';
import { directoryRoutes } from './directoryRoutes';
import { bookingRoutes, bookRoutes, historyRoute } from './bookingsRoutes';
import { helpDeskRoutes } from './helpDeskRoutes';
import { visitorRoutes } from './visitorRoutes';
import { miniAppRoutes } from './miniAppRoutes';
import { serviceRequestRoutes } from './serviceRequestRoutes';
import { notificationRoutes } from './notificationRoutes';
import { paymentRoutes } from './paymentRoutes';
import { smartBuildingRoutes } from './smartBuildingRoutes';
import { emergencyRoutes } from './emergencyRoutes';
import { webViewRoutes } from './webViewRoutes';
import { hashTarget, origin, screenFlows, type RouterContext, type ScreenLoader } from './screens';
import { afterFirstPaint } from '../app/adapters/preload';

const sessionOf = (app: AppActor) => runningActor(app.system, SESSION_ID);
const maintenanceOn = (app: AppActor) => systemActor(app.system, FLAGS_ID)?.getSnapshot().context.values['maintenance-mode'] ?? false;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The routing rules of section 2, for every navigation: a redirect or nothing.
  beforeLoad: ({ context, location }) => {
    const session = sessionOf(context.app).getSnapshot();
    const target = redirectFor(location.pathname, location.searchStr, {
      authenticated: session.hasTag('signedIn'),
      authMode: session.context.authMode,
      maintenance: maintenanceOn(context.app),
    });
    if (target && target !== `${location.pathname}${location.searchStr}`) throw redirect({ href: target, replace: true });
  },
  component: () => (
    <>
      <SkipLink />
      <ScreenTitle />
      <RouteMark />
      <FarmBar />
      <Outlet />
      <Overlays />
    </>
  ),
  notFoundComponent: lazyRouteComponent(() => import('../ui/shell/NotFoundPage'), 'NotFoundPage'),
  errorComponent: ErrorPage,
});

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });

/** /login, /signup and /reset-password share one auth flow actor. */
const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  component: AuthFlowHost,
  ...screenFlows({
    authFlow: ({ pathname, search }) => ({
      pathname,
      // The router reads a search value that looks like JSON as JSON; the provider's answer is text.
      code: search.code == null ? null : String(search.code),
      state: search.state == null ? null : String(search.state),
    }),
  }),
});
const loginRoute = createRoute({ getParentRoute: () => authLayout, path: '/login', component: () => null });
const signupRoute = createRoute({ getParentRoute: () => authLayout, path: '/signup', component: () => null });
const resetRoute = createRoute({ getParentRoute: () => authLayout, path: '/reset-password', component: () => null });

const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  beforeLoad: async ({ context }) => {
    const session = sessionOf(context.app);
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.hasTag('signedOut'));
    throw redirect({ to: '/login', replace: true });
  },
  component: () => (
    <FullScreenCenter>
      <Spinner />
    </FullScreenCenter>
  ),
});

// Screens past sign-in load on demand, so the first load of /login carries only what sign-in needs.
const HomePage = lazyRouteComponent(() => import('../ui/home/HomePage'), 'HomePage');
const homeFlow = () => screenFlows({ home: () => ({ origin: origin(), hashTarget: hashTarget() }) });
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/home', component: HomePage, ...homeFlow() });
const buildingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/building', component: HomePage, ...homeFlow() });
/** Every building screen sits under /building/{uuid}; the layout switches to that building first. */
const buildingByIdRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/building/$buildingUuid',
  // An address naming another building switches to it (an unknown uuid falls back to the default building).
  beforeLoad: ({ context, params }) => {
    const building = runningActor(context.app.system, BUILDING_ID);
    if (building.getSnapshot().context.current?.uuid !== params.buildingUuid) building.send({ type: 'building.select', uuid: params.buildingUuid });
  },
  component: Outlet,
});
const buildingHomeRoute = createRoute({ getParentRoute: () => buildingByIdRoute, path: '/', component: HomePage, ...homeFlow() });
const buildingScreenRoutes = [
  buildingHomeRoute,
  ...contentRoutes(buildingByIdRoute, ['content', 'posts', 'event-posts', 'offers', 'articles']),
  ...directoryRoutes(buildingByIdRoute),
  ...bookingRoutes(buildingByIdRoute),
  ...bookRoutes(buildingByIdRoute),
  ...serviceRequestRoutes(buildingByIdRoute),
  ...smartBuildingRoutes(buildingByIdRoute),
  ...emergencyRoutes(buildingByIdRoute),
  ...notificationRoutes(buildingByIdRoute),
];
/** The older layout: a content under the home path, /home/{type}s/{uuid}, in the current building. */
const homeContentRoutes = contentRoutes(rootRoute, ['home/posts', 'home/event-posts', 'home/offers', 'home/articles']);

// The public shell pages load on demand too (maintenance, sign-in required, mobile only).
const MaintenancePage = lazyRouteComponent(() => import('../ui/shell/MaintenancePage'), 'MaintenancePage');
const SignInRequiredPage = lazyRouteComponent(() => import('../ui/shell/SignInRequiredPage'), 'SignInRequiredPage');
const MobileOnlyPage = lazyRouteComponent(() => import('../ui/shell/MobileOnlyPage'), 'MobileOnlyPage');
const maintenanceRoute = createRoute({ getParentRoute: () => rootRoute, path: '/maintenance', component: MaintenancePage });
const signInRequiredRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sign-in-required', component: SignInRequiredPage });
/**
 * `?from=` names the page asked from: kept only when it is a path of this app (decision 081). A key left out of a
 * validated search would keep the address's raw value (the router lays the validated search over the parent's), so a
 * refused one is named, undefined.
 */
const mobileOnlySearch = (search: Record<string, unknown>): { from?: string | undefined } => ({ from: returnPath(search.from) ?? undefined });
const mobileOnlyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mobile-only',
  validateSearch: mobileOnlySearch,
  component: MobileOnlyPage,
});
/** The header's account history (a signed-in route by the routing rules): the person's bookings, events and services. */
const myHistoryRoute = historyRoute(rootRoute);

/**
 * The development pages (the kit, the statechart visualizer): in development, and in a build made with VITE_DEV_KIT=true (the browser tests' server);
 * otherwise the condition is false at build time and the page's code is not in the build (decision 060).
 */
const devRoutes =
  import.meta.env.DEV || import.meta.env.VITE_DEV_KIT === 'true'
    ? [
        createRoute({ getParentRoute: () => rootRoute, path: '/__kit', component: lazyRouteComponent(() => import('../ui/kit/KitPage'), 'KitPage') }),
        // The statechart visualizer, gated the same way (docs/decisions/202-statechart-visualizer.md).
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/__statecharts',
          component: lazyRouteComponent(() => import('../ui/statecharts/StatechartsPage'), 'StatechartsPage'),
        }),
      ]
    : [];

const routeTree = rootRoute.addChildren([
  ...devRoutes,
  indexRoute,
  authLayout.addChildren([loginRoute, signupRoute, resetRoute]),
  logoutRoute,
  myHistoryRoute,
  homeRoute,
  buildingRoute,
  buildingByIdRoute.addChildren(buildingScreenRoutes),
  ...homeContentRoutes,
  maintenanceRoute,
  signInRequiredRoute,
  mobileOnlyRoute,
  ...accountRoutes(rootRoute),
  ...helpDeskRoutes(rootRoute),
  ...visitorRoutes(rootRoute),
  ...miniAppRoutes(rootRoute),
  ...paymentRoutes(rootRoute),
  webViewRoutes(rootRoute),
]);

/**
 * The router over the root actor. Its only report to the app is `route.changed` (the app's chart scrolls to the top
 * and records the page view); the app's named actions move it through the navigation adapter.
 */
export function createAppRouter(app: AppActor, screens: ScreenLoader, reportError: (error: unknown) => void) {
  const router = createRouter({
    routeTree,
    context: { app, screens } satisfies RouterContext,
    defaultPreload: false,
    scrollRestoration: false,
    // A screen that throws while rendering shows the error page; the error goes to the console and Sentry.
    defaultOnCatch: (error) => {
      console.error(error);
      reportError(error);
    },
  });
  router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
    if (pathChanged) app.send({ type: 'route.changed', from: fromLocation?.href ?? null, to: toLocation.href });
  });
  return router;
}

/**
 * The code of the address's routes (their lazy components and the logic of their screen flows) starts loading at once,
 * beside start-up, instead of after it: the router itself runs the routes only once start-up is done.
 */
export function preloadRouteCode(router: ReturnType<typeof createAppRouter>, screens: ScreenLoader, pathname?: string) {
  const matches = pathname === undefined ? router.matchRoutes(router.state.location) : router.matchRoutes(pathname, {});
  for (const match of matches) {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId];
    if (!route) continue;
    void router.loadRouteChunk(route)?.catch(() => {});
    for (const name of route.options.staticData?.screens ?? []) void screens(name).catch(() => {});
  }
}

/** What every signed-in page loads first: the flag provider (the person's flags) and the focus after a move. */
const SIGNED_IN_CODE = [() => import('../app/flags/openFeatureFlags'), () => import('../app/adapters/focus')];

/** The areas of messages the home shows (its page, its link-out frame, the header). */
const HOME_AREAS = [['home'], ['home', 'linkOut', 'shell']] as const;

/**
 * On the sign-in pages, once the person starts (a key, a tap, a typed or filled-in field) after the page has painted,
 * the home's code and messages, and the rest of the code a signed-in page starts with, load while they type (issue 26):
 * "Sign in" then waits for the home's calls alone, not for its code as well. A visit that types nothing costs nothing
 * more, and the first load of /login stays what it was. Elsewhere nothing.
 */
export function preloadHomeOnSignIn(router: ReturnType<typeof createAppRouter>, screens: ScreenLoader, locale: () => string) {
  if (typeof document === 'undefined' || !/^\/(login|signup)\/?$/.test(router.state.location.pathname)) return;
  afterFirstPaint(() => {
    const starts = ['keydown', 'pointerdown', 'input'] as const;
    const start = () => {
      for (const type of starts) document.removeEventListener(type, start, true);
      preloadRouteCode(router, screens, '/home');
      for (const load of SIGNED_IN_CODE) void load().catch(() => {});
      void import('../i18n/AreaMessages')
        .then(({ preloadAreaMessages }) => {
          for (const areas of HOME_AREAS) preloadAreaMessages(areas, locale());
        })
        .catch(() => {});
    };
    for (const type of starts) document.addEventListener(type, start, true);
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
