import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { screenFlows } from './screens';

/**
 * /visitors/check-in: the lobby kiosk's visitor desk (a signed-in route by the routing rules; the server decides
 * whether the account may run it).
 */
export function visitorRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: '/visitors/check-in',
      component: lazyRouteComponent(() => import('../ui/kiosk/VisitorCheckInPage'), 'VisitorCheckInPage'),
      ...screenFlows({ visitorCheckIn: () => ({}) }),
    }),
  ] as const;
}
