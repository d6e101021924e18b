import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql, type Sql } from '../db/sql.js';
import { QUESTION_TYPES, WEEKDAYS, type Hold, type OpeningWindow, type Question, type ResourceRules } from '../lib/bookingRules.js';

/** Resource bookings and the signed-in person's transaction history (decisions 054 and 055). */

/** The specification's first vocabulary of a resource booking's status: what the database keeps. */
export const BOOKING_STATUSES = [
  'pending',
  'pending_payment',
  'confirmed',
  'cancelled_user',
  'cancelled_vendor',
  'denied_unavailable',
  'denied_available',
  'accepted',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The receipt's vocabulary. */
export const RECEIPT_STATUSES = ['Pending', 'Accepted', 'Denied_Unavailable', 'Denied_Available', 'Canceled'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Each stored status in the receipt's words: every receipt status is reached. */
export const receiptStatusOf: Record<BookingStatus, ReceiptStatus> = {
  pending: 'Pending',
  pending_payment: 'Pending',
  confirmed: 'Accepted',
  accepted: 'Accepted',
  denied_unavailable: 'Denied_Unavailable',
  denied_available: 'Denied_Available',
  cancelled_user: 'Canceled',
  cancelled_vendor: 'Canceled',
  cancelled: 'Canceled',
};

/**
 * Statuses a booking can still be cancelled from (by its owner or the vendor). They are also the statuses that hold
 * the resource: the exclusion constraint resource_bookings_no_overlap (migration 038) lists the same four.
 */
export const OPEN_STATUSES: readonly BookingStatus[] = ['pending', 'pending_payment', 'confirmed', 'accepted'];
/** Statuses the vendor can still approve or deny. */
export const UNDECIDED_STATUSES: readonly BookingStatus[] = ['pending', 'pending_payment'];

export type FormResponse = { question: string; answer: string; type: 'Yes/No' | 'text' };

const iso = (column: string) => raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type BookingRow = {
  id: number;
  uuid: string;
  user_id: number;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  form_responses: FormResponse[];
  cancellation_window_end_minutes: number;
  cancellation_description: string | null;
  total_price: number;
  currency_type: string;
  created_at: string;
  updated_at: string;
  resource_uuid: string;
  resource_name: string;
  resource_image_url: string | null;
  requires_approval: boolean;
  owner_type: string;
  owner_uuid: string;
  timezone: string;
  manager_email: string | null;
  user_email: string;
  user_name: string;
  building_name: string;
  floor: string | null;
  zone: string | null;
};

const bookingColumns = sql`b.id, b.uuid::text AS uuid, b.user_id, b.status, ${iso('b.start_at')} AS start_at, ${iso('b.end_at')} AS end_at,
  b.form_responses, b.cancellation_window_end_minutes, b.cancellation_description, b.total_price::float8 AS total_price, b.currency_type,
  ${iso('b.created_at')} AS created_at, ${iso('b.updated_at')} AS updated_at, r.uuid::text AS resource_uuid, r.name AS resource_name, r.image_url AS resource_image_url,
  r.requires_approval, r.owner_type, bd.uuid::text AS owner_uuid, bd.timezone, COALESCE(r.manager_email, bd.manager_email) AS manager_email,
  u.email AS user_email, trim(u.first_name || ' ' || u.last_name) AS user_name, bd.name AS building_name, r.floor, r.zone`;
const bookingFrom = sql`FROM resource_bookings b JOIN resources r ON r.id = b.resource_id JOIN buildings bd ON bd.id = r.building_id
  JOIN users u ON u.id = b.user_id`;

export type BookingPath = { ownerType: string; ownerUuid: string; resourceUuid: string; bookingUuid: string };

/**
 * The booking at this path, when it is the user's own: another person's booking, or a path whose owner or resource is
 * not the booking's, is not found (decision 054).
 */
export const ownBooking = (db: Db, path: BookingPath, userId: number, lock = false) =>
  firstRow<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} ${bookingFrom}
         WHERE b.uuid = ${path.bookingUuid}::uuid AND r.uuid = ${path.resourceUuid}::uuid AND r.owner_type = ${path.ownerType}
           AND bd.uuid = ${path.ownerUuid}::uuid AND b.user_id = ${userId} ${lock ? raw('FOR UPDATE OF b') : raw('')}`,
  );

/** A booking by its id alone (the vendor's side: the dev decision route). */
export const bookingByUuid = (db: Db, bookingUuid: string, lock = false) =>
  firstRow<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} ${bookingFrom} WHERE b.uuid = ${bookingUuid}::uuid ${lock ? raw('FOR UPDATE OF b') : raw('')}`,
  );

/** A person's bookings of one resource that end after `after` (any status), soonest first; fifty at most. */
export const upcomingBookingsOf = (db: Db, resourceId: number, userId: number, after: Date) =>
  rows<BookingRow>(
    db,
    sql`SELECT ${bookingColumns} ${bookingFrom}
         WHERE b.resource_id = ${resourceId} AND b.user_id = ${userId} AND b.end_at > ${after.toISOString()}::timestamptz
         ORDER BY b.start_at, b.id LIMIT 50`,
  );

/** Sets a booking's status and answers it as it is now. */
export async function setBookingStatus(db: Db, bookingId: number, status: BookingStatus): Promise<BookingRow> {
  await rows(db, sql`UPDATE resource_bookings SET status = ${status}, updated_at = now() WHERE id = ${bookingId}`);
  return (await firstRow<BookingRow>(db, sql`SELECT ${bookingColumns} ${bookingFrom} WHERE b.id = ${bookingId}`))!;
}

export const RESOURCE_KINDS = ['room', 'desk', 'amenity'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** A bookable resource with its building's time zone and its rules (migrations 010 and 038). */
export type ResourceRow = {
  id: number;
  uuid: string;
  building_id: number;
  building_uuid: string;
  owner_type: string;
  name: string;
  kind: ResourceKind;
  description: string | null;
  image_url: string | null;
  capacity: number | null;
  equipment: string[];
  floor: string | null;
  zone: string | null;
  requires_approval: boolean;
  cancellation_window_end_minutes: number;
  cancellation_description: string | null;
  price: number;
  currency_type: string;
  timezone: string;
  opening_hours: OpeningWindow[];
  slot_minutes: number | null;
  min_minutes: number;
  max_minutes: number;
  buffer_minutes: number;
  horizon_days: number;
  questions: Question[];
  amenity_uuid: string | null;
};

const resourceColumns = sql`r.id, r.uuid::text AS uuid, r.building_id, bd.uuid::text AS building_uuid, r.owner_type, r.name, r.kind,
  r.description, r.image_url, r.capacity, r.equipment, r.floor, r.zone, r.requires_approval, r.cancellation_window_end_minutes,
  r.cancellation_description, r.price::float8 AS price, r.currency_type, bd.timezone, r.opening_hours, r.slot_minutes, r.min_minutes,
  r.max_minutes, r.buffer_minutes, r.horizon_days, r.questions, a.uuid::text AS amenity_uuid`;
const resourceFrom = sql`FROM resources r JOIN buildings bd ON bd.id = r.building_id LEFT JOIN amenities a ON a.id = r.amenity_id`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A row's stored JSON (opening hours, questions) kept to the shapes the rules read: an entry that is not one is
 * dropped rather than trusted, so a hand-edited row cannot make a request fail with a 500.
 */
function cleanResource(row: ResourceRow): ResourceRow {
  const hours = Array.isArray(row.opening_hours) ? row.opening_hours : [];
  const questions = Array.isArray(row.questions) ? row.questions : [];
  return {
    ...row,
    equipment: Array.isArray(row.equipment) ? row.equipment : [],
    opening_hours: hours.filter(
      (w): w is OpeningWindow =>
        isRecord(w) && (WEEKDAYS as readonly unknown[]).includes(w.day) && typeof w.open === 'string' && typeof w.close === 'string',
    ),
    questions: questions.filter(
      (q): q is Question =>
        isRecord(q) &&
        typeof q.id === 'string' &&
        typeof q.label === 'string' &&
        (QUESTION_TYPES as readonly unknown[]).includes(q.type) &&
        typeof q.required === 'boolean',
    ),
  };
}

/** The rules of a resource, as lib/bookingRules.ts reads them. */
export const rulesOf = (r: ResourceRow): ResourceRules => ({
  timezone: r.timezone,
  opening_hours: r.opening_hours,
  slot_minutes: r.slot_minutes,
  min_minutes: r.min_minutes,
  max_minutes: r.max_minutes,
  buffer_minutes: r.buffer_minutes,
  horizon_days: r.horizon_days,
  questions: r.questions,
});

export type ResourceFilter = {
  kind?: ResourceKind | undefined;
  floor?: string | undefined;
  zone?: string | undefined;
  minCapacity?: number | undefined;
  amenityUuid?: string | undefined;
};

/** A building's bookable resources that pass the filter: rooms, then desks, then amenities; by floor, zone and name. */
export async function resourcesOf(db: Db, buildingId: number, filter: ResourceFilter = {}): Promise<ResourceRow[]> {
  const found = await rows<ResourceRow>(
    db,
    sql`SELECT ${resourceColumns} ${resourceFrom}
         WHERE r.building_id = ${buildingId}
           AND (${filter.kind ?? null}::text IS NULL OR r.kind = ${filter.kind ?? null})
           AND (${filter.floor ?? null}::text IS NULL OR lower(r.floor) = lower(${filter.floor ?? null}))
           AND (${filter.zone ?? null}::text IS NULL OR lower(r.zone) = lower(${filter.zone ?? null}))
           AND (${filter.minCapacity ?? null}::int IS NULL OR r.capacity >= ${filter.minCapacity ?? null})
           AND (${filter.amenityUuid ?? null}::uuid IS NULL OR a.uuid = ${filter.amenityUuid ?? null}::uuid)
         ORDER BY array_position(ARRAY['room', 'desk', 'amenity'], r.kind), r.floor NULLS LAST, r.zone NULLS LAST, r.name, r.id`,
  );
  return found.map(cleanResource);
}

/** A resource of this building by its uuid; undefined for an unknown one and for another building's. */
export async function resourceInBuilding(db: Db, buildingId: number, uuid: string): Promise<ResourceRow | undefined> {
  const row = await firstRow<ResourceRow>(
    db,
    sql`SELECT ${resourceColumns} ${resourceFrom} WHERE r.uuid = ${uuid}::uuid AND r.building_id = ${buildingId}`,
  );
  return row && cleanResource(row);
}

/** A resource by its uuid alone (the vendor's side: the dev booking route). */
export async function resourceByUuid(db: Db, uuid: string): Promise<ResourceRow | undefined> {
  const row = await firstRow<ResourceRow>(db, sql`SELECT ${resourceColumns} ${resourceFrom} WHERE r.uuid = ${uuid}::uuid`);
  return row && cleanResource(row);
}

/** The bookings that hold a resource (open statuses) somewhere in [from, to), buffers included; `mine` for the user's. */
export async function holdsOf(db: Db, resourceId: number, from: Date, to: Date, userId: number): Promise<Hold[]> {
  const found = await rows<{ start_at: string; end_at: string; blocked_until: string; mine: boolean }>(
    db,
    sql`SELECT ${iso('start_at')} AS start_at, ${iso('end_at')} AS end_at, ${iso('blocked_until')} AS blocked_until, user_id = ${userId} AS mine
          FROM resource_bookings
         WHERE resource_id = ${resourceId} AND status = ANY(${[...OPEN_STATUSES]}::text[])
           AND start_at < ${to.toISOString()}::timestamptz AND blocked_until > ${from.toISOString()}::timestamptz
         ORDER BY start_at`,
  );
  return found.map((h) => ({ start: Date.parse(h.start_at), end: Date.parse(h.end_at), blockedUntil: Date.parse(h.blocked_until), mine: h.mine }));
}

/** The slot was taken: the insert broke the exclusion constraint resource_bookings_no_overlap (migration 038). */
export class SlotTakenError extends Error {
  constructor() {
    super('The resource is already booked at that time');
  }
}

/** The person already made a booking with this idempotency key (a retried request). */
export class RepeatedRequestError extends Error {
  constructor() {
    super('A booking was already made with this idempotency key');
  }
}

const violates = (error: unknown, code: string, constraint: string) =>
  isRecord(error) && error.code === code && (error.constraint === constraint || String(error.message ?? '').includes(`"${constraint}"`));

/**
 * Makes a booking of a resource for a person, with the resource's terms (its cancellation window and description, its
 * price by the hour and its buffer, copied so later changes of the resource do not change the booking), and answers
 * it. One INSERT, checked by the database: a time that clashes with a booking that holds the resource throws
 * SlotTakenError, a repeated idempotency key RepeatedRequestError, whatever ran at the same moment.
 */
export async function createBooking(
  db: Db,
  b: {
    resource: ResourceRow;
    userId: number;
    status: BookingStatus;
    startAt: string;
    endAt: string;
    formResponses: FormResponse[];
    idempotencyKey?: string | undefined;
  },
): Promise<BookingRow> {
  const hours = (new Date(b.endAt).getTime() - new Date(b.startAt).getTime()) / 3_600_000;
  const blockedUntil = new Date(new Date(b.endAt).getTime() + b.resource.buffer_minutes * 60_000).toISOString();
  let row: { uuid: string } | undefined;
  try {
    [row] = await rows<{ uuid: string }>(
      db,
      sql`INSERT INTO resource_bookings (resource_id, user_id, status, start_at, end_at, blocked_until, form_responses,
                                         cancellation_window_end_minutes, cancellation_description, total_price, currency_type, idempotency_key)
          VALUES (${b.resource.id}, ${b.userId}, ${b.status}, ${b.startAt}::timestamptz, ${b.endAt}::timestamptz, ${blockedUntil}::timestamptz,
                  ${JSON.stringify(b.formResponses)}::jsonb, ${b.resource.cancellation_window_end_minutes}, ${b.resource.cancellation_description},
                  ${Math.round(b.resource.price * hours * 100) / 100}, ${b.resource.currency_type}, ${b.idempotencyKey ?? null})
          RETURNING uuid::text AS uuid`,
    );
  } catch (error) {
    if (violates(error, '23505', 'resource_bookings_idempotency')) throw new RepeatedRequestError();
    if (violates(error, '23P01', 'resource_bookings_no_overlap')) throw new SlotTakenError();
    throw error;
  }
  return (await bookingByUuid(db, row!.uuid))!;
}

/** The person's booking made with this idempotency key, with the resource it is of. */
export const bookingByIdempotencyKey = (db: Db, userId: number, key: string) =>
  firstRow<BookingRow & { resource_id: number }>(
    db,
    sql`SELECT ${bookingColumns}, b.resource_id ${bookingFrom} WHERE b.user_id = ${userId} AND b.idempotency_key = ${key}`,
  );

// ---------------------------------------------------------------------------------------------------------------
// Transactions

export const TRANSACTION_TYPES = ['event_posts', 'resource_bookings', 'service_bookings'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_ORDER_PROPERTIES = ['start_at', 'end_at', 'name', 'created_at'] as const;
export type TransactionOrderProperty = (typeof TRANSACTION_ORDER_PROPERTIES)[number];

export type TransactionQuery = {
  userId: number;
  lang: string;
  now: Date;
  type?: TransactionType | undefined;
  when?: 'upcoming' | 'past' | undefined;
  orderByProperty: TransactionOrderProperty;
  direction: 'ASC' | 'DESC';
  offset: number;
  limit: number;
};

export type TransactionRow = { kind: TransactionType; item: Record<string, unknown>; total: number };

/** Titles of event posts in the asked language, else English, else any. */
const eventTitle = (lang: string) =>
  sql`LEFT JOIN LATERAL (SELECT title, subtitle FROM content_translations tr WHERE tr.content_id = c.id
       ORDER BY (tr.language = ${lang}) DESC, (tr.language = 'en') DESC, tr.language LIMIT 1) t ON true`;

/**
 * One page of the person's transactions of the three kinds together (or of one kind), in the asked order, each as
 * the JSON the answer carries; `total` counts every matching transaction.
 */
export async function transactionPage(db: Db, q: TransactionQuery): Promise<{ rows: TransactionRow[]; total: number }> {
  const parts: Sql[] = [];
  const want = (type: TransactionType) => !q.type || q.type === type;
  if (want('event_posts'))
    parts.push(sql`SELECT 'event_posts' AS kind, e.start_at, e.end_at, t.title AS name, rv.created_at, rv.id AS tiebreak,
      json_build_object('uuid', c.uuid::text, 'building_uuid', eb.uuid::text, 'currency_type', COALESCE(e.currency_type, 'USD'),
        'content', json_build_object('uuid', c.uuid::text, 'title', t.title, 'subtitle', t.subtitle, 'image_url', c.image_url),
        'status', 'attending', 'start_at', ${iso('e.start_at')}, 'end_at', ${iso('e.end_at')}, 'price', COALESCE(e.price, 0)::float8) AS item
      FROM rsvps rv JOIN contents c ON c.id = rv.content_id AND c.type = 'event_post' JOIN event_details e ON e.content_id = c.id
      JOIN buildings eb ON eb.id = c.building_id ${eventTitle(q.lang)} WHERE rv.user_id = ${q.userId}`);
  if (want('resource_bookings'))
    parts.push(sql`SELECT 'resource_bookings' AS kind, b.start_at, b.end_at, r.name, b.created_at, b.id AS tiebreak,
      json_build_object('uuid', b.uuid::text, 'total_price', b.total_price::float8, 'currency_type', b.currency_type,
        'details', json_build_object('owner', json_build_object('owner_type', r.owner_type, 'owner_uuid', bd.uuid::text),
                                     'resource', json_build_object('uuid', r.uuid::text)),
        'content', json_build_object('resource', json_build_object('name', r.name, 'image_url', r.image_url)),
        'status', b.status, 'start_at', ${iso('b.start_at')}, 'end_at', ${iso('b.end_at')}) AS item
      FROM resource_bookings b JOIN resources r ON r.id = b.resource_id JOIN buildings bd ON bd.id = r.building_id WHERE b.user_id = ${q.userId}`);
  if (want('service_bookings'))
    parts.push(sql`SELECT 'service_bookings' AS kind, s.start_at, s.end_at, s.provider_name AS name, s.created_at, s.id AS tiebreak,
      json_build_object('uuid', s.uuid::text, 'currency_type', s.currency_type,
        'content', json_build_object('service', json_build_object('provider_name', s.provider_name, 'logo_url', s.logo_url, 'price', s.price_cents)),
        'status', s.status, 'start_at', ${iso('s.start_at')}, 'end_at', ${iso('s.end_at')}) AS item
      FROM service_bookings s WHERE s.user_id = ${q.userId}`);
  let union = parts[0]!;
  for (const part of parts.slice(1)) union = sql`${union} UNION ALL ${part}`;
  const now = q.now.toISOString();
  const when =
    q.when === 'upcoming' ? sql`WHERE x.end_at > ${now}::timestamptz` : q.when === 'past' ? sql`WHERE x.end_at <= ${now}::timestamptz` : raw('');
  const column = raw(`x.${q.orderByProperty === 'name' ? 'name' : q.orderByProperty} ${q.direction}`);
  const found = await rows<TransactionRow>(
    db,
    sql`SELECT x.kind, x.item, count(*) OVER ()::int AS total FROM (${union}) x ${when}
         ORDER BY ${column}, x.kind, x.tiebreak LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  if (found.length > 0 || q.offset === 0) return { rows: found, total: found[0]?.total ?? 0 };
  // A page past the end: count on its own.
  const [counted] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${union}) x ${when}`);
  return { rows: [], total: counted?.total ?? 0 };
}
