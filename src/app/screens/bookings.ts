import { fromPromise } from 'xstate';
import { bookingReceiptMachine } from '../../../machines/bookings/bookingReceipt.machine';
import { cancelBookingMachine } from '../../../machines/bookings/cancelBooking.machine';
import { calendarFileMachine } from '../../../machines/bookings/calendarFile.machine';
import { saveFile } from '../adapters/download';
import { historyMachine } from '../../../machines/bookings/history.machine';
import * as bookingsApi from '../../api/bookings';
import * as historyApi from '../../api/history';
import { requestValues } from '../../api/client';
import * as resourcesApi from '../../api/resources';
import { bookableResourcesMachine } from '../../../machines/bookings/bookableResources.machine';
import { bookResourceMachine } from '../../../machines/bookings/bookResource.machine';

/** A booking's receipt, its cancel and its calendar file with the real API; each read carries the moment it was read. */
export const bookingReceiptLogic = () =>
  bookingReceiptMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => ({ booking: await bookingsApi.booking(input), readAt: new Date().toISOString() })),
      cancelBooking: cancelBookingMachine.provide({
        actors: { cancel: fromPromise(({ input }) => bookingsApi.cancelBooking(input)) },
      }),
      calendarFile: calendarFileMachine.provide({
        actors: {
          download: fromPromise(async ({ input }) =>
            saveFile(await resourcesApi.bookingCalendar(input), `booking-${input.bookingUuid.slice(0, 8)}.ics`),
          ),
        },
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

/** The building's bookable resources with the real API. */
export const bookableResourcesLogic = () =>
  bookableResourcesMachine.provide({
    actors: { load: fromPromise(({ input }) => resourcesApi.resources(input.buildingUuid)) },
  });

/** Booking a resource with the real API: the resource read with the moment it was read (its today is the building's). */
export const bookResourceLogic = () =>
  bookResourceMachine.provide({
    actors: {
      loadResource: fromPromise(async ({ input }) => ({
        resource: await resourcesApi.resource(input.buildingUuid, input.resourceUuid),
        readAt: new Date().toISOString(),
      })),
      loadDay: fromPromise(({ input }) => resourcesApi.availability(input.buildingUuid, input.resourceUuid, input.date)),
      createBooking: fromPromise(({ input }) => resourcesApi.createBooking(input)),
    },
  });
