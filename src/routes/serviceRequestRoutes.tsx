import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { systemActor } from '../../machines/app/system';
import { screenFlows, screenPath, type RouterContext } from './screens';

/** Off, the `service-requests` flag leads the address to the building's home. */
function requireServiceRequests(context: unknown, buildingUuid: string) {
  const { app } = context as RouterContext;
  const flags = systemActor(app.system, FLAGS_ID);
  if (flags && !flags.getSnapshot().context.values['service-requests'])
    throw redirect({ href: `/building/${encodeURIComponent(buildingUuid)}`, replace: true });
}

/**
 * /building/{uuid}/service-requests and a request's own page, /building/{uuid}/service-requests/{requestUuid}, under
 * `parent` (/building/{uuid}), behind the `service-requests` flag: off, the address leads to the building's home (and
 * a flag turned off while the list is open does the same, in the flow).
 */
export function serviceRequestRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'service-requests',
      beforeLoad: ({ context, params }) => requireServiceRequests(context, (params as { buildingUuid: string }).buildingUuid),
      component: lazyRouteComponent(() => import('../ui/serviceRequests/ServiceRequestsPage'), 'ServiceRequestsPage'),
      ...screenFlows({ serviceRequests: ({ params }) => ({ buildingUuid: params.buildingUuid }) }),
    }),
    createRoute({
      getParentRoute: () => parent,
      beforeLoad: ({ context, params }) => requireServiceRequests(context, (params as { buildingUuid: string }).buildingUuid),
      component: lazyRouteComponent(() => import('../ui/serviceRequests/ServiceRequestDetailPage'), 'ServiceRequestDetailPage'),
      ...screenPath('service-requests/$requestUuid', {
        serviceRequestDetail: ({ params }) => ({ buildingUuid: params.buildingUuid, requestUuid: params.requestUuid }),
      }),
    }),
  ] as const;
}
