import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { systemActor } from '../../machines/app/system';
import { screenFlows, type RouterContext } from './screens';

/**
 * /building/{uuid}/service-requests under `parent` (/building/{uuid}), behind the `service-requests` flag: off, the
 * address leads to the building's home (and a flag turned off while the page is open does the same, in the flow).
 */
export function serviceRequestRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'service-requests',
      beforeLoad: ({ context, params }) => {
        const { app } = context as RouterContext;
        const flags = systemActor(app.system, FLAGS_ID);
        const { buildingUuid } = params as { buildingUuid: string };
        if (flags && !flags.getSnapshot().context.values['service-requests'])
          throw redirect({ href: `/building/${encodeURIComponent(buildingUuid)}`, replace: true });
      },
      component: lazyRouteComponent(() => import('../ui/serviceRequests/ServiceRequestsPage'), 'ServiceRequestsPage'),
      ...screenFlows({ serviceRequests: ({ params }) => ({ buildingUuid: params.buildingUuid }) }),
    }),
  ] as const;
}
