import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { screenFlows } from './screens';

/** /add-card: the card entry form and the stored cards (a signed-in route by the routing rules). */
export function paymentRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: '/add-card',
      component: lazyRouteComponent(() => import('../ui/payments/AddCardPage'), 'AddCardPage'),
      ...screenFlows({ cardEntry: () => ({}) }),
    }),
  ] as const;
}
