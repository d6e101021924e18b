import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { screenFlows } from './screens';

/** /help-desk: the support request form (a signed-in route by the routing rules). */
export function helpDeskRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: '/help-desk',
      component: lazyRouteComponent(() => import('../ui/helpDesk/HelpDeskPage'), 'HelpDeskPage'),
      ...screenFlows({ helpDesk: () => ({}) }),
    }),
  ] as const;
}
