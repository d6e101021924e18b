import type { components, paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type Schemas = components['schemas'];
type BookingPathOps = paths['/resource-booking/v2/{ownerType}/{ownerUuid}/resources/{resourceUuid}/bookings/{bookingUuid}/mine'];

/** A resource booking as its receipt call answers it (`data`; decision 054). */
export type Booking = BookingPathOps['get']['responses'][200]['content']['application/json']['data'];
/** The specification's first vocabulary of a booking's status (nine values). */
export type BookingStatus = Booking['status'];
/** The receipt's vocabulary (five values). */
export type ReceiptStatus = Booking['receipt_status'];

/** What names a booking: the four ids of its path. */
export interface BookingPath {
  ownerType: string;
  ownerUuid: string;
  resourceUuid: string;
  bookingUuid: string;
}

/** A booking read, with the moment it was read: the cancellation window is judged against that moment. */
export interface BookingRead {
  booking: Booking;
  readAt: string;
}

/** A failed call as the machines keep it: the API layer's error shape (src/api/client.ts `ApiError`). */
export type BookingError = AppError;

export type EventPostTransaction = Schemas['EventPostTransaction'];
export type ResourceBookingTransaction = Schemas['ResourceBookingTransaction'];
export type ServiceBookingTransaction = Schemas['ServiceBookingTransaction'];

/** The history's type selector: one list of the transactions call at a time. */
export type HistoryType = 'event_posts' | 'resource_bookings' | 'service_bookings';
/** Upcoming: ending in the future; past: ended (content document, section 4). */
export type HistoryTab = 'upcoming' | 'past';

/** One row of the history, tagged by its list. */
export type HistoryItem =
  | { kind: 'event_posts'; item: EventPostTransaction }
  | { kind: 'resource_bookings'; item: ResourceBookingTransaction }
  | { kind: 'service_bookings'; item: ServiceBookingTransaction };

/** One page of the transactions call, as the app reads it (`data`). */
export interface TransactionPage {
  transactions: {
    event_posts: EventPostTransaction[];
    resource_bookings: ResourceBookingTransaction[];
    service_bookings: ServiceBookingTransaction[];
  };
  pagination: { offset: number; limit: number; total: number; has_more: boolean };
}

export interface TransactionPageRequest {
  tab: HistoryTab;
  type: HistoryType;
  offset: number;
  limit: number;
}
