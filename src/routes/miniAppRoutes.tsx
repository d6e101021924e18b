import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { screenPath } from './screens';

/**
 * /apps/{appUuid}: a link straight to a registered mini-app (the flag enable-tw-direct-link, decision 183). A signed-in
 * route by the routing rules: a signed-out visitor signs in first and comes back here.
 */
export function miniAppRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      component: lazyRouteComponent(() => import('../ui/linkOut/DirectMiniAppPage'), 'DirectMiniAppPage'),
      ...screenPath('/apps/$appUuid', { directMiniApp: ({ params }) => ({ appUuid: params.appUuid }) }),
    }),
  ] as const;
}
