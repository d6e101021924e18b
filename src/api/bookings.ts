import { request } from './client';

/** A resource booking's receipt and its cancel (content document, section 7; decision 054). */

export interface BookingPathParams {
  ownerType: string;
  ownerUuid: string;
  resourceUuid: string;
  bookingUuid: string;
}

const PATH = '/resource-booking/v2/{ownerType}/{ownerUuid}/resources/{resourceUuid}/bookings/{bookingUuid}/mine' as const;

/** One of the person's bookings; another person's answers 404. */
export const booking = async (params: BookingPathParams) => (await request('get', PATH, { params: { ...params } })).data;

/** Cancels one of the person's bookings; 409 `you_can_no_longer_cancel` after its window. */
export const cancelBooking = async (params: BookingPathParams) => (await request('delete', PATH, { params: { ...params } })).data;
