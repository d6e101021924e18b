import type { Booking, BookingPath, TransactionPage, TransactionPageRequest } from '../../machines/bookings/bookings.types';

/** When the booking is read in these tests. */
export const READ_AT = '2026-11-23T12:00:00.000Z';

export const PATH: BookingPath = {
  ownerType: 'building',
  ownerUuid: '11111111-1111-4111-8111-111111111111',
  resourceUuid: '22222222-2222-4222-8222-222222222222',
  bookingUuid: '33333333-3333-4333-8333-333333333333',
};

/** A booking as the receipt call answers it: by default pending, three days ahead, cancellable for a day more. */
export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    uuid: PATH.bookingUuid,
    name: 'Conference Room A',
    status: 'pending',
    receipt_status: 'Pending',
    start_at: '2026-11-26T14:00:00.000Z',
    end_at: '2026-11-26T15:30:00.000Z',
    timezone: 'America/New_York',
    bookingDuration: 90,
    form_responses: [
      { question: 'Will you need the projector?', answer: 'Yes', type: 'Yes/No' },
      { question: 'How many people will attend?', answer: '6', type: 'text' },
    ],
    cancellation_window_end_minutes: 60,
    cancellation_description: 'You can cancel up to 1 hour before your booking starts.',
    cancellation_deadline: '2026-11-26T13:00:00.000Z',
    can_cancel: true,
    requires_approval: true,
    total_price: 0,
    currency_type: 'USD',
    resource: { uuid: PATH.resourceUuid, name: 'Conference Room A', image_url: null },
    owner: { owner_type: 'building', owner_uuid: PATH.ownerUuid },
    created_at: '2026-11-13T12:00:00.000Z',
    ...overrides,
  };
}

/** The same booking past its window: accepted, starting in two hours with a day's window. */
export const lateBooking = () =>
  booking({
    status: 'accepted',
    receipt_status: 'Accepted',
    start_at: '2026-11-23T14:00:00.000Z',
    end_at: '2026-11-23T16:00:00.000Z',
    cancellation_deadline: '2026-11-22T14:00:00.000Z',
    cancellation_window_end_minutes: 1440,
    can_cancel: false,
  });

export const cancelled = (from: Booking = booking()) => ({
  ...from,
  status: 'cancelled_user' as const,
  receipt_status: 'Canceled' as const,
  can_cancel: false,
});

/** A page of `total` resource bookings of the history (one type asked: the other lists come empty). */
export function transactionPage(request: TransactionPageRequest, total: number): TransactionPage {
  const count = Math.max(0, Math.min(request.limit, total - request.offset));
  const items = Array.from({ length: count }, (_, i) => {
    const n = request.offset + i + 1;
    return {
      uuid: `${request.tab}-${request.type}-${n}`,
      total_price: n,
      currency_type: 'USD',
      details: { owner: { owner_type: 'building', owner_uuid: 'b-1' }, resource: { uuid: 'r-1' } },
      content: { resource: { name: `Room ${n}`, image_url: null } },
      status: 'pending',
      start_at: '2026-11-26T14:00:00.000Z',
      end_at: '2026-11-26T15:00:00.000Z',
    };
  });
  const services = items.map((b) => ({
    uuid: b.uuid,
    currency_type: 'USD',
    content: { service: { provider_name: b.content.resource.name, logo_url: null, price: 4500 } },
    status: 'Accepted',
    start_at: b.start_at,
    end_at: b.end_at,
  }));
  const events = items.map((b) => ({
    uuid: b.uuid,
    building_uuid: 'b-1',
    currency_type: 'USD',
    content: { uuid: b.uuid, title: b.content.resource.name, subtitle: null, image_url: null },
    status: 'attending',
    start_at: b.start_at,
    end_at: b.end_at,
    price: 0,
  }));
  return {
    transactions: {
      event_posts: request.type === 'event_posts' ? events : [],
      resource_bookings: request.type === 'resource_bookings' ? items : [],
      service_bookings: request.type === 'service_bookings' ? services : [],
    },
    pagination: { offset: request.offset, limit: request.limit, total, has_more: request.offset + count < total },
  };
}
