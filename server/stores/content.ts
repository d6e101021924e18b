import type { Db } from '../db/index.js';
import { firstRow, preparedRows, raw, rows, sql, type Sql } from '../db/sql.js';
import { uuidOrNull } from './uuid.js';

/** An ISO 8601 UTC text of a timestamptz column (null stays null). */
const iso = (column: string) => raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The best translation row of `table` for `owner`: the asked language, then the fallback, then any. `columns` (trusted
 * text) names what the caller reads of it, so a list does not carry the long texts only a detail shows.
 */
export const translation = (table: string, key: string, owner: string, lang: string, fallback: string, alias = 't', columns = '*') =>
  sql`LEFT JOIN LATERAL (SELECT ${raw(columns)} FROM ${raw(table)} tr WHERE tr.${raw(key)} = ${raw(owner)}
     ORDER BY (tr.language = ${lang}) DESC, (tr.language = ${fallback}) DESC, tr.language LIMIT 1) AS ${raw(alias)} ON true`;

/** The languages to read translations in: the asked one, then the building's own. */
export type Languages = {
  lang: string;
  fallback: string;
};

export const ORDER_PROPERTIES = ['name', 'position', 'start_at', 'created_at'] as const;
export type OrderProperty = (typeof ORDER_PROPERTIES)[number];
export type Ordering = {
  orderByProperty?: OrderProperty | undefined;
  orderBy?: 'ASC' | 'DESC' | 'asc' | 'desc' | undefined;
};
const contentOrderColumns: Record<OrderProperty, string> = {
  name: 't.title',
  position: 'c.position',
  start_at: 'e.start_at',
  created_at: 'c.created_at',
};

/** ORDER BY of a content list; without orderByProperty the editors' order (position). */
function contentOrder(ordering: Ordering): Sql {
  const column = contentOrderColumns[ordering.orderByProperty ?? 'position'];
  const direction = (ordering.orderBy ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  return raw(`${column} ${direction} NULLS LAST, c.position, c.id`);
}

/**
 * ORDER BY of a list a person reads (decision 070): ordered by name (the specification's call) or by the editors'
 * order, events still come by when they happen — those not yet ended first, soonest first; then the contents without
 * a date in the asked order; then ended events, latest first. Ordered by start_at or created_at, the asked order alone.
 */
function listOrder(ordering: Ordering | undefined, now: string): Sql {
  const asked = ordering ? contentOrder(ordering) : raw('c.position, c.id');
  if (ordering?.orderByProperty === 'start_at' || ordering?.orderByProperty === 'created_at') return asked;
  return sql`CASE WHEN e.start_at IS NULL THEN 1 WHEN e.end_at > ${now}::timestamptz THEN 0 ELSE 2 END,
             CASE WHEN e.end_at > ${now}::timestamptz THEN e.start_at END ASC NULLS LAST,
             CASE WHEN e.end_at <= ${now}::timestamptz THEN e.start_at END DESC NULLS LAST, ${asked}`;
}

export type ContentRow = {
  id: number;
  uuid: string;
  building_uuid: string;
  category_uuid: string | null;
  type: string;
  image_url: string | null;
  display_start_at: string | null;
  display_end_at: string | null;
  display_calendar_icon: boolean;
  promoted: boolean;
  host_company_name: string | null;
  formatted_address: string | null;
  virtual_url: string | null;
  cta_type: string | null;
  content_cta_url: string | null;
  cta_display_start_at: string | null;
  cta_display_end_at: string | null;
  attachable_amenity_uuid: string | null;
  attachable_company_uuid: string | null;
  attachable_content_uuid: string | null;
  attachable_survey_type: string | null;
  attachable_service_uuid: string | null;
  attachable_service_provider_uuid: string | null;
  attach_secondary_content: boolean;
  language: string | null;
  title: string | null;
  subtitle: string | null;
  description_title: string | null;
  description: string | null;
  rich_description: string | null;
  message: string | null;
  image_alt_text: string | null;
  host_custom_text: string | null;
  directions: string | null;
  virtual_text: string | null;
  virtual_directions: string | null;
  cta_label: string | null;
  cta_label_at_capacity: string | null;
  start_at: string | null;
  end_at: string | null;
  timezone: string | null;
  price: number | null;
  currency_type: string | null;
  capacity: number | null;
  is_virtual: boolean | null;
  event_cta_url: string | null;
  street_number: string | null;
  route: string | null;
  locality: string | null;
  administrative_area_1: string | null;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
  place_id: string | null;
  attendants: number[];
  max_claims_per_user: number | null;
  max_claims_total: number | null;
  is_eligible: boolean;
  claimers: number[];
  /** The asking person's claim: its redeemable code and when it was made; only ever theirs. */
  my_claim: { code: string; claimed_at: string } | null;
};

/** One content by uuid (of one building, when `buildingId` is given). */
export type ContentFilter = { buildingId?: number; uuid: string };

function contentCondition(filter: ContentFilter): Sql {
  const building = filter.buildingId !== undefined ? sql`c.building_id = ${filter.buildingId} AND ` : raw('');
  return sql`${building}c.uuid = ${uuidOrNull(filter.uuid)}::uuid`;
}

export type ContentQuery = Languages & {
  filter: ContentFilter;
  userId: number;
  now: Date;
  /** Only contents inside their display window. */
  displayedOnly?: boolean;
  /** Without it, the editors' order. */
  order?: Ordering;
  limit?: number;
  offset?: number;
};

/**
 * Contents with their best translation, event and offer details, and the RSVPs and claims they carry: what a detail
 * answer shows. Lists read listContents. A prepared statement (the content screens ask for it on every visit).
 */
export function queryContents(db: Db, q: ContentQuery): Promise<ContentRow[]> {
  const now = q.now.toISOString();
  const window = q.displayedOnly
    ? sql`AND (c.display_start_at IS NULL OR c.display_start_at <= ${now}::timestamptz) AND (c.display_end_at IS NULL OR c.display_end_at > ${now}::timestamptz)`
    : raw('');
  const limit = q.limit !== undefined ? sql`LIMIT ${Math.trunc(q.limit)}` : raw('');
  const offset = q.offset ? sql`OFFSET ${Math.trunc(q.offset)}` : raw('');
  return preparedRows<ContentRow>(
    db,
    sql`SELECT c.id, c.uuid::text, b.uuid::text AS building_uuid, cat.uuid::text AS category_uuid, c.type, c.image_url,
            ${iso('c.display_start_at')} AS display_start_at, ${iso('c.display_end_at')} AS display_end_at,
            c.display_calendar_icon, c.promoted, c.host_company_name, c.formatted_address, c.virtual_url, c.cta_type,
            c.cta_url AS content_cta_url, ${iso('c.cta_display_start_at')} AS cta_display_start_at,
            ${iso('c.cta_display_end_at')} AS cta_display_end_at, c.attachable_amenity_uuid::text, c.attachable_company_uuid::text,
            c.attachable_content_uuid::text, c.attachable_survey_type, c.attachable_service_uuid::text,
            c.attachable_service_provider_uuid::text, c.attach_secondary_content,
            t.language, t.title, t.subtitle, t.description_title, t.description, t.rich_description, t.message, t.image_alt_text,
            t.host_custom_text, t.directions, t.virtual_text, t.virtual_directions, t.cta_label, t.cta_label_at_capacity,
            ${iso('e.start_at')} AS start_at, ${iso('e.end_at')} AS end_at, e.timezone, e.price::float8 AS price, e.currency_type,
            e.capacity, e.is_virtual, e.cta_url AS event_cta_url, e.street_number, e.route, e.locality, e.administrative_area_1,
            e.postal_code, e.latitude, e.longitude, e.place_id,
            COALESCE((SELECT array_agg(r.user_id ORDER BY r.id) FROM rsvps r WHERE r.content_id = c.id), '{}') AS attendants,
            o.max_claims_per_user, o.max_claims_total,
            (o.content_id IS NOT NULL AND (o.eligibility = 'everyone'
              OR o.eligible_company_id = (SELECT u.company_id FROM users u WHERE u.id = ${q.userId}))) AS is_eligible,
            COALESCE((SELECT array_agg(cl.user_id ORDER BY cl.id) FROM claims cl WHERE cl.content_id = c.id), '{}') AS claimers,
            (SELECT json_build_object('code', mine.code, 'claimed_at', ${iso('mine.created_at')}) FROM claims mine
              WHERE mine.content_id = c.id AND mine.user_id = ${q.userId} ORDER BY mine.id LIMIT 1) AS my_claim
       FROM contents c
       JOIN buildings b ON b.id = c.building_id
       LEFT JOIN content_categories cat ON cat.id = c.category_id
       LEFT JOIN event_details e ON e.content_id = c.id
       LEFT JOIN offers o ON o.content_id = c.id
       ${translation('content_translations', 'content_id', 'c.id', q.lang, q.fallback)}
      WHERE (${contentCondition(q.filter)}) ${window}
      ORDER BY ${q.order ? contentOrder(q.order) : raw('c.position, c.id')} ${limit} ${offset}`,
  );
}

/** A content as a list shows it: the fields of a tile (content document, section 3) and of a promoted content. */
export type ListedContentRow = {
  uuid: string;
  category_id: number | null;
  type: string;
  image_url: string | null;
  display_start_at: string | null;
  display_calendar_icon: boolean;
  /** A link the tile opens instead of the content screen (an article's). */
  content_cta_url: string | null;
  attachable_service_uuid: string | null;
  attachable_service_provider_uuid: string | null;
  title: string | null;
  subtitle: string | null;
  description_title: string | null;
  description: string | null;
  message: string | null;
  image_alt_text: string | null;
  start_at: string | null;
  /** What a tile's status chips are made of (decision 070): the event's end, price, place and capacity, the offer's limit,
   * everyone's RSVPs or claims and the asking person's. */
  end_at: string | null;
  price: number | null;
  currency_type: string | null;
  is_virtual: boolean | null;
  capacity: number | null;
  max_claims_total: number | null;
  count: number;
  user_count: number;
  /** Its tags as the building's sanitized tags spell them: trimmed, lower-cased, without duplicates, in order. */
  tags: string[];
};

/** Which contents of a building a list shows. */
export type ListFilter = { group: 'spotlight' | 'discover' } | { promoted: true } | { categoryId: number };

function listCondition(buildingId: number, filter: ListFilter): Sql {
  if ('group' in filter)
    return sql`c.category_id IN (SELECT cat.id FROM content_categories cat
                WHERE cat.building_id = ${buildingId} AND cat.category_group = ${filter.group} AND cat.active)`;
  if ('promoted' in filter) return raw('c.promoted');
  return sql`c.category_id = ${filter.categoryId}`;
}

export type ListQuery = Languages & {
  buildingId: number;
  /** The asking person: a tile says whether they attend or claimed. */
  userId: number;
  filter: ListFilter;
  now: Date;
  /** Without it, the editors' order. */
  order?: Ordering;
  limit?: number;
  offset?: number;
};

/**
 * The displayed contents of a building a list shows (a category, a v1 group, the promoted ones), with only the columns
 * of a tile or a promoted content: no RSVPs, claims, offers or long texts, which only a detail shows. A prepared
 * statement: the home feed asks for it once per category on every visit. Each content comes as one JSON value (`l`,
 * ordered at the same level as it is built): PGlite reads every value of an answer on its own, about 1.7 µs each
 * (measured), so sixteen columns of a category's tiles cost more than finding them.
 */
export async function listContents(db: Db, q: ListQuery): Promise<ListedContentRow[]> {
  const now = q.now.toISOString();
  const limit = q.limit !== undefined ? sql`LIMIT ${Math.trunc(q.limit)}` : raw('');
  const offset = q.offset ? sql`OFFSET ${Math.trunc(q.offset)}` : raw('');
  const found = await preparedRows<{ listed: ListedContentRow }>(
    db,
    sql`SELECT to_json(l) AS listed
       FROM contents c
       LEFT JOIN event_details e ON e.content_id = c.id
       LEFT JOIN offers o ON o.content_id = c.id
       ${translation('content_translations', 'content_id', 'c.id', q.lang, q.fallback, 't', 'tr.title, tr.subtitle, tr.description_title, tr.description, tr.message, tr.image_alt_text')}
       CROSS JOIN LATERAL (
         SELECT c.uuid::text AS uuid, c.category_id, c.type, c.image_url, ${iso('c.display_start_at')} AS display_start_at,
                c.display_calendar_icon, c.cta_url AS content_cta_url, c.attachable_service_uuid::text AS attachable_service_uuid,
                c.attachable_service_provider_uuid::text AS attachable_service_provider_uuid, t.title, t.subtitle, t.description_title,
                t.description, t.message, t.image_alt_text, ${iso('e.start_at')} AS start_at, ${iso('e.end_at')} AS end_at,
                e.price::float8 AS price, e.currency_type, e.is_virtual, e.capacity, o.max_claims_total,
                CASE c.type WHEN 'event_post' THEN (SELECT count(*) FROM rsvps r WHERE r.content_id = c.id)
                            WHEN 'offer' THEN (SELECT count(*) FROM claims cl WHERE cl.content_id = c.id) ELSE 0 END::int AS count,
                CASE c.type WHEN 'event_post' THEN (SELECT count(*) FROM rsvps r WHERE r.content_id = c.id AND r.user_id = ${q.userId})
                            WHEN 'offer' THEN (SELECT count(*) FROM claims cl WHERE cl.content_id = c.id AND cl.user_id = ${q.userId})
                            ELSE 0 END::int AS user_count,
                ARRAY(SELECT DISTINCT lower(btrim(tag)) FROM unnest(c.tags) AS tag WHERE btrim(tag) <> '' ORDER BY 1) AS tags) AS l
      WHERE c.building_id = ${q.buildingId} AND ${listCondition(q.buildingId, q.filter)}
        AND (c.display_start_at IS NULL OR c.display_start_at <= ${now}::timestamptz)
        AND (c.display_end_at IS NULL OR c.display_end_at > ${now}::timestamptz)
      ORDER BY ${listOrder(q.order, now)} ${limit} ${offset}`,
  );
  return found.map((row) => row.listed);
}

/**
 * The next instant after `now` at which a building's content lists change without a write: a display window opens or
 * closes, or an event ends (lists put ended events last). Null when none is ahead. A kept list is right until then.
 */
export async function nextListChange(db: Db, buildingId: number, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const [found] = await preparedRows<{ next: string | null }>(
    db,
    sql`SELECT ${iso('min(t)')} AS next FROM (
          SELECT LEAST(CASE WHEN c.display_start_at > ${at}::timestamptz THEN c.display_start_at END,
                       CASE WHEN c.display_end_at > ${at}::timestamptz THEN c.display_end_at END,
                       (SELECT e.end_at FROM event_details e WHERE e.content_id = c.id AND e.end_at > ${at}::timestamptz)) AS t
            FROM contents c WHERE c.building_id = ${buildingId}) AS instants`,
  );
  return found?.next ? new Date(found.next) : null;
}

/** The active categories of a home group (spotlight or discover) in the editors' order. */
export const groupCategories = (db: Db, buildingId: number, group: 'spotlight' | 'discover', languages: Languages) =>
  preparedRows<{ id: number; uuid: string; name: string; category_type: string }>(
    db,
    sql`SELECT cat.id, cat.uuid::text, COALESCE(t.name, '') AS name, cat.category_type FROM content_categories cat
        ${translation('content_category_translations', 'category_id', 'cat.id', languages.lang, languages.fallback)}
         WHERE cat.building_id = ${buildingId} AND cat.category_group = ${group} AND cat.active ORDER BY cat.position, cat.id`,
  );

export type CategorySummaryRow = {
  uuid: string;
  name: string;
  category_type: 'AudienceContent' | 'SecondaryContent';
  group: string;
  active: boolean;
};

/** A building's categories, optionally of one type and one activity; null filters nothing. Prepared: the home asks on every visit. */
export const buildingCategories = (
  db: Db,
  buildingId: number,
  filter: { categoryType: string | null; active: boolean | null; limit: number; offset: number },
  languages: Languages,
) =>
  preparedRows<CategorySummaryRow>(
    db,
    sql`SELECT cat.uuid::text, COALESCE(t.name, '') AS name, cat.category_type, cat.category_group AS group, cat.active
          FROM content_categories cat
          ${translation('content_category_translations', 'category_id', 'cat.id', languages.lang, languages.fallback)}
         WHERE cat.building_id = ${buildingId} AND (${filter.categoryType}::text IS NULL OR cat.category_type = ${filter.categoryType})
           AND (${filter.active}::boolean IS NULL OR cat.active = ${filter.active})
         ORDER BY cat.category_group DESC, cat.position, cat.id LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );

/** The tags of a building's displayed contents: trimmed, lower-cased, without duplicates, in order. */
export async function displayedTags(db: Db, buildingId: number, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const found = await rows<{ tag: string }>(
    db,
    sql`SELECT DISTINCT lower(btrim(tag)) AS tag FROM contents c, unnest(c.tags) AS tag
         WHERE c.building_id = ${buildingId} AND btrim(tag) <> '' AND (c.display_start_at IS NULL OR c.display_start_at <= ${at})
           AND (c.display_end_at IS NULL OR c.display_end_at > ${at}) ORDER BY 1`,
  );
  return found.map((r) => r.tag);
}

/** The building of a content of a type (event_post, offer, post). */
export const contentBuilding = (db: Db, uuid: string, type: string) =>
  firstRow<{ building_id: number }>(db, sql`SELECT building_id FROM contents WHERE uuid = ${uuidOrNull(uuid)}::uuid AND type = ${type}`);

/** Whether the call-to-action display window is open at `now`. */
const ctaWindowOpen = (at: string) =>
  sql`(c.cta_display_start_at IS NULL OR c.cta_display_start_at <= ${at}) AND (c.cta_display_end_at IS NULL OR c.cta_display_end_at > ${at})`;

/** An event post locked until the transaction ends, so the RSVP count and the new RSVP cannot interleave with another's. */
export const lockEvent = (tx: Db, uuid: string, now: Date) =>
  firstRow<{ id: number; capacity: number | null; ended: boolean; cta_url: string | null; window_open: boolean }>(
    tx,
    sql`SELECT c.id, e.capacity, e.end_at <= ${now.toISOString()} AS ended, e.cta_url, ${ctaWindowOpen(now.toISOString())} AS window_open
          FROM contents c JOIN event_details e ON e.content_id = c.id WHERE c.uuid = ${uuidOrNull(uuid)}::uuid FOR UPDATE OF c`,
  );

/** An offer locked like an event post, with whether the user may claim it. */
export const lockOffer = (tx: Db, uuid: string, userId: number, now: Date) =>
  firstRow<{ id: number; max_claims_total: number | null; eligible: boolean; window_open: boolean; ended: boolean }>(
    tx,
    sql`SELECT c.id, o.max_claims_total, ${ctaWindowOpen(now.toISOString())} AS window_open,
               COALESCE(c.display_end_at <= ${now.toISOString()}, false) AS ended,
               (o.eligibility = 'everyone' OR o.eligible_company_id = (SELECT u.company_id FROM users u WHERE u.id = ${userId})) AS eligible
          FROM contents c JOIN offers o ON o.content_id = c.id WHERE c.uuid = ${uuidOrNull(uuid)}::uuid FOR UPDATE OF c`,
  );

export async function hasRsvp(db: Db, contentId: number, userId: number): Promise<boolean> {
  return !!(await firstRow(db, sql`SELECT 1 FROM rsvps WHERE content_id = ${contentId} AND user_id = ${userId}`));
}

export async function rsvpCount(db: Db, contentId: number): Promise<number> {
  return (await firstRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM rsvps WHERE content_id = ${contentId}`))!.n;
}

export async function addRsvp(db: Db, contentId: number, userId: number) {
  await rows(db, sql`INSERT INTO rsvps (content_id, user_id) VALUES (${contentId}, ${userId})`);
}

/** Withdraws a user's RSVP to a content, if any. */
export async function removeRsvp(db: Db, uuid: string, userId: number) {
  await rows(db, sql`DELETE FROM rsvps WHERE user_id = ${userId} AND content_id = (SELECT id FROM contents WHERE uuid = ${uuidOrNull(uuid)}::uuid)`);
}

export async function hasClaim(db: Db, contentId: number, userId: number): Promise<boolean> {
  return !!(await firstRow(db, sql`SELECT 1 FROM claims WHERE content_id = ${contentId} AND user_id = ${userId}`));
}

export async function claimCount(db: Db, contentId: number): Promise<number> {
  return (await firstRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM claims WHERE content_id = ${contentId}`))!.n;
}

/** A claim at `now`; its redeemable code is drawn by the database (migration 008). */
export async function addClaim(db: Db, contentId: number, userId: number, now: Date) {
  await rows(db, sql`INSERT INTO claims (content_id, user_id, created_at) VALUES (${contentId}, ${userId}, ${now.toISOString()})`);
}

/** Gives a user's claims on a content back, if any. */
export async function removeClaims(db: Db, uuid: string, userId: number) {
  await rows(db, sql`DELETE FROM claims WHERE user_id = ${userId} AND content_id = (SELECT id FROM contents WHERE uuid = ${uuidOrNull(uuid)}::uuid)`);
}

/** What a new content needs of its building: its id, time zone and languages (English when it names none). */
export const buildingForNewContent = (db: Db, uuid: string) =>
  firstRow<{ id: number; timezone: string; languages: string[] }>(
    db,
    sql`SELECT b.id, b.timezone, COALESCE((SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id), '{en}') AS languages
          FROM buildings b WHERE b.uuid = ${uuidOrNull(uuid)}::uuid`,
  );

/** A content at the end of the building's first discover category. */
export async function createContent(
  db: Db,
  content: { buildingId: number; type: string; ctaType: string | null; ctaUrl: string | null; imageUrl: string | null; calendarIcon: boolean },
): Promise<{ id: number; uuid: string }> {
  const row = await firstRow<{ id: number; uuid: string }>(
    db,
    sql`INSERT INTO contents (building_id, category_id, type, cta_type, cta_url, image_url, display_calendar_icon, position)
        VALUES (${content.buildingId},
                (SELECT id FROM content_categories WHERE building_id = ${content.buildingId} AND category_group = 'discover' ORDER BY position, id LIMIT 1),
                ${content.type}, ${content.ctaType}, ${content.ctaUrl}, ${content.imageUrl}, ${content.calendarIcon}, 1000)
        RETURNING id, uuid::text`,
  );
  return row!;
}

/** A content's texts in one language; the title is also the image's alternative text. */
export async function addContentTranslation(
  db: Db,
  contentId: number,
  text: { language: string; title: string; description: string | null; richDescription: string | null; ctaLabel: string | null },
) {
  await rows(
    db,
    sql`INSERT INTO content_translations (content_id, language, title, description, rich_description, image_alt_text, cta_label)
        VALUES (${contentId}, ${text.language}, ${text.title}, ${text.description}, ${text.richDescription}, ${text.title}, ${text.ctaLabel})`,
  );
}

export async function addEventDetails(
  db: Db,
  contentId: number,
  event: { startAt: string; endAt: string; timezone: string; capacity: number | null },
) {
  await rows(
    db,
    sql`INSERT INTO event_details (content_id, start_at, end_at, timezone, capacity)
        VALUES (${contentId}, ${event.startAt}, ${event.endAt}, ${event.timezone}, ${event.capacity})`,
  );
}

export async function addOffer(db: Db, contentId: number, maxClaimsTotal: number | null) {
  await rows(db, sql`INSERT INTO offers (content_id, max_claims_total) VALUES (${contentId}, ${maxClaimsTotal})`);
}
