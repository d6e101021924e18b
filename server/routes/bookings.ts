import type { FastifyBaseLogger } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import type { Mail, Mailer } from '../lib/mail.js';
import { calendarFile } from '../lib/ics.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import {
  BOOKING_STATUSES,
  OPEN_STATUSES,
  RECEIPT_STATUSES,
  TRANSACTION_ORDER_PROPERTIES,
  TRANSACTION_TYPES,
  ownBooking,
  receiptStatusOf,
  setBookingStatus,
  transactionPage,
  type BookingRow,
} from '../stores/bookings.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

/** Resource bookings (the receipt and its cancel) and the signed-in person's transaction history (decisions 054, 055). */

const uuidParam = { type: 'string', format: 'uuid' } as const;
const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;

export const bookingParams = {
  type: 'object',
  required: ['ownerType', 'ownerUuid', 'resourceUuid', 'bookingUuid'],
  properties: {
    ownerType: { type: 'string', pattern: '^[a-z][a-z_]{0,39}$', description: "The resource's owner type: 'building' today" },
    ownerUuid: uuidParam,
    resourceUuid: uuidParam,
    bookingUuid: uuidParam,
  },
} as const;

export const bookingSchema = {
  type: 'object',
  required: [
    'uuid',
    'name',
    'status',
    'receipt_status',
    'start_at',
    'end_at',
    'timezone',
    'bookingDuration',
    'form_responses',
    'cancellation_window_end_minutes',
    'cancellation_description',
    'cancellation_deadline',
    'can_cancel',
    'requires_approval',
    'total_price',
    'currency_type',
    'resource',
    'owner',
    'created_at',
  ],
  properties: {
    uuid: str,
    name: { type: 'string', description: "The resource's name" },
    status: { type: 'string', enum: [...BOOKING_STATUSES], description: 'The status in the specification’s first vocabulary' },
    receipt_status: { type: 'string', enum: [...RECEIPT_STATUSES], description: 'The same status in the receipt’s vocabulary' },
    start_at: str,
    end_at: str,
    timezone: { type: 'string', description: "The building's time zone" },
    bookingDuration: { type: 'integer', description: 'Minutes from start_at to end_at' },
    form_responses: {
      type: 'array',
      items: {
        type: 'object',
        required: ['question', 'answer', 'type'],
        properties: { question: str, answer: str, type: { type: 'string', enum: ['Yes/No', 'text'] } },
      },
    },
    cancellation_window_end_minutes: { type: 'integer', description: 'Cancelling is allowed until this many minutes before start_at' },
    cancellation_description: nstr,
    cancellation_deadline: { type: 'string', description: 'start_at less the cancellation window (ISO 8601, UTC)' },
    can_cancel: { type: 'boolean', description: 'The booking is open and the deadline has not passed' },
    requires_approval: { type: 'boolean', description: 'A request waits for the building manager’s approval' },
    total_price: { type: 'number' },
    currency_type: str,
    resource: { type: 'object', required: ['uuid', 'name', 'image_url'], properties: { uuid: str, name: str, image_url: nstr } },
    owner: { type: 'object', required: ['owner_type', 'owner_uuid'], properties: { owner_type: str, owner_uuid: str } },
    created_at: str,
  },
} as const;

export const deadlineOf = (b: Pick<BookingRow, 'start_at' | 'cancellation_window_end_minutes'>) =>
  new Date(new Date(b.start_at).getTime() - b.cancellation_window_end_minutes * 60_000);

export function bookingAnswer(b: BookingRow, now: Date) {
  const deadline = deadlineOf(b);
  return {
    uuid: b.uuid,
    name: b.resource_name,
    status: b.status,
    receipt_status: receiptStatusOf[b.status],
    start_at: b.start_at,
    end_at: b.end_at,
    timezone: b.timezone,
    bookingDuration: Math.round((new Date(b.end_at).getTime() - new Date(b.start_at).getTime()) / 60_000),
    form_responses: b.form_responses,
    cancellation_window_end_minutes: b.cancellation_window_end_minutes,
    cancellation_description: b.cancellation_description,
    cancellation_deadline: deadline.toISOString(),
    can_cancel: OPEN_STATUSES.includes(b.status) && now.getTime() <= deadline.getTime(),
    requires_approval: b.requires_approval,
    total_price: b.total_price,
    currency_type: b.currency_type,
    resource: { uuid: b.resource_uuid, name: b.resource_name, image_url: b.resource_image_url },
    owner: { owner_type: b.owner_type, owner_uuid: b.owner_uuid },
    created_at: b.created_at,
  };
}

const when = (b: BookingRow) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: b.timezone, dateStyle: 'full', timeStyle: 'short' });
  return `${format.format(new Date(b.start_at))} – ${new Intl.DateTimeFormat('en-US', { timeZone: b.timezone, timeStyle: 'short' }).format(new Date(b.end_at))} (${b.timezone})`;
};

/** Mails the building manager a pending request (the resource's manager address, else the building's). */
export async function mailManagerOfRequest(mailer: Mailer, b: BookingRow, log: FastifyBaseLogger) {
  if (!b.manager_email) {
    log.warn({ booking: b.uuid }, 'no manager address for a pending booking request');
    return;
  }
  const answers = b.form_responses.map((r) => `- ${r.question} ${r.answer}`).join('\n');
  await sendQuietly(mailer, log, {
    to: b.manager_email,
    subject: `Booking request: ${b.resource_name}`,
    text:
      `${b.user_name || b.user_email} (${b.user_email}) asks to book ${b.resource_name}.\n\n` +
      `When: ${when(b)}\n` +
      (answers ? `\nTheir answers:\n${answers}\n` : '') +
      `\nPlease approve or deny the request (booking ${b.uuid}). The tenant is told your decision by email.\n`,
  });
}

const CALENDAR_STATUS = { confirmed: 'CONFIRMED', accepted: 'CONFIRMED', pending: 'TENTATIVE', pending_payment: 'TENTATIVE' } as const;
/** The calendar event's SEQUENCE by status: it grows along every change a booking can go through (a request, its decision, a cancel). */
const CALENDAR_SEQUENCE: Record<BookingRow['status'], number> = {
  pending: 0,
  pending_payment: 0,
  confirmed: 0,
  accepted: 1,
  denied_unavailable: 1,
  denied_available: 1,
  cancelled_user: 2,
  cancelled_vendor: 2,
  cancelled: 2,
};

/**
 * The booking as an iCalendar file (RFC 5545): one event in UTC, its UID the booking's (so a second download replaces
 * the event in a calendar), TENTATIVE while a request waits, CONFIRMED once confirmed or approved, CANCELLED after a
 * cancel or a denial, with a SEQUENCE that grows with each of those changes.
 */
export function bookingCalendar(b: BookingRow, now: Date): string {
  const place = [b.floor ? `Floor ${b.floor}` : null, b.zone, b.building_name].filter((p): p is string => !!p).join(', ');
  const answers = b.form_responses.map((r) => `${r.question} ${r.answer}`);
  return calendarFile({
    uid: `${b.uuid}@bookings.atrium`,
    start: new Date(b.start_at),
    end: new Date(b.end_at),
    stamp: now,
    modified: new Date(b.updated_at),
    sequence: CALENDAR_SEQUENCE[b.status],
    summary: b.resource_name,
    location: place,
    description: [
      `Booking ${b.uuid} (${receiptStatusOf[b.status]})`,
      ...answers,
      ...(b.cancellation_description ? [b.cancellation_description] : []),
    ].join('\n'),
    status: (CALENDAR_STATUS as Partial<Record<BookingRow['status'], 'CONFIRMED' | 'TENTATIVE'>>)[b.status] ?? 'CANCELLED',
  });
}

const outcomeWords: Partial<Record<BookingRow['status'], { subject: string; text: string }>> = {
  accepted: { subject: 'approved', text: 'has been approved. See you there!' },
  confirmed: { subject: 'confirmed', text: 'is confirmed.' },
  denied_unavailable: { subject: 'declined', text: 'could not be approved: the resource is not available at that time.' },
  denied_available: { subject: 'declined', text: 'was declined by the building manager.' },
  cancelled_vendor: { subject: 'cancelled', text: 'was cancelled by the building manager.' },
  cancelled: { subject: 'cancelled', text: 'was cancelled.' },
};

/**
 * Mails the tenant their booking's status: the vendor's decision, or a booking confirmed as it was made. A confirmed
 * or approved booking comes with its calendar file.
 */
export async function mailTenantOutcome(mailer: Mailer, b: BookingRow, log: FastifyBaseLogger, now = new Date()) {
  const words = outcomeWords[b.status] ?? { subject: 'updated', text: 'has been updated.' };
  const booked = b.status === 'confirmed' || b.status === 'accepted';
  await sendQuietly(mailer, log, {
    to: b.user_email,
    subject: `Your booking of ${b.resource_name} was ${words.subject}`,
    text: `Hello ${b.user_name || b.user_email},\n\nYour booking of ${b.resource_name} on ${when(b)} ${words.text}\n\nBooking ${b.uuid}\n`,
    ...(booked
      ? {
          attachments: [
            { filename: 'booking.ics', content: Buffer.from(bookingCalendar(b, now)), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
          ],
        }
      : {}),
  });
}

/** A mail that fails is logged, never turned into a failed request: the status change it reports has been made. */
async function sendQuietly(mailer: Mailer, log: FastifyBaseLogger, mail: Mail) {
  try {
    await mailer.send(mail);
  } catch (error) {
    log.error({ err: error, to: mail.to }, 'booking mail not sent');
  }
}

const notFound = () => httpError(404, 'No booking of yours at this path', 'unknown_booking');

export async function bookingRoutes(app: Api) {
  const { db, clock } = app.deps;
  const security = [{ bearer: [] }];
  const path = '/resource-booking/v2/:ownerType/:ownerUuid/resources/:resourceUuid/bookings/:bookingUuid/mine';

  app.get(
    path,
    {
      schema: {
        tags: ['bookings'],
        summary: 'One of my resource bookings (its receipt); another person’s booking is not found',
        security,
        params: bookingParams,
        response: { 200: dataOf(bookingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const booking = await ownBooking(db, request.params, request.person.userId);
      if (!booking) throw notFound();
      return { data: bookingAnswer(booking, clock.now()) };
    },
  );

  app.get(
    `${path}/calendar.ics`,
    {
      schema: {
        tags: ['bookings'],
        summary:
          'One of my bookings as a calendar file (text/calendar, RFC 5545: one event in UTC, UID the booking’s); another person’s is not found',
        description:
          'Downloaded again after a change (approved, cancelled), the file has the same UID and a higher SEQUENCE, so a calendar updates ' +
          'the event it has. A cancelled or denied booking is an event with STATUS:CANCELLED; a request waiting for approval is TENTATIVE.',
        security,
        params: bookingParams,
        response: {
          200: { description: 'An iCalendar file', content: { 'text/calendar': { schema: { type: 'string' } } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const booking = await ownBooking(db, request.params, request.person.userId);
      if (!booking) throw notFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${booking.uuid.slice(0, 8)}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(bookingCalendar(booking, clock.now()));
    },
  );

  app.delete(
    path,
    {
      preHandler: [writeLimits(app, WRITE_LIMITS.bookings)],
      schema: {
        tags: ['bookings'],
        summary:
          'Cancels one of my bookings (status cancelled_user, receipt status Canceled); 409 you_can_no_longer_cancel after the cancellation window, 409 booking_not_cancellable when it is no longer open',
        security,
        params: bookingParams,
        response: { 200: dataOf(bookingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const now = clock.now();
      const booking = await db.transaction(async (tx) => {
        const found = await ownBooking(tx, request.params, request.person.userId, true);
        if (!found) throw notFound();
        if (!OPEN_STATUSES.includes(found.status))
          throw httpError(
            409,
            `This booking can no longer be cancelled: it is ${receiptStatusOf[found.status].toLowerCase()}`,
            'booking_not_cancellable',
          );
        if (now.getTime() > deadlineOf(found).getTime())
          throw httpError(
            409,
            `You can no longer cancel this booking: cancelling closed ${found.cancellation_window_end_minutes} minutes before its start`,
            'you_can_no_longer_cancel',
          );
        return setBookingStatus(tx, found.id, 'cancelled_user');
      });
      return { data: bookingAnswer(booking, now) };
    },
  );

  app.get(
    '/tenant/v1/users/current/transactions',
    {
      schema: {
        tags: ['bookings'],
        summary: 'My transactions: event posts I RSVPed to, my resource bookings and my service bookings, one page of them',
        security,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            orderByProperty: { type: 'string', enum: [...TRANSACTION_ORDER_PROPERTIES], description: 'Sort key (name: the title); default start_at' },
            orderBy: {
              type: 'string',
              enum: ['ASC', 'DESC', 'asc', 'desc'],
              description: 'Default ASC for upcoming (soonest first), else DESC (latest first)',
            },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            type: { type: 'string', enum: [...TRANSACTION_TYPES], description: 'Only this list; the others come empty' },
            when: { type: 'string', enum: ['upcoming', 'past'], description: 'upcoming: ending after now; past: ended' },
            lang: { type: 'string', minLength: 1, maxLength: 35, description: 'Language of event titles; default English' },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['transactions', 'pagination'],
            properties: {
              transactions: {
                type: 'object',
                required: [...TRANSACTION_TYPES],
                properties: {
                  event_posts: { type: 'array', items: { $ref: 'EventPostTransaction#' } },
                  resource_bookings: { type: 'array', items: { $ref: 'ResourceBookingTransaction#' } },
                  service_bookings: { type: 'array', items: { $ref: 'ServiceBookingTransaction#' } },
                },
              },
              pagination: {
                type: 'object',
                required: ['offset', 'limit', 'total', 'has_more'],
                description: 'The page counts the three lists together, in the asked order',
                properties: { offset: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, has_more: { type: 'boolean' } },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const offset = q.offset ?? 0;
      const limit = q.limit ?? 20;
      const direction = q.orderBy ? (q.orderBy.toUpperCase() as 'ASC' | 'DESC') : q.when === 'upcoming' ? 'ASC' : 'DESC';
      const page = await transactionPage(db, {
        userId: request.person.userId,
        lang: q.lang ?? 'en',
        now: clock.now(),
        type: q.type,
        when: q.when,
        orderByProperty: q.orderByProperty ?? 'start_at',
        direction,
        offset,
        limit,
      });
      const lists = { event_posts: [] as never[], resource_bookings: [] as never[], service_bookings: [] as never[] };
      for (const row of page.rows) lists[row.kind].push(row.item as never);
      return { data: { transactions: lists, pagination: { offset, limit, total: page.total, has_more: offset + page.rows.length < page.total } } };
    },
  );
}
