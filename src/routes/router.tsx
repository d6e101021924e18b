import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { redirectFor } from '../../machines/routing/routeAccess';
import { SESSION_ID } from '../../machines/session/session.machine';
import type { AppActor, BuildingRef, FlagsRef, SessionRef } from '../app/appActor';
import { BUILDING_ID } from '../../machines/building/building.machine';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { setNavigator } from '../app/navigation';
import { AuthFlowHost } from '../app/AuthFlowHost';
import { track } from '../api/analytics';
import { ErrorPage, NotFoundPage } from '../ui/shell/ErrorPages';
import { Overlays } from '../ui/shell/Overlays';
import { FarmBar } from '../ui/shell/FarmBar';
import { FullScreenCenter, Spinner } from '../ui/kit/Layout';
import { accountRoutes } from './accountRoutes';
import { contentRoutes } from './contentRoutes';
import { directoryRoutes } from './directoryRoutes';

export interface RouterContext {
  app: AppActor;
}

const sessionOf = (app: AppActor) => app.system.get(SESSION_ID) as SessionRef;
const maintenanceOn = (app: AppActor) => (app.system.get(FLAGS_ID) as FlagsRef | undefined)?.getSnapshot().context.values['maintenance-mode'] ?? false;

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
      <FarmBar />
      <Outlet />
      <Overlays />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });

/** /login, /signup and /reset-password share one auth flow actor. */
const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth', component: AuthFlowHost });
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
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/home', component: HomePage });
const buildingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/building', component: HomePage });
/** Every building screen sits under /building/{uuid}; the layout switches to that building first. */
const buildingByIdRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/building/$buildingUuid',
  // An address naming another building switches to it (an unknown uuid falls back to the default building).
  beforeLoad: ({ context, params }) => {
    const building = context.app.system.get(BUILDING_ID) as BuildingRef;
    if (building.getSnapshot().context.current?.uuid !== params.buildingUuid) building.send({ type: 'building.select', uuid: params.buildingUuid });
  },
  component: Outlet,
});
const buildingHomeRoute = createRoute({ getParentRoute: () => buildingByIdRoute, path: '/', component: HomePage });
const buildingScreenRoutes = [
  buildingHomeRoute,
  ...contentRoutes(buildingByIdRoute, ['content', 'posts', 'event-posts', 'offers', 'articles']),
  ...directoryRoutes(buildingByIdRoute),
];
/** The older layout: a content under the home path, /home/{type}s/{uuid}, in the current building. */
const homeContentRoutes = contentRoutes(rootRoute, ['home/posts', 'home/event-posts', 'home/offers', 'home/articles']);

// The public shell pages load on demand too (maintenance, sign-in required, mobile only).
const MaintenancePage = lazyRouteComponent(() => import('../ui/shell/MaintenancePage'), 'MaintenancePage');
const SignInRequiredPage = lazyRouteComponent(() => import('../ui/shell/SignInRequiredPage'), 'SignInRequiredPage');
const MobileOnlyPage = lazyRouteComponent(() => import('../ui/shell/MobileOnlyPage'), 'MobileOnlyPage');
const maintenanceRoute = createRoute({ getParentRoute: () => rootRoute, path: '/maintenance', component: MaintenancePage });
const signInRequiredRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sign-in-required', component: SignInRequiredPage });
const mobileOnlyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mobile-only', component: MobileOnlyPage });
/** The header's account history (a signed-in route by the routing rules); its content comes with the services. */
const myHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-history',
  component: lazyRouteComponent(() => import('../ui/history/MyHistoryPage'), 'MyHistoryPage'),
});

const routeTree = rootRoute.addChildren([
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
]);

export function createAppRouter(app: AppActor) {
  const router = createRouter({ routeTree, context: { app }, defaultPreload: false, scrollRestoration: false });

  // Every route change starts at the top; a changed pathname records a page view with where the user came from.
  router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
    if (!pathChanged) return;
    if (typeof window !== 'undefined') window.scrollTo(0, 0);
    void track({ event: 'page_view', properties: { previousUrl: fromLocation?.href ?? null, url: toLocation.href } });
  });

  // `href` so a target may carry a hash (`/building/{uuid}/#discover`).
  setNavigator((to, options = {}) =>
    void router.navigate({ href: to, replace: options.replace, ...(options.quiet ? { resetScroll: false, hashScrollIntoView: false } : {}) }),
  );

  // After a switch the address names the building: /building/{uuid}.
  const building = app.system.get(BUILDING_ID) as BuildingRef;
  building.subscribe((snapshot) => {
    const { current, switched } = snapshot.context;
    if (!switched || !snapshot.hasTag('ready') || !current) return;
    const path = router.state.location.pathname;
    if (path !== `/building/${current.uuid}` && (path === '/home' || path.startsWith('/building'))) {
      void router.navigate({ to: '/building/$buildingUuid', params: { buildingUuid: current.uuid } });
    }
  });

  // Signing in or out re-runs the routing rules, so the person lands where the rules say.
  let signedIn = sessionOf(app).getSnapshot().hasTag('signedIn');
  sessionOf(app).subscribe((snapshot) => {
    const now = snapshot.hasTag('signedIn');
    if (now !== signedIn && !snapshot.hasTag('signingOut') && !snapshot.hasTag('modal:sessionExpired')) {
      signedIn = now;
      void router.invalidate();
    }
  });

  // The maintenance flag is live: turning it on or off re-runs the routing rules (to /maintenance and back to /).
  const flags = app.system.get(FLAGS_ID) as FlagsRef | undefined;
  let maintenance = maintenanceOn(app);
  flags?.subscribe((snapshot) => {
    const now = snapshot.context.values['maintenance-mode'];
    if (now !== maintenance) {
      maintenance = now;
      void router.invalidate();
    }
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
