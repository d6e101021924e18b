import type { SnapshotFrom } from 'xstate';
import type { bookingReceiptMachine } from './bookingReceipt.machine';
import { receiptTitle, type ReceiptTitle } from './bookings.rules';

type ReceiptSnapshot = Pick<SnapshotFrom<typeof bookingReceiptMachine>, 'context'>;

/** The receipt's title once the booking is read. */
export const selectReceiptTitle = (s: ReceiptSnapshot): ReceiptTitle | null =>
  s.context.booking ? receiptTitle(s.context.booking.receipt_status, s.context.cancelSucceeded) : null;

/** The manager-approval note shows while a request that needs approval waits for it. */
export const selectAwaitsApproval = (s: ReceiptSnapshot): boolean =>
  !!s.context.booking && s.context.booking.requires_approval && s.context.booking.receipt_status === 'Pending';
