import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { cancelBookingMachine, CANCEL_BOOKING_ID, type CancelBookingEvent, type CancelBookingReport } from './cancelBooking.machine';
import { calendarFileMachine, CALENDAR_FILE_ID } from './calendarFile.machine';
import { type Booking, type BookingError, type BookingPath, type BookingRead } from './bookings.types';
import { failedState, isMissing, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export type BookingReceiptInput = BookingPath;

export interface BookingReceiptContext extends BookingReceiptInput {
  booking: Booking | null;
  /** When the booking was last read. */
  readAt: string | null;
  /** A cancel succeeded on this screen: the receipt's title says cancelled whatever a later read says. */
  cancelSucceeded: boolean;
  error: BookingError | null;
}

export type BookingReceiptEvent = { type: 'user.retry' } | CancelBookingReport;

export type BookingReceiptTag = 'loading' | 'failed' | 'notFound' | 'reloading';

export const BOOKING_RECEIPT_ID = 'bookingReceipt';

const pathOf = (context: BookingReceiptContext): BookingPath => ({
  ownerType: context.ownerType,
  ownerUuid: context.ownerUuid,
  resourceUuid: context.resourceUuid,
  bookingUuid: context.bookingUuid,
});

/**
 * A booking's receipt: loads the booking (only its owner may read it: another person's is not found), then runs the
 * cancel flow as a child. When the cancel succeeds the receipt keeps the cancelled booking the answer gave and reads
 * it again (a failed re-read keeps it); the child hears of every read. Beside it runs the receipt's "Add to calendar"
 * (`calendarFile`).
 */
export const bookingReceiptMachine = setup({
  types: {
    context: {} as BookingReceiptContext,
    events: {} as BookingReceiptEvent,
    input: {} as BookingReceiptInput,
    tags: {} as BookingReceiptTag,
  },
  actors: {
    load: fromPromise<BookingRead, BookingPath>(() => Promise.reject(new Error('load is not provided'))),
    cancelBooking: cancelBookingMachine,
    calendarFile: calendarFileMachine,
  },
  actions: {
    setRead: assign((_, read: BookingRead) => ({ booking: read.booking, readAt: read.readAt, error: null })),
    setError: assign(keepError),
    setCancelled: assign((_, params: { booking: Booking }) => ({ booking: params.booking, cancelSucceeded: true })),
    tellCancel: sendTo(CANCEL_BOOKING_ID, (_, read: BookingRead): CancelBookingEvent => ({
      type: 'booking.updated',
      booking: read.booking,
      now: read.readAt,
    })),
  },
  guards: {
    notFound: isMissing,
  },
}).createMachine({
  id: BOOKING_RECEIPT_ID,
  context: ({ input }) => ({ ...input, booking: null, readAt: null, cancelSucceeded: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => pathOf(context),
        onDone: { target: 'ready', actions: { type: 'setRead', params: ({ event }) => event.output } },
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The booking could not be read; the error is kept and the page offers to try again.'),
    notFound: notFoundState('No booking of this person at this path (another person’s booking reads the same).'),
    ready: {
      invoke: [
        {
          src: 'cancelBooking',
          id: CANCEL_BOOKING_ID,
          input: ({ context }) => ({ path: pathOf(context), booking: context.booking!, now: context.readAt! }),
        },
        { src: 'calendarFile', id: CALENDAR_FILE_ID, input: ({ context }) => ({ path: pathOf(context) }) },
      ],
      on: {
        'booking.cancelled': {
          target: '.reloading',
          actions: { type: 'setCancelled', params: ({ event }) => ({ booking: event.booking }) },
        },
      },
      initial: 'shown',
      states: {
        shown: {},
        reloading: {
          description: 'After a cancel: the booking is read again; a failed read keeps the answer of the cancel.',
          tags: ['reloading'],
          invoke: {
            src: 'load',
            input: ({ context }) => pathOf(context),
            onDone: {
              target: 'shown',
              actions: [
                { type: 'setRead', params: ({ event }) => event.output },
                { type: 'tellCancel', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'shown' },
          },
        },
      },
    },
  },
});

export type BookingReceiptRef = ActorRefFrom<typeof bookingReceiptMachine>;
