import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql, type Sql } from '../db/sql.js';

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

/** Statuses a booking can still be cancelled from (by its owner or the vendor). */
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
};

const bookingColumns = sql`b.id, b.uuid::text AS uuid, b.user_id, b.status, ${iso('b.start_at')} AS start_at, ${iso('b.end_at')} AS end_at,
  b.form_responses, b.cancellation_window_end_minutes, b.cancellation_description, b.total_price::float8 AS total_price, b.currency_type,
  ${iso('b.created_at')} AS created_at, r.uuid::text AS resource_uuid, r.name AS resource_name, r.image_url AS resource_image_url,
  r.requires_approval, r.owner_type, bd.uuid::text AS owner_uuid, bd.timezone, COALESCE(r.manager_email, bd.manager_email) AS manager_email,
  u.email AS user_email, trim(u.first_name || ' ' || u.last_name) AS user_name`;
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

/** Sets a booking's status and answers it as it is now. */
export async function setBookingStatus(db: Db, bookingId: number, status: BookingStatus): Promise<BookingRow> {
  await rows(db, sql`UPDATE resource_bookings SET status = ${status}, updated_at = now() WHERE id = ${bookingId}`);
  return (await firstRow<BookingRow>(db, sql`SELECT ${bookingColumns} ${bookingFrom} WHERE b.id = ${bookingId}`))!;
}

export type ResourceRow = {
  id: number;
  uuid: string;
  name: string;
  requires_approval: boolean;
  cancellation_window_end_minutes: number;
  cancellation_description: string | null;
  price: number;
  currency_type: string;
};

export const resourceByUuid = (db: Db, uuid: string) =>
  firstRow<ResourceRow>(
    db,
    sql`SELECT id, uuid::text AS uuid, name, requires_approval, cancellation_window_end_minutes, cancellation_description,
               price::float8 AS price, currency_type FROM resources WHERE uuid = ${uuid}::uuid`,
  );

/** Makes a booking of a resource for a person, with the resource's terms, and answers it. */
export async function createBooking(
  db: Db,
  b: { resource: ResourceRow; userId: number; status: BookingStatus; startAt: string; endAt: string; formResponses: FormResponse[] },
): Promise<BookingRow> {
  const hours = (new Date(b.endAt).getTime() - new Date(b.startAt).getTime()) / 3_600_000;
  const [row] = await rows<{ uuid: string }>(
    db,
    sql`INSERT INTO resource_bookings (resource_id, user_id, status, start_at, end_at, form_responses, cancellation_window_end_minutes,
                                       cancellation_description, total_price, currency_type)
        VALUES (${b.resource.id}, ${b.userId}, ${b.status}, ${b.startAt}::timestamptz, ${b.endAt}::timestamptz, ${JSON.stringify(b.formResponses)}::jsonb,
                ${b.resource.cancellation_window_end_minutes}, ${b.resource.cancellation_description},
                ${Math.round(b.resource.price * hours * 100) / 100}, ${b.resource.currency_type})
        RETURNING uuid::text AS uuid`,
  );
  return (await bookingByUuid(db, row!.uuid))!;
}

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
