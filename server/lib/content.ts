import { build, type Sql } from '../db/sql.js';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { httpError } from './errors.js';

/** An ISO 8601 UTC text of a timestamptz column (null stays null). */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface MemberBuilding {
  id: number;
  uuid: string;
  /** Language codes in priority order; the first is the building's own. */
  languages: string[];
}

/** The building, when the signed-in user belongs to it: 404 for an unknown building, 403 for someone else's. */
export async function memberBuilding(db: Db, userId: number, where: { uuid: string } | { id: number }): Promise<MemberBuilding> {
  const [building] = await db.query<{ id: number; uuid: string; member: boolean; languages: string[] | null }>(
    `SELECT b.id, b.uuid::text,
            EXISTS (SELECT 1 FROM user_buildings ub WHERE ub.building_id = b.id AND ub.user_id = $2) AS member,
            (SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id) AS languages
       FROM buildings b WHERE ${'uuid' in where ? 'b.uuid::text = $1' : 'b.id = $1'}`,
    ['uuid' in where ? where.uuid.toLowerCase() : where.id, userId],
  );
  if (!building) throw httpError(404, 'No building with this id', 'unknown_building');
  if (!building.member) throw httpError(403, 'You do not have access to this building', 'not_a_member');
  return { id: building.id, uuid: building.uuid, languages: building.languages ?? [] };
}

/** The language tags of an Accept-Language header, most wanted first. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The building language to answer in: the `lang` parameter, else the Accept-Language header's choices, each matched
 * exactly (case-insensitive) and then by its primary subtag (es → es-ES, en-US → en); else the building's first language.
 */
export function pickLanguage(languages: string[], wanted: (string | undefined)[]): string {
  const fallback = languages[0] ?? 'en';
  const candidates = wanted.filter((w): w is string => !!w).map((w) => w.replace(/_/g, '-').toLowerCase());
  for (const c of candidates) {
    const exact = languages.find((l) => l.toLowerCase() === c);
    if (exact) return exact;
    const primary = c.split('-')[0];
    const near = languages.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (near) return near;
  }
  return fallback;
}

export function requestLanguage(request: FastifyRequest, building: MemberBuilding, lang: string | undefined): string {
  const header = request.headers['accept-language'];
  return pickLanguage(building.languages, [lang, ...parseAcceptLanguage(Array.isArray(header) ? header[0] : header)]);
}

/** SQL for the best translation row of `table` for `owner`: the asked language, then the fallback, then any. */
export const translation = (table: string, key: string, owner: string, lang: string, fallback: string, alias = 't') =>
  `LEFT JOIN LATERAL (SELECT * FROM ${table} tr WHERE tr.${key} = ${owner}
     ORDER BY (tr.language = ${lang}) DESC, (tr.language = ${fallback}) DESC, tr.language LIMIT 1) AS ${alias} ON true`;

export const ORDER_PROPERTIES = ['name', 'position', 'start_at', 'created_at'] as const;
export type OrderProperty = (typeof ORDER_PROPERTIES)[number];
export interface Ordering {
  orderByProperty?: OrderProperty | undefined;
  orderBy?: 'ASC' | 'DESC' | 'asc' | 'desc' | undefined;
}
const contentOrderColumns: Record<OrderProperty, string> = { name: 't.title', position: 'c.position', start_at: 'e.start_at', created_at: 'c.created_at' };

/** ORDER BY of a content list; without orderByProperty the editors' order (position). */
export function contentOrder(ordering: Ordering): string {
  const column = contentOrderColumns[ordering.orderByProperty ?? 'position'];
  const direction = (ordering.orderBy ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  return `${column} ${direction} NULLS LAST, c.position, c.id`;
}

export interface ContentRow {
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
}

export interface ContentQuery {
  /** Conditions on `c` (contents), `cat` (categories) or `e` (event details), with their own values. */
  where: Sql;
  lang: string;
  fallback: string;
  userId: number;
  now: Date;
  /** Only contents inside their display window. */
  displayedOnly?: boolean;
  order?: string;
  limit?: number;
  offset?: number;
}

/** Contents with their best translation, event and offer details, and the RSVPs and claims they carry. */
export async function queryContents(db: Db, q: ContentQuery): Promise<ContentRow[]> {
  // The query's own parameters are $1 to $4; the caller's conditions are numbered after them, whatever they hold.
  const where = build(q.where, 5);
  // $4 (now) appears either way: Postgres refuses a parameter it cannot type.
  const window = q.displayedOnly
    ? 'AND (c.display_start_at IS NULL OR c.display_start_at <= $4::timestamptz) AND (c.display_end_at IS NULL OR c.display_end_at > $4::timestamptz)'
    : 'AND $4::timestamptz IS NOT NULL';
  const paging = `${q.limit !== undefined ? `LIMIT ${Math.trunc(q.limit)}` : ''} ${q.offset ? `OFFSET ${Math.trunc(q.offset)}` : ''}`;
  return db.query<ContentRow>(
    `SELECT c.id, c.uuid::text, b.uuid::text AS building_uuid, cat.uuid::text AS category_uuid, c.type, c.image_url,
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
              OR o.eligible_company_id = (SELECT u.company_id FROM users u WHERE u.id = $3))) AS is_eligible,
            COALESCE((SELECT array_agg(cl.user_id ORDER BY cl.id) FROM claims cl WHERE cl.content_id = c.id), '{}') AS claimers
       FROM contents c
       JOIN buildings b ON b.id = c.building_id
       LEFT JOIN content_categories cat ON cat.id = c.category_id
       LEFT JOIN event_details e ON e.content_id = c.id
       LEFT JOIN offers o ON o.content_id = c.id
       ${translation('content_translations', 'content_id', 'c.id', '$1', '$2')}
      WHERE (${where.text}) ${window}
      ORDER BY ${q.order ?? 'c.position, c.id'} ${paging}`,
    [q.lang, q.fallback, q.userId, q.now.toISOString(), ...where.values],
  );
}

const within = (now: Date, start: string | null, end: string | null) =>
  (!start || Date.parse(start) <= now.getTime()) && (!end || Date.parse(end) > now.getTime());

/** The call-to-action state of a content for one user (RSVP of an event post, claim of an offer). */
export function ctaState(row: ContentRow, userId: number, now: Date) {
  const windowOpen = within(now, row.cta_display_start_at, row.cta_display_end_at);
  if (row.type === 'event_post') {
    const count = row.attendants.length;
    const userCount = row.attendants.includes(userId) ? 1 : 0;
    const rsvpEnabled = !row.event_cta_url;
    const ended = !!row.end_at && Date.parse(row.end_at) <= now.getTime();
    const room = row.capacity === null || count < row.capacity;
    return { rsvp_enabled: rsvpEnabled, claimable: false, is_claimable: rsvpEnabled && windowOpen && !ended && (userCount > 0 || room), user_count: userCount, count, ended };
  }
  if (row.type === 'offer') {
    const count = row.claimers.length;
    const userCount = row.claimers.filter((id) => id === userId).length;
    const room = row.max_claims_total === null || count < row.max_claims_total;
    const perUser = row.max_claims_per_user ?? 1;
    return { rsvp_enabled: false, claimable: true, is_claimable: row.is_eligible && windowOpen && (userCount > 0 || (room && userCount < perUser)), user_count: userCount, count, ended: false };
  }
  return { rsvp_enabled: false, claimable: false, is_claimable: false, user_count: 0, count: 0, ended: false };
}

const isNative = (row: ContentRow) => !(row.type === 'article' && row.content_cta_url);

export function toTile(row: ContentRow) {
  return {
    uuid: row.uuid,
    type: row.type.toUpperCase(),
    title: row.title ?? '',
    subtitle: row.subtitle,
    description: row.description,
    description_title: row.description_title,
    message: row.message,
    image_url: row.image_url,
    image_alt_text: row.image_alt_text,
    start_at: row.start_at,
    display_calendar_icon: row.display_calendar_icon,
    display_start_at: row.display_start_at,
    navigation_command: isNative(row)
      ? { type: 'NATIVE', value: 'CONTENT', options: { uuid: row.uuid, building_uuid: row.building_uuid } }
      : { type: 'WEBVIEW', value: row.content_cta_url!, options: { url: row.content_cta_url!, uuid: row.uuid, building_uuid: row.building_uuid } },
  };
}

export function toPromoted(row: ContentRow) {
  return {
    type: row.type.toUpperCase(),
    uuid: row.uuid,
    title: row.title ?? '',
    subtitle: row.subtitle,
    description_title: row.description_title,
    description: row.description,
    image_url: row.image_url,
    image_alt_text: row.image_alt_text,
    attachable_service_uuid: row.attachable_service_uuid,
    attachable_service_provider_uuid: row.attachable_service_provider_uuid,
  };
}

export function toContent(row: ContentRow, userId: number, now: Date) {
  const cta = ctaState(row, userId, now);
  return {
    uuid: row.uuid,
    type: row.type.toUpperCase(),
    building_uuid: row.building_uuid,
    language: row.language,
    title: row.title ?? '',
    subtitle: row.subtitle,
    description: row.description,
    rich_description: row.rich_description,
    image_url: row.image_url,
    image_alt_text: row.image_alt_text,
    host_company_name: row.host_company_name,
    host_custom_text: row.host_custom_text,
    price: row.price,
    currency_type: row.currency_type,
    start_at: row.start_at,
    end_at: row.end_at,
    timezone: row.timezone,
    formatted_address: row.formatted_address,
    directions: row.directions,
    virtual_text: row.virtual_text,
    virtual_url: row.virtual_url,
    virtual_directions: row.virtual_directions,
    cta_type: row.cta_type,
    cta_label: row.cta_label,
    cta_url: row.event_cta_url ?? row.content_cta_url,
    cta_label_at_capacity: row.cta_label_at_capacity,
    cta_display_start_at: row.cta_display_start_at,
    cta_display_end_at: row.cta_display_end_at,
    attachable_amenity_uuid: row.attachable_amenity_uuid,
    attachable_company_uuid: row.attachable_company_uuid,
    attachable_content_uuid: row.attachable_content_uuid,
    attachable_survey_type: row.attachable_survey_type,
    attach_secondary_content: row.attach_secondary_content,
    rsvp_enabled: cta.rsvp_enabled,
    claimable: cta.claimable,
    claims_details: { is_claimable: cta.is_claimable, user_count: cta.user_count, count: cta.count },
    capacity: row.type === 'event_post' ? row.capacity : null,
    max_claims_total: row.max_claims_total,
    max_claims_per_user: row.type === 'offer' ? (row.max_claims_per_user ?? 1) : null,
    is_eligible: row.type === 'offer' ? row.is_eligible : true,
  };
}

export function toEventPost(row: ContentRow, userId: number, now: Date) {
  const cta = ctaState(row, userId, now);
  const image = { image_url: row.image_url, imageUrl: row.image_url, image_alt_text: row.image_alt_text, imageAltText: row.image_alt_text };
  return {
    uuid: row.uuid,
    building_uuid: row.building_uuid,
    language: row.language,
    title: row.title ?? '',
    subtitle: row.subtitle,
    description: row.description,
    richDescription: row.rich_description,
    ...image,
    start_at: row.start_at,
    end_at: row.end_at,
    startDate: row.start_at,
    endDate: row.end_at,
    timezone: row.timezone,
    capacity: row.capacity,
    cta_url: row.event_cta_url,
    cta_label: row.cta_label,
    cta_label_at_capacity: row.cta_label_at_capacity,
    price: row.price,
    currency_type: row.currency_type,
    attendants: row.attendants,
    is_attending: cta.user_count > 0,
    is_virtual: row.is_virtual ?? false,
    street_number: row.street_number,
    route: row.route,
    locality: row.locality,
    administrative_area_1: row.administrative_area_1,
    postal_code: row.postal_code,
    latitude: row.latitude,
    longitude: row.longitude,
    place_id: row.place_id,
    formatted_address: row.formatted_address,
    directions: row.directions,
    virtualText: row.virtual_text,
    virtualUrl: row.virtual_url,
    virtualDirections: row.virtual_directions,
    hostedBy: row.host_custom_text ?? row.host_company_name,
    rsvp_enabled: cta.rsvp_enabled,
    claims_details: { is_claimable: cta.is_claimable, user_count: cta.user_count, count: cta.count },
  };
}

export function toOffer(row: ContentRow, userId: number, now: Date) {
  const cta = ctaState(row, userId, now);
  return {
    uuid: row.uuid,
    building_uuid: row.building_uuid,
    language: row.language,
    title: row.title ?? '',
    subtitle: row.subtitle,
    description_title: row.description_title,
    description: row.description,
    rich_description: row.rich_description,
    image_url: row.image_url,
    image_alt_text: row.image_alt_text,
    claimers: row.claimers,
    is_eligible: row.is_eligible,
    cta_label: row.cta_label,
    cta_label_at_capacity: row.cta_label_at_capacity,
    cta_display_start_at: row.cta_display_start_at,
    cta_display_end_at: row.cta_display_end_at,
    max_claims_per_user: row.max_claims_per_user ?? 1,
    max_claims_total: row.max_claims_total,
    claims_details: { is_claimable: cta.is_claimable, user_count: cta.user_count, count: cta.count },
  };
}

export function toPost(row: ContentRow) {
  return {
    uuid: row.uuid,
    building_uuid: row.building_uuid,
    language: row.language,
    title: row.title ?? '',
    subtitle: row.subtitle,
    description: row.description,
    rich_description: row.rich_description,
    image_url: row.image_url,
    image_alt_text: row.image_alt_text,
    cta_type: row.cta_type,
    cta_label: row.cta_label,
    cta_url: row.content_cta_url,
  };
}
