import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { BookingReceiptInput } from './bookingReceipt.machine';
import type { HistoryInput } from './history.machine';
import type { BookableResourcesInput } from './bookableResources.machine';
import type { BookResourceInput } from './bookResource.types';
import { HISTORY_PAGE_SIZE } from './historyPaging';
import type { HistoryTab, HistoryType } from './bookings.types';

export interface BookingReceiptParams extends BuildingParams {
  ownerType: string;
  ownerUuid: string;
  resourceUuid: string;
  bookingUuid: string;
}

/**
 * A receipt restarts for another booking (any of its four ids) and once the building is known; not for a language
 * (the receipt's words are the app's, the resource's name its own).
 */
export const bookingReceiptScreen = defineScreen<BookingReceiptParams, BookingReceiptInput>({
  input: (params, facts) =>
    buildingOf(params, facts)
      ? { ownerType: params.ownerType, ownerUuid: params.ownerUuid, resourceUuid: params.resourceUuid, bookingUuid: params.bookingUuid }
      : null,
  restartKey: (params) => [params.ownerType, params.ownerUuid, params.resourceUuid, params.bookingUuid].join('|'),
});

export interface HistoryParams {
  /** `?tab=` and `?type=` of the address, when valid: where the history opens. */
  tab?: HistoryTab;
  type?: HistoryType;
}

/**
 * The history belongs to the person, not to a building: it restarts for another person or language (event titles
 * come in it); the tab and type are the flow's own once it runs.
 */
export const historyScreen = defineScreen<HistoryParams, HistoryInput>({
  input: (params, facts) =>
    facts.user ? { pageSize: HISTORY_PAGE_SIZE, ...(params.tab ? { tab: params.tab } : {}), ...(params.type ? { type: params.type } : {}) } : null,
  restartKey: (_, facts) => [facts.user?.uuid ?? '', facts.locale].join('|'),
});

/** The building's bookable resources restart for another building. */
export const bookableResourcesScreen = defineScreen<BuildingParams, BookableResourcesInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid } : null;
  },
  restartKey: (params, facts) => buildingOf(params, facts) ?? '',
});

export interface BookResourceParams extends BuildingParams {
  resourceUuid: string;
}

/** Booking a resource restarts for another building or resource; not for a language (the words are the app's, the resource's its own). */
export const bookResourceScreen = defineScreen<BookResourceParams, BookResourceInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, resourceUuid: params.resourceUuid } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), params.resourceUuid].join('|'),
});
