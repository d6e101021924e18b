import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/**
 * /building/{uuid}/notifications under `parent` (/building/{uuid}): the building's notification centre. Its flow is the
 * app's long-lived `notificationCentre` actor (the header's bell reads it on every screen), so the route starts none.
 */
export function notificationRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'notifications',
      component: lazyRouteComponent(() => import('../ui/notificationCentre/NotificationsPage'), 'NotificationsPage'),
    }),
  ] as const;
}
