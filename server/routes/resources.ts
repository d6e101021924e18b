import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses, ref } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { FlagStore } from '../lib/flags.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';
import {
  checkAnswers,
  freeRangesOn,
  lastBookableDate,
  minutesText,
  nextFree,
  QUESTION_TYPES,
  slotsOn,
  timeRuleErrors,
  WEEKDAYS,
  windowsOn,
  type Range,
  type RuleError,
} from '../lib/bookingRules.js';
import { addDays, instantOf, isLocalDate, isoInZone, localDateOf } from '../lib/zonedTime.js';
import {
  bookingByIdempotencyKey,
  createBooking,
  holdsOf,
  RepeatedRequestError,
  RESOURCE_KINDS,
  resourceInBuilding,
  resourcesOf,
  rulesOf,
  upcomingBookingsOf,
  SlotTakenError,
  type BookingRow,
  type ResourceRow,
} from '../stores/bookings.js';
import { bookingAnswer, bookingSchema, mailManagerOfRequest, mailTenantOutcome } from './bookings.js';
import { notifyOfBooking } from '../lib/notifications.js';

/**
 * Booking (issue 26; decision NEXT-booking-resources-and-availability): a building's bookable resources (meeting rooms,
 * desks, amenities such as the terrace), their availability on a day of the building's calendar, and making a booking
 * under the resource's rules. Every call is under a building the person belongs to (401, 404 unknown building, 403 not
 * a member) and behind the `booking` flag evaluated for that building (off: 404 booking_off). The booking made is the
 * one the receipt, cancel, calendar file and history calls of server/routes/bookings.ts then serve.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const uuidParam = { type: 'string', format: 'uuid' } as const;
const withOffset = { type: 'string', description: "ISO 8601 with the building's offset, e.g. 2026-12-01T09:30:00-05:00" } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const resourceParams = { type: 'object', required: ['id', 'resourceUuid'], properties: { id: uuidParam, resourceUuid: uuidParam } } as const;

const resourceSchema = {
  type: 'object',
  required: [
    'uuid',
    'name',
    'kind',
    'description',
    'image_url',
    'capacity',
    'equipment',
    'floor',
    'zone',
    'requires_approval',
    'price',
    'currency_type',
    'cancellation_window_end_minutes',
    'cancellation_description',
    'timezone',
    'opening_hours',
    'rules',
    'questions',
    'amenity_uuid',
    'owner',
  ],
  properties: {
    uuid: str,
    name: str,
    kind: { type: 'string', enum: [...RESOURCE_KINDS] },
    description: nstr,
    image_url: nstr,
    capacity: { type: ['integer', 'null'], description: 'How many people it holds (1 for a desk); null when not given' },
    equipment: { type: 'array', items: str },
    floor: nstr,
    zone: nstr,
    requires_approval: { type: 'boolean', description: 'A booking is a pending request until the building manager approves it' },
    price: { type: 'number', description: 'Per hour; a booking’s total_price is this times its hours' },
    currency_type: str,
    cancellation_window_end_minutes: { type: 'integer', description: 'A booking can be cancelled until this many minutes before its start' },
    cancellation_description: nstr,
    timezone: { type: 'string', description: "The building's time zone (IANA): opening hours and days are in it" },
    opening_hours: {
      type: 'array',
      description: 'Opening windows per weekday, local wall-clock times (24:00 is midnight); a day with none is closed',
      items: {
        type: 'object',
        required: ['day', 'open', 'close'],
        properties: { day: { type: 'string', enum: [...WEEKDAYS] }, open: str, close: str },
      },
    },
    rules: {
      type: 'object',
      required: ['slot_minutes', 'min_minutes', 'max_minutes', 'buffer_minutes', 'horizon_days', 'bookable_until'],
      properties: {
        slot_minutes: {
          type: ['integer', 'null'],
          description: 'The slot grid: a booking starts on it (counted from the window’s opening) and lasts whole slots; null: any whole minute',
        },
        min_minutes: int,
        max_minutes: int,
        buffer_minutes: { type: 'integer', description: 'Kept free after every booking: the next may start this long after one ends' },
        horizon_days: { type: 'integer', description: 'Bookable up to this many days after today (the building’s today)' },
        bookable_until: { type: 'string', description: 'The last day a booking may start on (YYYY-MM-DD)' },
      },
    },
    questions: {
      type: 'array',
      description: 'Asked when booking; answered in the create body’s `answers` by id',
      items: {
        type: 'object',
        required: ['id', 'label', 'type', 'required'],
        properties: {
          id: str,
          label: str,
          type: { type: 'string', enum: [...QUESTION_TYPES], description: 'yes_no: true/false or "Yes"/"No"; number: a whole number in min..max' },
          required: { type: 'boolean' },
          max_length: { type: 'integer', description: 'text: the longest answer (500 when not given)' },
          min: int,
          max: int,
        },
      },
    },
    amenity_uuid: { type: ['string', 'null'], description: 'The amenity this resource is (its page offers "Book"); null for none' },
    owner: {
      type: 'object',
      required: ['owner_type', 'owner_uuid'],
      description: 'With the resource and booking uuids, the path of a booking’s receipt',
      properties: { owner_type: str, owner_uuid: str },
    },
  },
} as const;

const rangeSchema = { type: 'object', required: ['start_at', 'end_at'], properties: { start_at: withOffset, end_at: withOffset } } as const;

const availabilitySchema = {
  type: 'object',
  required: ['resource_uuid', 'date', 'timezone', 'slot_minutes', 'opening_hours', 'slots', 'free', 'taken', 'bookable_until'],
  properties: {
    resource_uuid: str,
    date: { type: 'string', description: 'The day asked for (YYYY-MM-DD, the building’s calendar)' },
    timezone: str,
    slot_minutes: { type: ['integer', 'null'], description: 'The grid of `slots`; null: no grid (book a start and a length within `free`)' },
    opening_hours: { type: 'array', description: 'That day’s opening windows; empty when closed', items: rangeSchema },
    slots: {
      type: 'array',
      description:
        'The grid’s slots within the opening hours: free, taken (a booking or the buffer around one) or past (begun). A booking is one ' +
        'or more consecutive free slots, from min_minutes to max_minutes. Empty for a resource without a grid.',
      items: {
        type: 'object',
        required: ['start_at', 'end_at', 'status'],
        properties: { start_at: withOffset, end_at: withOffset, status: { type: 'string', enum: ['free', 'taken', 'past'] } },
      },
    },
    free: {
      type: 'array',
      description:
        'Where a booking may lie wholly: inside opening hours, not begun, clear of bookings and buffers, on the grid, each at least ' +
        'min_minutes long. Any booking inside one of an allowed length (on the grid) is accepted, unless someone takes it first.',
      items: rangeSchema,
    },
    taken: {
      type: 'array',
      description: 'The bookings that hold the resource that day (pending requests included), without buffers; mine: the caller’s own',
      items: {
        type: 'object',
        required: ['start_at', 'end_at', 'mine'],
        properties: { start_at: withOffset, end_at: withOffset, mine: { type: 'boolean' } },
      },
    },
    bookable_until: { type: 'string', description: 'The last day a booking may start on (YYYY-MM-DD)' },
  },
} as const;

const bookingErrors = { ...errorResponses, 400: ref('BookingError'), 409: ref('BookingError'), 422: ref('BookingError') };

function resourceAnswer(r: ResourceRow, now: Date) {
  return {
    uuid: r.uuid,
    name: r.name,
    kind: r.kind,
    description: r.description,
    image_url: r.image_url,
    capacity: r.capacity,
    equipment: r.equipment,
    floor: r.floor,
    zone: r.zone,
    requires_approval: r.requires_approval,
    price: r.price,
    currency_type: r.currency_type,
    cancellation_window_end_minutes: r.cancellation_window_end_minutes,
    cancellation_description: r.cancellation_description,
    timezone: r.timezone,
    opening_hours: r.opening_hours.map(({ day, open, close }) => ({ day, open, close })),
    rules: {
      slot_minutes: r.slot_minutes,
      min_minutes: r.min_minutes,
      max_minutes: r.max_minutes,
      buffer_minutes: r.buffer_minutes,
      horizon_days: r.horizon_days,
      bookable_until: lastBookableDate(rulesOf(r), now.getTime()),
    },
    questions: r.questions.map((q) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      required: q.required,
      ...(q.max_length !== undefined ? { max_length: q.max_length } : {}),
      ...(q.min !== undefined ? { min: q.min } : {}),
      ...(q.max !== undefined ? { max: q.max } : {}),
    })),
    amenity_uuid: r.amenity_uuid,
    owner: { owner_type: r.owner_type, owner_uuid: r.building_uuid },
  };
}

const unknownResource = () => httpError(404, 'No bookable resource with this id in this building', 'unknown_resource');

/** A 422 that names every broken rule by its field; its code is the first one's. */
const rulesBroken = (errors: RuleError[]) => httpError(422, errors.map((e) => e.message).join(' '), errors[0]!.code, { fields: errors });

export async function resourceRoutes(app: Api) {
  const { db, clock, mailer } = app.deps;
  const flags = new FlagStore(db, clock);
  const requireFlag = async (request: FastifyRequest) => {
    const { flags: values } = await flags.evaluate({ buildingUuids: [request.member!.uuid] });
    if (!values.booking) throw httpError(404, 'Booking is not offered in this building', 'booking_off');
  };
  const member = { config: { member: true }, preHandler: [requireFlag] };
  const security = [{ bearer: [] }];
  const tags = ['booking'];
  const base = '/tenant/v1/buildings/:id/resources';

  /** Every hold of the resource from a day before `from` to two days past its horizon (buffers reach across days). */
  const holdsAround = (r: ResourceRow, from: number, to: number, userId: number) =>
    holdsOf(db, r.id, new Date(from - 2 * DAY), new Date(to + 2 * DAY), userId);

  app.get(
    base,
    {
      ...member,
      schema: {
        tags,
        summary: "The building's bookable resources (rooms, then desks, then amenities; by floor, zone and name), filtered",
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            kind: { type: 'string', enum: [...RESOURCE_KINDS] },
            floor: { type: 'string', minLength: 1, maxLength: 50, description: 'Exactly this floor (any case)' },
            zone: { type: 'string', minLength: 1, maxLength: 100, description: 'Exactly this zone (any case)' },
            min_capacity: { type: 'integer', minimum: 1, maximum: 100_000, description: 'Holds at least this many people' },
            amenity_uuid: { type: 'string', format: 'uuid', description: 'The resource of this amenity (its page’s "Book")' },
          },
        },
        response: { 200: dataOf({ type: 'array', items: resourceSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const found = await resourcesOf(db, request.member!.id, {
        kind: q.kind,
        floor: q.floor,
        zone: q.zone,
        minCapacity: q.min_capacity,
        amenityUuid: q.amenity_uuid,
      });
      const now = clock.now();
      return { data: found.map((r) => resourceAnswer(r, now)) };
    },
  );

  app.get(
    `${base}/:resourceUuid`,
    {
      ...member,
      schema: {
        tags,
        summary: 'One bookable resource of the building, with its rules and questions; another building’s is not found',
        security,
        params: resourceParams,
        response: { 200: dataOf(resourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const resource = await resourceInBuilding(db, request.member!.id, request.params.resourceUuid);
      if (!resource) throw unknownResource();
      return { data: resourceAnswer(resource, clock.now()) };
    },
  );

  app.get(
    `${base}/:resourceUuid/availability`,
    {
      ...member,
      schema: {
        tags,
        summary: 'A resource’s availability on one day of the building’s calendar: opening hours, grid slots, free ranges and bookings',
        description:
          'Times are ISO 8601 with the building’s offset on that day (a day when clocks change has 23 or 25 hours). Without `date`, the ' +
          'building’s today. A day after `bookable_until` is refused (422 beyond_horizon); past days and times are answered, as past.',
        security,
        params: resourceParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, the building’s calendar' } },
        },
        response: { 200: dataOf(availabilitySchema), ...bookingErrors },
      },
    },
    async (request) => {
      const resource = await resourceInBuilding(db, request.member!.id, request.params.resourceUuid);
      if (!resource) throw unknownResource();
      const rules = rulesOf(resource);
      const zone = rules.timezone;
      const now = clock.now().getTime();
      const today = localDateOf(zone, now);
      const date = request.query.date ?? today;
      const last = lastBookableDate(rules, now);
      const invalid = (code: string, message: string, status = 422) =>
        httpError(status, message, code, { fields: [{ field: 'date', code, message }], bookable_until: last });
      if (!isLocalDate(date)) throw invalid('invalid_date', `${date} is not a day of the calendar (YYYY-MM-DD)`, 400);
      if (date > last) throw invalid('beyond_horizon', `This resource can be booked up to ${resource.horizon_days} days ahead (until ${last}).`);
      if (date < addDays(today, -366)) throw invalid('date_out_of_range', 'Availability goes back one year at most.');
      const dayStart = instantOf(zone, date, 0);
      const dayEnd = instantOf(zone, date, 24 * 60);
      const holds = await holdsAround(resource, dayStart, dayEnd, request.person.userId);
      const at = (ms: number) => isoInZone(zone, ms);
      const range = (r: Range) => ({ start_at: at(r.start), end_at: at(r.end) });
      return {
        data: {
          resource_uuid: resource.uuid,
          date,
          timezone: zone,
          slot_minutes: resource.slot_minutes,
          opening_hours: windowsOn(rules, date).map(range),
          slots: slotsOn(rules, date, holds, now).map((s) => ({ ...range(s), status: s.status })),
          free: freeRangesOn(rules, date, holds, now).map(range),
          taken: holds.filter((h) => h.start < dayEnd && h.end > dayStart).map((h) => ({ ...range(h), mine: h.mine === true })),
          bookable_until: last,
        },
      };
    },
  );

  app.get(
    `${base}/:resourceUuid/bookings`,
    {
      ...member,
      schema: {
        tags,
        summary: 'My bookings of this resource that have not ended (any status, soonest first, 50 at most): the amenity page’s own list',
        security,
        params: resourceParams,
        response: { 200: dataOf({ type: 'array', items: bookingSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const resource = await resourceInBuilding(db, request.member!.id, request.params.resourceUuid);
      if (!resource) throw unknownResource();
      const now = clock.now();
      return { data: (await upcomingBookingsOf(db, resource.id, request.person.userId, now)).map((b) => bookingAnswer(b, now)) };
    },
  );

  app.post(
    `${base}/:resourceUuid/bookings`,
    {
      ...member,
      preHandler: [...member.preHandler, writeLimits(app, WRITE_LIMITS.bookingRequestsMinute, WRITE_LIMITS.bookingRequestsDay)],
      schema: {
        tags,
        summary:
          'Books a resource: 201 with the booking (confirmed, or a pending request when the resource needs approval); 409 slot_taken with next_free; 422 for broken rules',
        description:
          'Give `start_at` and either `end_at` or `duration_minutes`, and `answers` to the resource’s questions by id. Checked: whole ' +
          'minutes, the end after the start, not in the past, within the horizon, min and max length, inside one opening window, on the ' +
          'slot grid, every required question answered and every answer valid; each broken rule is in `fields` of a 422 (codes ' +
          'not_whole_minutes, invalid_period, in_the_past, beyond_horizon, too_short, too_long, outside_opening_hours, off_grid, ' +
          'missing_answer, unknown_question, invalid_answer, answer_too_long). The time is then taken in the database in one step: of ' +
          'two people asking for it at the same moment exactly one gets it, and the other a 409 slot_taken with `next_free`, the first ' +
          'free time of the same length after it. A pending request mails the building manager; a confirmed booking mails the person ' +
          'with its calendar file. An `Idempotency-Key` header makes a retry safe: the same key answers the booking it made (201, ' +
          'header idempotent-replayed: true); the same key with another time or resource is a 422 idempotency_key_reused.',
        security,
        params: resourceParams,
        headers: {
          type: 'object',
          properties: {
            'idempotency-key': {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              pattern: '^[\\x21-\\x7E]+$',
              description: 'Any printable ASCII text (a UUID) the client keeps for the retries of one booking',
            },
          },
        },
        body: {
          type: 'object',
          required: ['start_at'],
          additionalProperties: false,
          properties: {
            start_at: { type: 'string', format: 'date-time', description: 'ISO 8601 with an offset or Z' },
            end_at: { type: 'string', format: 'date-time', description: 'Either this or duration_minutes' },
            duration_minutes: { type: 'integer', minimum: 1, maximum: 10_080, description: 'Either this or end_at' },
            answers: {
              type: 'object',
              maxProperties: 50,
              description: 'By question id: yes_no true/false or "Yes"/"No", number an integer, text a string',
              additionalProperties: { type: ['string', 'boolean', 'number'], maxLength: 5000 },
            },
          },
        },
        response: { 201: dataOf(bookingSchema), ...bookingErrors },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const userId = request.person.userId;
      const resource = await resourceInBuilding(db, request.member!.id, request.params.resourceUuid);
      if (!resource) throw unknownResource();
      const body = request.body;
      const key = request.headers['idempotency-key'];
      const start = Date.parse(body.start_at);
      if ((body.end_at === undefined) === (body.duration_minutes === undefined)) {
        const message = 'Give either end_at or duration_minutes (one of them)';
        throw httpError(400, message, 'end_or_duration', { fields: [{ field: 'end_at', code: 'end_or_duration', message }] });
      }
      const end = body.end_at !== undefined ? Date.parse(body.end_at) : start + body.duration_minutes! * MINUTE;
      if (Number.isNaN(start) || Number.isNaN(end)) {
        const message = 'The times must be real instants (ISO 8601 with an offset)';
        throw httpError(400, message, 'invalid_date', { fields: [{ field: 'start_at', code: 'invalid_date', message }] });
      }

      /** The booking a retry with the same key made: answered again, unless the key was used for another booking. */
      const replay = async () => {
        const earlier = key ? await bookingByIdempotencyKey(db, userId, key) : undefined;
        if (!earlier) return false;
        if (earlier.resource_id !== resource.id || Date.parse(earlier.start_at) !== start || Date.parse(earlier.end_at) !== end)
          throw httpError(422, 'This Idempotency-Key was used for another booking; use a new key for a new booking', 'idempotency_key_reused');
        await reply
          .status(201)
          .header('idempotent-replayed', 'true')
          .send({ data: bookingAnswer(earlier, clock.now()) });
        return true;
      };
      if (await replay()) return reply;

      const rules = rulesOf(resource);
      const lengthField = body.end_at !== undefined ? 'end_at' : 'duration_minutes';
      const answers = checkAnswers(rules.questions, body.answers ?? {});
      const errors = [...timeRuleErrors(rules, start, end, now.getTime(), lengthField), ...answers.errors];
      if (errors.length) throw rulesBroken(errors);

      let booking: BookingRow;
      try {
        booking = await createBooking(db, {
          resource,
          userId,
          status: resource.requires_approval ? 'pending' : 'confirmed',
          startAt: new Date(start).toISOString(),
          endAt: new Date(end).toISOString(),
          formResponses: answers.responses,
          idempotencyKey: key,
        });
      } catch (error) {
        if (!(error instanceof SlotTakenError || error instanceof RepeatedRequestError)) throw error;
        // The same request sent twice at once: the first made the booking, the second answers it.
        if (await replay()) return reply;
        const zone = rules.timezone;
        const free = nextFree(
          rules,
          start,
          (end - start) / MINUTE,
          await holdsAround(resource, start, instantOf(zone, lastBookableDate(rules, now.getTime()), 1440), userId),
          clock.now().getTime(),
        );
        const next = free && { start_at: isoInZone(zone, free.start), end_at: isoInZone(zone, free.end) };
        throw httpError(
          409,
          `Someone has just booked ${resource.name} at this time.` +
            (next
              ? ` The next free time of the same length (${minutesText((end - start) / MINUTE)}) starts at ${next.start_at}.`
              : ' There is no free time of this length left to book.'),
          'slot_taken',
          { next_free: next },
        );
      }
      if (booking.status === 'pending') {
        await mailManagerOfRequest(mailer, booking, request.log);
        await notifyOfBooking(app.deps, request.log, booking);
      } else await mailTenantOutcome(mailer, booking, request.log, clock.now());
      return reply.status(201).send({ data: bookingAnswer(booking, clock.now()) });
    },
  );
}
