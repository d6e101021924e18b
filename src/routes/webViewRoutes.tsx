import { createRoute, lazyRouteComponent, notFound, redirect, type AnyRoute } from '@tanstack/react-router';
import { LOCALES } from '../../contracts/locales';
import { WEB_VIEW_ROOT } from '../../machines/app/webView';
import { helpDeskRoutes } from './helpDeskRoutes';
import { smartBuildingRoutes } from './smartBuildingRoutes';

/** The web view's root for a locale param (absent: `/webview`). */
const rootOf = (params: Record<string, string | undefined>) => (params.locale ? `${WEB_VIEW_ROOT}/${params.locale}` : WEB_VIEW_ROOT);

/**
 * The native app's web view (both specification documents: "/webview … reads accessToken, buildingUuid, baseUrl from the
 * query string; has the same floors, suites and control routes plus a helpdesk route and a locale-optional route").
 * Every path exists with and without a language (`/webview/de-DE/…`); the launch's parameters are taken (and leave the
 * address) before the router runs (src/app/adapters/webViewLaunch.ts). Decision 169.
 *
 *   /webview[/{locale}]                                         → the floors
 *   /webview[/{locale}]/smart-building                          floors
 *   /webview[/{locale}]/smart-building/floors/{floorId}/suites  a floor's suites
 *   /webview[/{locale}]/suites/{suiteId}/control[/lighting|/temperature]  a suite's control
 *   /webview[/{locale}]/help-desk                               the help-desk form
 *   /webview[/{locale}]/unavailable                             the smart-building flag is off
 */
export function webViewRoutes<TParent extends AnyRoute>(parent: TParent) {
  const layout = createRoute({
    getParentRoute: () => parent,
    path: '/webview/{-$locale}',
    // A segment that is no language the app ships is no web view address.
    beforeLoad: ({ params }) => {
      const { locale } = params as { locale?: string };
      if (locale !== undefined && !(LOCALES as readonly string[]).includes(locale)) throw notFound();
    },
    // Loaded only for a web view: the first load of /login does not carry it.
    component: lazyRouteComponent(() => import('../ui/webView/WebViewShell'), 'WebViewShell'),
  });
  const index = createRoute({
    getParentRoute: () => layout,
    path: '/',
    beforeLoad: ({ params }) => {
      throw redirect({ href: `${rootOf(params as Record<string, string | undefined>)}/smart-building`, replace: true });
    },
  });
  const unavailable = createRoute({
    getParentRoute: () => layout,
    path: 'unavailable',
    component: lazyRouteComponent(() => import('../ui/webView/WebViewShell'), 'WebViewUnavailablePage'),
  });
  return layout.addChildren([
    index,
    unavailable,
    ...smartBuildingRoutes(layout, (params) => `${rootOf(params)}/unavailable`),
    ...helpDeskRoutes(layout),
  ]);
}
