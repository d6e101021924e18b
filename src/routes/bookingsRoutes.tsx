import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { systemActor } from '../../machines/app/system';
import type { HistoryParams } from '../../machines/bookings/bookings.screens';
import { screenFlows, screenPath, type RouterContext } from './screens';

const TABS = ['upcoming', 'past'] as const;
const TYPES = ['event_posts', 'resource_bookings', 'service_bookings'] as const;

/** `?tab=past&type=service_bookings` opens the history there; anything else is dropped. */
export const historySearch = (search: Record<string, unknown>): HistoryParams => ({
  ...(TABS.includes(search.tab as (typeof TABS)[number]) ? { tab: search.tab as HistoryParams['tab'] } : {}),
  ...(TYPES.includes(search.type as (typeof TYPES)[number]) ? { type: search.type as HistoryParams['type'] } : {}),
});

/**
 * A booking's receipt under the building in `parent` (/building/{uuid}): the four ids of the booking's API path in
 * the API's order, so the address names exactly what the receipt reads (decision 130).
 */
export function bookingRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      component: lazyRouteComponent(() => import('../ui/bookings/BookingReceiptPage'), 'BookingReceiptPage'),
      ...screenPath('bookings/$ownerType/$ownerUuid/$resourceUuid/$bookingUuid', {
        bookingReceipt: ({ params }) => ({
          buildingUuid: params.buildingUuid,
          ownerType: params.ownerType,
          ownerUuid: params.ownerUuid,
          resourceUuid: params.resourceUuid,
          bookingUuid: params.bookingUuid,
        }),
      }),
    }),
  ] as const;
}

/** /my-history: the person's history (signed in; not under a building). */
export function historyRoute<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: '/my-history',
    validateSearch: historySearch,
    component: lazyRouteComponent(() => import('../ui/history/MyHistoryPage'), 'MyHistoryPage'),
    ...screenFlows({ history: ({ search }) => historySearch(search) }),
  });
}

/** Off, the `booking` flag leads the address to the building's home (decision 214: the feature does not exist there). */
function requireBooking(context: unknown, buildingUuid: string) {
  const { app } = context as RouterContext;
  const flags = systemActor(app.system, FLAGS_ID);
  if (flags && !flags.getSnapshot().context.values.booking) throw redirect({ href: `/building/${encodeURIComponent(buildingUuid)}`, replace: true });
}

/**
 * /building/{uuid}/book (the building's bookable resources) and /building/{uuid}/book/{resourceUuid} (booking one),
 * under `parent` (/building/{uuid}), behind the `booking` flag.
 */
export function bookRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'book',
      beforeLoad: ({ context, params }) => requireBooking(context, (params as { buildingUuid: string }).buildingUuid),
      component: lazyRouteComponent(() => import('../ui/bookings/BookableResourcesPage'), 'BookableResourcesPage'),
      ...screenFlows({ bookableResources: ({ params }) => ({ buildingUuid: params.buildingUuid }) }),
    }),
    createRoute({
      getParentRoute: () => parent,
      beforeLoad: ({ context, params }) => requireBooking(context, (params as { buildingUuid: string }).buildingUuid),
      component: lazyRouteComponent(() => import('../ui/bookings/BookResourcePage'), 'BookResourcePage'),
      ...screenPath('book/$resourceUuid', {
        bookResource: ({ params }) => ({ buildingUuid: params.buildingUuid, resourceUuid: params.resourceUuid }),
      }),
    }),
  ] as const;
}
