import type { ServiceRequestStatus } from '../serviceRequests/serviceRequests.types';
import type { Booking, BookingStatus, HistoryItem, HistoryType, ReceiptStatus, TransactionPage } from './bookings.types';

/**
 * The one display vocabulary of a status, on every screen that shows one (the history's rows, the receipt's chip):
 * each word is one message, `bookings.status.<word>`, so the screens cannot drift apart (issue 22, item 18).
 */
export const STATUS_WORDS = ['pending', 'submitted', 'accepted', 'denied', 'cancelled'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

/**
 * Every status the app is answered, in its word: a resource booking's as stored (the history's and the receipt's
 * `status`), the receipt's vocabulary (`receipt_status`) and a booked service's (the service-request vocabulary). The
 * specification maps the first two apart (confirmed, unavailable, "cancelled by you" in lists; accepted, denied in the
 * receipt): here a booking reads the same wherever it shows, in the receipt's words (issue 22, item 18).
 */
export const statusWordOf: Record<BookingStatus | ReceiptStatus | ServiceRequestStatus, StatusWord> = {
  pending: 'pending',
  pending_payment: 'pending',
  confirmed: 'accepted',
  accepted: 'accepted',
  denied_available: 'denied',
  denied_unavailable: 'denied',
  cancelled: 'cancelled',
  cancelled_user: 'cancelled',
  cancelled_vendor: 'cancelled',
  Pending: 'pending',
  Submitted: 'submitted',
  Accepted: 'accepted',
  Denied: 'denied',
  Denied_Available: 'denied',
  Denied_Unavailable: 'denied',
  Canceled: 'cancelled',
};

/** A status of any of the three vocabularies in its word; a status the app does not know has none (it reads as itself). */
export const statusWord = (status: string): StatusWord | null => (statusWordOf as Record<string, StatusWord | undefined>)[status] ?? null;

/** The receipt's title (content document, section 4). */
export type ReceiptTitle = 'cancelled' | 'booked' | 'requested' | 'denied' | 'default';

/** Cancelled when a cancel succeeded or the status is Canceled; booked when accepted; requested when pending; denied for both denials. */
export function receiptTitle(status: string, cancelSucceeded: boolean): ReceiptTitle {
  if (cancelSucceeded || status === 'Canceled') return 'cancelled';
  if (status === 'Accepted') return 'booked';
  if (status === 'Pending') return 'requested';
  if (status === 'Denied_Unavailable' || status === 'Denied_Available') return 'denied';
  return 'default';
}

/** Receipt statuses a booking can still be cancelled from. */
const OPEN: readonly string[] = ['Pending', 'Accepted'];

type CancelFacts = Pick<Booking, 'receipt_status' | 'cancellation_deadline' | 'can_cancel'>;

/** The booking is open (pending or accepted). */
export const isOpen = (booking: Pick<Booking, 'receipt_status'>) => OPEN.includes(booking.receipt_status);

/**
 * Cancelling is allowed until cancellation_window_end_minutes before start (the deadline itself still cancels, as the
 * server judges it), for an open booking the server says may be cancelled, judged at the moment it was read.
 */
export const canStillCancel = (booking: CancelFacts, now: string) =>
  isOpen(booking) && booking.can_cancel && Date.parse(now) <= Date.parse(booking.cancellation_deadline);

/** Open, but its cancellation window has closed: `you_can_no_longer_cancel`. */
export const pastCancelWindow = (booking: CancelFacts, now: string) => isOpen(booking) && !canStillCancel(booking, now);

/** The app's address of a booking's receipt; a building's resource opens under that building. */
export function receiptPath(
  path: { ownerType: string; ownerUuid: string; resourceUuid: string; bookingUuid: string },
  currentBuilding: string | null,
) {
  const building = path.ownerType === 'building' ? path.ownerUuid : (currentBuilding ?? path.ownerUuid);
  return `/building/${building}/bookings/${path.ownerType}/${path.ownerUuid}/${path.resourceUuid}/${path.bookingUuid}`;
}

/** The rows of one page of the transactions call, in the call's order (one type asked: one list is filled). */
export function historyRows(page: TransactionPage, type: HistoryType): HistoryItem[] {
  switch (type) {
    case 'event_posts':
      return page.transactions.event_posts.map((item) => ({ kind: 'event_posts', item }));
    case 'resource_bookings':
      return page.transactions.resource_bookings.map((item) => ({ kind: 'resource_bookings', item }));
    case 'service_bookings':
      return page.transactions.service_bookings.map((item) => ({ kind: 'service_bookings', item }));
  }
}

/** Rows of a later page after those loaded, without one twice (an item that moved between pages). */
export function appendRows(loaded: HistoryItem[], page: HistoryItem[]): HistoryItem[] {
  const seen = new Set(loaded.map((row) => `${row.kind}:${row.item.uuid}`));
  return [...loaded, ...page.filter((row) => !seen.has(`${row.kind}:${row.item.uuid}`))];
}

/** A service's price in cents, as an amount (the specification shows it divided by 100). */
export const serviceAmount = (cents: number) => cents / 100;

export { HISTORY_PAGE_SIZE } from './historyPaging';
