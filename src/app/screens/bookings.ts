import { fromPromise } from 'xstate';
import { bookingReceiptMachine } from '../../../machines/bookings/bookingReceipt.machine';
import { cancelBookingMachine } from '../../../machines/bookings/cancelBooking.machine';
import { historyMachine } from '../../../machines/bookings/history.machine';
import * as bookingsApi from '../../api/bookings';
import * as historyApi from '../../api/history';
import { requestValues } from '../../api/client';

/** A booking's receipt and its cancel with the real API; each read carries the moment it was read. */
export const bookingReceiptLogic = () =>
  bookingReceiptMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => ({ booking: await bookingsApi.booking(input), readAt: new Date().toISOString() })),
      cancelBooking: cancelBookingMachine.provide({
        actors: { cancel: fromPromise(({ input }) => bookingsApi.cancelBooking(input)) },
      }),
    },
  });

/** The history with the real API, in the person's language. */
export const historyLogic = () =>
  historyMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) =>
        historyApi.transactions({ when: input.tab, type: input.type, offset: input.offset, limit: input.limit, lang: requestValues().locale }),
      ),
    },
  });
