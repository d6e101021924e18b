import type { FastifyRequest } from 'fastify';
import { pickLanguage } from '../../contracts/contentLanguage.js';
import type { Db } from '../db/index.js';
import { httpError } from './errors.js';
import type { MemberBuilding } from './buildings.js';
import {
  addClaim,
  addRsvp,
  claimCount,
  hasClaim,
  hasRsvp,
  lockEvent,
  lockOffer,
  removeClaims,
  removeRsvp,
  rsvpCount,
  type ContentRow,
  type ListedContentRow,
} from '../stores/content.js';

export const RSVP_FULL = 'This event is full: there are no spots left.';
export const ALREADY_RSVPD = 'You have already RSVPd to this event.';
export const CLAIM_FULL = 'This offer has been fully claimed.';
export const ALREADY_CLAIMED = 'You have already claimed this offer.';

/** The language tags of an Accept-Language header, most wanted first. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** The building language to answer in (the rule the app shares: contracts/contentLanguage.ts). */
export { pickLanguage };

export function requestLanguage(request: FastifyRequest, building: MemberBuilding, lang: string | undefined): string {
  const header = request.headers['accept-language'];
  return pickLanguage(building.languages, [lang, ...parseAcceptLanguage(Array.isArray(header) ? header[0] : header)]);
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
    return {
      rsvp_enabled: rsvpEnabled,
      claimable: false,
      is_claimable: rsvpEnabled && windowOpen && !ended && (userCount > 0 || room),
      user_count: userCount,
      count,
      ended,
    };
  }
  if (row.type === 'offer') {
    const count = row.claimers.length;
    const userCount = row.claimers.filter((id) => id === userId).length;
    const room = row.max_claims_total === null || count < row.max_claims_total;
    const perUser = row.max_claims_per_user ?? 1;
    return {
      rsvp_enabled: false,
      claimable: true,
      is_claimable: row.is_eligible && windowOpen && (userCount > 0 || (room && userCount < perUser)),
      user_count: userCount,
      count,
      ended: false,
    };
  }
  return { rsvp_enabled: false, claimable: false, is_claimable: false, user_count: 0, count: 0, ended: false };
}

const isNative = (row: Pick<ContentRow, 'type' | 'content_cta_url'>) => !(row.type === 'article' && row.content_cta_url);

/** A content tile of a list (content document, section 3) of the building `buildingUuid`. */
export function toTile(row: ListedContentRow, buildingUuid: string) {
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
    end_at: row.end_at,
    price: row.price,
    currency_type: row.currency_type,
    is_virtual: row.is_virtual,
    capacity: row.capacity,
    max_claims_total: row.max_claims_total,
    claims_details: { user_count: row.user_count, count: row.count },
    tags: row.tags,
    navigation_command: isNative(row)
      ? { type: 'NATIVE' as const, value: 'CONTENT', options: { uuid: row.uuid, building_uuid: buildingUuid } }
      : {
          type: 'WEBVIEW' as const,
          value: row.content_cta_url!,
          options: { url: row.content_cta_url!, uuid: row.uuid, building_uuid: buildingUuid },
        },
  };
}

export function toPromoted(row: ListedContentRow) {
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
    my_claim: row.type === 'offer' ? row.my_claim : null,
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
    display_end_at: row.display_end_at,
    max_claims_per_user: row.max_claims_per_user ?? 1,
    max_claims_total: row.max_claims_total,
    claims_details: { is_claimable: cta.is_claimable, user_count: cta.user_count, count: cta.count },
    my_claim: row.my_claim,
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

/** One RSVP: the event row is locked, so the count and the insert cannot interleave with another RSVP's. */
export async function attend(db: Db, uuid: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, uuid, now);
    if (!event) throw httpError(404, 'No event post with this id', 'unknown_event_post');
    // An ended event says so first, to those who attended it too (decision 131 seeds the demo people's past RSVPs).
    if (event.ended) throw httpError(409, 'This event has ended.', 'event_ended');
    if (await hasRsvp(tx, event.id, userId)) throw httpError(409, ALREADY_RSVPD, 'already_rsvpd');
    if (event.cta_url) throw httpError(409, 'This event takes RSVPs at its own link.', 'rsvp_external');
    if (!event.window_open) throw httpError(409, 'RSVPs are not open at this time.', 'rsvp_closed');
    if (event.capacity !== null && (await rsvpCount(tx, event.id)) >= event.capacity) throw httpError(409, RSVP_FULL, 'rsvp_full');
    await addRsvp(tx, event.id, userId);
  });
}

/**
 * Withdraws the person's RSVP, if any; 409 event_ended once the event has ended (what was attended stays attended,
 * and the count of those who came with it).
 */
export async function withdrawRsvp(db: Db, uuid: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, uuid, now);
    if (!event) throw httpError(404, 'No event post with this id', 'unknown_event_post');
    if (event.ended) throw httpError(409, 'This event has ended: its RSVPs can no longer change.', 'event_ended');
    await removeRsvp(tx, uuid, userId);
  });
}

/** Gives the person's claim back, if any; 409 offer_ended once the offer's display window has closed (decision 143). */
export async function giveBackClaim(db: Db, uuid: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, uuid, userId, now);
    if (!offer) throw httpError(404, 'No offer with this id', 'unknown_offer');
    if (offer.ended) throw httpError(409, 'This offer has ended: its claims can no longer change.', 'offer_ended');
    await removeClaims(tx, uuid, userId);
  });
}

/** One claim, under a lock on the offer row like an RSVP. */
export async function claim(db: Db, uuid: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, uuid, userId, now);
    if (!offer) throw httpError(404, 'No offer with this id', 'unknown_offer');
    if (await hasClaim(tx, offer.id, userId)) throw httpError(409, ALREADY_CLAIMED, 'already_claimed');
    if (!offer.eligible) throw httpError(403, 'This offer is not available to you.', 'not_eligible');
    if (!offer.window_open) throw httpError(409, 'This offer cannot be claimed at this time.', 'claim_closed');
    if (offer.max_claims_total !== null && (await claimCount(tx, offer.id)) >= offer.max_claims_total) throw httpError(409, CLAIM_FULL, 'claim_full');
    await addClaim(tx, offer.id, userId, now);
  });
}
