import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import type { HistoryParams } from '../../machines/bookings/bookings.screens';
import { screenFlows, screenPath } from './screens';

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
