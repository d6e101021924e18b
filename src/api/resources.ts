import { fillPath, request, requestBlob } from './client';
import type { BookingPathParams } from './bookings';
import type { BookingRequest } from '../../machines/bookings/bookResource.types';

/** A building's bookable resources and booking one (issue 26; decision 214). */

const RESOURCES = '/tenant/v1/buildings/{id}/resources' as const;
const RESOURCE = '/tenant/v1/buildings/{id}/resources/{resourceUuid}' as const;

/** The building's bookable rooms, desks and amenities (rooms first; by floor, zone and name). */
export const resources = async (buildingUuid: string) => (await request('get', RESOURCES, { params: { id: buildingUuid } })).data;

/** One resource with its rules and questions; another building's answers 404 unknown_resource. */
export const resource = async (buildingUuid: string, resourceUuid: string) =>
  (await request('get', RESOURCE, { params: { id: buildingUuid, resourceUuid } })).data;

/** A resource's slots, free ranges and bookings on one day of the building's calendar. */
export const availability = async (buildingUuid: string, resourceUuid: string, date: string) =>
  (await request('get', `${RESOURCE}/availability`, { params: { id: buildingUuid, resourceUuid }, query: { date } })).data;

/**
 * Books a resource. The Idempotency-Key is the attempt's: a retry of the same attempt sends the same one, so the
 * server answers the booking it made instead of making a second.
 */
export const createBooking = async (booking: BookingRequest) =>
  (
    await request('post', `${RESOURCE}/bookings`, {
      params: { id: booking.buildingUuid, resourceUuid: booking.resourceUuid },
      headers: { 'idempotency-key': booking.idempotencyKey },
      body: { start_at: booking.startAt, duration_minutes: booking.minutes, answers: booking.answers },
    })
  ).data;

/** A booking's calendar file (text/calendar), read with the person's bearer and the app's one refresh. */
export const bookingCalendar = (params: BookingPathParams) =>
  requestBlob(
    fillPath('/resource-booking/v2/{ownerType}/{ownerUuid}/resources/{resourceUuid}/bookings/{bookingUuid}/mine/calendar.ics', { ...params }),
  );
