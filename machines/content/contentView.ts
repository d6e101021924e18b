import type { components } from '../../contracts/api';
import type { ClaimCode } from './claim.machine';

type Schemas = components['schemas'];

/** Which call a content screen loads through: the v2 content call, or the event-post, offer or post call. */
export type ContentSource = 'content' | 'event_post' | 'offer' | 'post';

/** A content screen's call-to-action (content document, section 3, "Call-to-action"). */
export interface CallToAction {
  type: string | null;
  url: string | null;
  label: string | null;
  /** The label once the limit is reached (sold out, all claimed). */
  atLimitText: string | null;
  /** Attendees of an event, claims of an offer (everyone's). */
  count: number;
  /** This person's RSVPs or claims. */
  userCount: number;
  capacity: number | null;
  maxClaimsPerUser: number;
  maxClaimsTotal: number | null;
  displayStartAt: string | null;
  displayEndAt: string | null;
  isRsvp: boolean;
  isClaim: boolean;
  /** False when the server says no RSVP or claim can be made now. */
  isClaimable: boolean;
  isEligible: boolean;
  attachableAmenityUuid: string | null;
  attachableCompanyUuid: string | null;
  attachableContentUuid: string | null;
  attachSecondaryContent: boolean;
  /** This person's claim of an offer: its code and time (null when none, or when the API does not say). */
  myClaim: ClaimCode | null;
}

/** The person's claim as an answer carries it. */
export const claimCodeOf = (claim: { code: string; claimed_at: string } | null | undefined): ClaimCode | null =>
  claim ? { code: claim.code, claimedAt: claim.claimed_at } : null;

/** One content as every content screen shows it, whichever call it came from. */
export interface ContentView {
  uuid: string;
  buildingUuid: string;
  /** EVENT_POST, OFFER, POST, ARTICLE … */
  type: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  richDescription: string | null;
  imageUrl: string | null;
  imageAltText: string | null;
  host: string | null;
  price: number | null;
  currency: string | null;
  startAt: string | null;
  endAt: string | null;
  timezone: string | null;
  address: string | null;
  directions: string | null;
  virtualText: string | null;
  virtualUrl: string | null;
  virtualDirections: string | null;
  cta: CallToAction;
}

const noCta: CallToAction = {
  type: null,
  url: null,
  label: null,
  atLimitText: null,
  count: 0,
  userCount: 0,
  capacity: null,
  maxClaimsPerUser: 1,
  maxClaimsTotal: null,
  displayStartAt: null,
  displayEndAt: null,
  isRsvp: false,
  isClaim: false,
  isClaimable: false,
  isEligible: true,
  attachableAmenityUuid: null,
  attachableCompanyUuid: null,
  attachableContentUuid: null,
  attachSecondaryContent: false,
  myClaim: null,
};

const noEvent = {
  host: null,
  price: null,
  currency: null,
  startAt: null,
  endAt: null,
  timezone: null,
  address: null,
  directions: null,
  virtualText: null,
  virtualUrl: null,
  virtualDirections: null,
};

/** The v2 content call's answer. */
export function fromContent(c: Schemas['Content']): ContentView {
  const isRsvp = c.type === 'EVENT_POST' && (c.rsvp_enabled || !!c.cta_url);
  const isClaim = c.claimable || c.cta_type === 'CLAIM';
  return {
    uuid: c.uuid,
    buildingUuid: c.building_uuid,
    type: c.type,
    title: c.title,
    subtitle: c.subtitle ?? null,
    description: c.description ?? null,
    richDescription: c.rich_description ?? null,
    imageUrl: c.image_url ?? null,
    imageAltText: c.image_alt_text ?? null,
    host: c.host_custom_text ?? c.host_company_name ?? null,
    price: c.price ?? null,
    currency: c.currency_type ?? null,
    startAt: c.start_at ?? null,
    endAt: c.end_at ?? null,
    timezone: c.timezone ?? null,
    address: c.formatted_address ?? null,
    directions: c.directions ?? null,
    virtualText: c.virtual_text ?? null,
    virtualUrl: c.virtual_url ?? null,
    virtualDirections: c.virtual_directions ?? null,
    cta: {
      type: c.cta_type ?? null,
      url: c.cta_url ?? null,
      label: c.cta_label ?? null,
      atLimitText: c.cta_label_at_capacity ?? null,
      count: c.claims_details.count,
      userCount: c.claims_details.user_count,
      capacity: c.capacity ?? null,
      maxClaimsPerUser: c.max_claims_per_user ?? 1,
      maxClaimsTotal: c.max_claims_total ?? null,
      displayStartAt: c.cta_display_start_at ?? null,
      displayEndAt: c.cta_display_end_at ?? null,
      isRsvp,
      isClaim,
      isClaimable: c.claims_details.is_claimable,
      isEligible: c.is_eligible ?? true,
      attachableAmenityUuid: c.attachable_amenity_uuid ?? null,
      attachableCompanyUuid: c.attachable_company_uuid ?? null,
      attachableContentUuid: c.attachable_content_uuid ?? null,
      attachSecondaryContent: c.attach_secondary_content ?? false,
      myClaim: claimCodeOf(c.my_claim),
    },
  };
}

/** The event-post call's answer. */
export function fromEventPost(e: Schemas['EventPost']): ContentView {
  return {
    uuid: e.uuid,
    buildingUuid: e.building_uuid,
    type: 'EVENT_POST',
    title: e.title,
    subtitle: e.subtitle ?? null,
    description: e.description ?? null,
    richDescription: e.richDescription ?? null,
    imageUrl: e.image_url ?? e.imageUrl ?? null,
    imageAltText: e.image_alt_text ?? e.imageAltText ?? null,
    host: e.hostedBy ?? null,
    price: e.price ?? null,
    currency: e.currency_type ?? null,
    startAt: e.start_at ?? e.startDate ?? null,
    endAt: e.end_at ?? e.endDate ?? null,
    timezone: e.timezone ?? null,
    address: e.formatted_address ?? null,
    directions: e.directions ?? null,
    virtualText: e.virtualText ?? null,
    virtualUrl: e.virtualUrl ?? null,
    virtualDirections: e.virtualDirections ?? null,
    cta: {
      ...noCta,
      url: e.cta_url ?? null,
      label: e.cta_label ?? null,
      atLimitText: e.cta_label_at_capacity ?? null,
      count: e.attendants.length,
      userCount: e.is_attending ? 1 : 0,
      capacity: e.capacity ?? null,
      isRsvp: (e.rsvp_enabled ?? false) || !!e.cta_url,
      isClaimable: e.claims_details.is_claimable,
    },
  };
}

/** The offer call's answer. */
export function fromOffer(o: Schemas['Offer']): ContentView {
  return {
    ...noEvent,
    uuid: o.uuid,
    buildingUuid: o.building_uuid,
    type: 'OFFER',
    title: o.title,
    subtitle: o.subtitle ?? null,
    description: o.description ?? null,
    richDescription: o.rich_description ?? null,
    imageUrl: o.image_url ?? null,
    imageAltText: o.image_alt_text ?? null,
    // An offer has no time of its own: it ends when it leaves the feed (decision 143).
    endAt: o.display_end_at ?? null,
    cta: {
      ...noCta,
      type: 'CLAIM',
      label: o.cta_label ?? null,
      atLimitText: o.cta_label_at_capacity ?? null,
      count: o.claims_details.count,
      userCount: o.claims_details.user_count,
      maxClaimsPerUser: o.max_claims_per_user,
      maxClaimsTotal: o.max_claims_total ?? null,
      displayStartAt: o.cta_display_start_at ?? null,
      displayEndAt: o.cta_display_end_at ?? null,
      isClaim: true,
      isClaimable: o.claims_details.is_claimable,
      isEligible: o.is_eligible,
      myClaim: claimCodeOf(o.my_claim),
    },
  };
}

/** The post call's answer. */
export function fromPost(p: Schemas['Post']): ContentView {
  return {
    ...noEvent,
    uuid: p.uuid,
    buildingUuid: p.building_uuid,
    type: 'POST',
    title: p.title,
    subtitle: p.subtitle ?? null,
    description: p.description ?? null,
    richDescription: p.rich_description ?? null,
    imageUrl: p.image_url ?? null,
    imageAltText: p.image_alt_text ?? null,
    cta: { ...noCta, type: p.cta_type ?? null, url: p.cta_url ?? null, label: p.cta_label ?? null },
  };
}
