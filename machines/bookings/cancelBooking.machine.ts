import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { canStillCancel, pastCancelWindow } from './bookings.rules';
import { type Booking, type BookingError, type BookingPath } from './bookings.types';
import { toAppError } from '../../contracts/errors';
import { confirmStep } from '../shared/confirmable';
import { keepError, setError } from '../shared/failure';

export interface CancelBookingInput {
  path: BookingPath;
  booking: Booking;
  /** When the booking was read: the cancellation window is judged against it. */
  now: string;
}

export interface CancelBookingContext extends CancelBookingInput {
  /** The last refused cancel: kept while the booking error modal shows, cleared by the reset. */
  error: BookingError | null;
}

export type CancelBookingEvent =
  | { type: 'user.cancel' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  /** The booking error modal's "okay". */
  | { type: 'user.close' }
  /** From the receipt: the booking as read again after a cancel succeeded here (the receipt reads it only then). */
  | { type: 'booking.updated'; booking: Booking; now: string };

/** What the cancel tells the receipt that runs it. */
export type CancelBookingReport = { type: 'booking.cancelled'; booking: Booking };

/**
 * `cancel:offered`: the booking can still be cancelled (the button and the cancellation policy show); `cancel:done`: a
 * cancel succeeded here (its confirmation shows).
 */
export type CancelBookingTag = 'cancel:offered' | 'cancel:tooLate' | 'cancel:busy' | 'cancel:done' | 'modal:confirmCancel' | 'modal:bookingError';

export const CANCEL_BOOKING_ID = 'cancelBooking';

/** The server's word for a cancel after the window (decision 054). */
export const TOO_LATE_CODE = 'you_can_no_longer_cancel';

/**
 * Cancelling a booking (content document, sections 4 and 8): the cancel button asks for confirmation, then the
 * cancel is sent. Success sets the booking CANCELED (the answer), tells the receipt (which reloads the booking),
 * resets the cancel and shows its confirmation. The cancellation policy shows only while a cancel is offered. A
 * refused cancel opens the booking error modal ('unable to complete, please try again later', okay); closing it
 * resets. Once the cancellation window has closed, `you_can_no_longer_cancel` shows and no cancel can be sent: the
 * guard refuses it, so `state.can` disables the button. The server refuses a late cancel too; its answer moves the
 * flow to the same state.
 */
export const cancelBookingMachine = setup({
  types: {
    context: {} as CancelBookingContext,
    events: {} as CancelBookingEvent,
    input: {} as CancelBookingInput,
    tags: {} as CancelBookingTag,
  },
  actors: {
    cancel: fromPromise<Booking, BookingPath>(() => Promise.reject(new Error('cancel is not provided'))),
  },
  actions: {
    setBooking: assign((_, params: { booking: Booking; now?: string }) => ({ booking: params.booking, ...(params.now ? { now: params.now } : {}) })),
    setError: assign(keepError),
    reset: assign({ error: null }),
    /** The server said the window has closed: the booking as held here says so too, so no cancel is offered again. */
    markWindowClosed: assign(({ context }) => ({ booking: { ...context.booking, can_cancel: false } })),
    reportCancelled: sendParent((_, params: { booking: Booking }): CancelBookingReport => ({ type: 'booking.cancelled', booking: params.booking })),
  },
  guards: {
    cancellable: ({ context }) => canStillCancel(context.booking, context.now),
    tooLate: ({ context }) => pastCancelWindow(context.booking, context.now),
    refusedAsTooLate: (_, params: { error: unknown }) => toAppError(params.error).code === TOO_LATE_CODE,
  },
}).createMachine({
  id: CANCEL_BOOKING_ID,
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'cancellable', target: 'available' }, { guard: 'tooLate', target: 'tooLate' }, { target: 'closed' }],
    },
    available: {
      description: 'The cancel button, enabled: the booking is open and its cancellation window has not closed.',
      tags: ['cancel:offered'],
      on: {
        'user.cancel': { guard: 'cancellable', target: 'confirming' },
      },
    },
    confirming: confirmStep(['cancel:offered', 'modal:confirmCancel'], 'cancelling', 'available'),
    cancelling: {
      tags: ['cancel:offered', 'cancel:busy'],
      invoke: {
        src: 'cancel',
        input: ({ context }) => context.path,
        onDone: {
          description: 'Success: the booking as the server now has it (CANCELED); the receipt reloads it; the cancel resets.',
          target: 'cancelled',
          actions: [
            { type: 'setBooking', params: ({ event }) => ({ booking: event.output }) },
            { type: 'reportCancelled', params: ({ event }) => ({ booking: event.output }) },
            'reset',
          ],
        },
        onError: [
          {
            guard: { type: 'refusedAsTooLate', params: ({ event }) => ({ error: event.error }) },
            target: 'tooLate',
            actions: [setError, 'markWindowClosed'],
          },
          { target: 'failed', actions: [setError] },
        ],
      },
    },
    failed: {
      description: "The booking error modal: 'unable to complete, please try again later', okay; closing it resets.",
      tags: ['cancel:offered', 'modal:bookingError'],
      on: { 'user.close': { target: 'deciding', actions: 'reset' } },
    },
    tooLate: {
      description: "The window has closed: 'you_can_no_longer_cancel' shows and no cancel can be sent.",
      tags: ['cancel:tooLate'],
    },
    cancelled: {
      description:
        "The cancel succeeded here: its confirmation ('Your booking has been cancelled', a status) shows, with no cancel and no policy; the receipt's read after it only updates the booking.",
      tags: ['cancel:done'],
      on: { 'booking.updated': { actions: { type: 'setBooking', params: ({ event }) => event } } },
    },
    closed: {
      description: 'Cancelled or denied before the receipt opened: nothing to cancel.',
    },
  },
});

export type CancelBookingRef = ActorRefFrom<typeof cancelBookingMachine>;
