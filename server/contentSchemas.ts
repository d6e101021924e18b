/**
 * JSON schemas of the building content answers (content calls, event posts, offers, posts, utility buttons,
 * amenities, companies). Every answer field must be listed: the serializer drops what a schema does not name.
 */
const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const bool = { type: 'boolean' } as const;
const int = { type: 'integer' } as const;
const nint = { type: ['integer', 'null'] } as const;
const nnum = { type: ['number', 'null'] } as const;
const ids = { type: 'array', items: int } as const;

const claimsDetails = {
  type: 'object',
  required: ['is_claimable', 'user_count', 'count'],
  properties: { is_claimable: bool, user_count: int, count: int },
} as const;

export const contentSchemas = [
  {
    $id: 'ContentTile',
    type: 'object',
    required: ['uuid', 'type', 'title', 'image_url', 'start_at', 'display_calendar_icon', 'display_start_at', 'navigation_command'],
    properties: {
      uuid: str, type: str, title: str, subtitle: nstr, description: nstr, description_title: nstr, message: nstr,
      image_url: nstr, image_alt_text: nstr, start_at: nstr, display_calendar_icon: bool, display_start_at: nstr,
      navigation_command: {
        type: 'object',
        required: ['type', 'value', 'options'],
        properties: {
          type: { type: 'string', enum: ['NATIVE', 'WEBVIEW'] },
          value: str,
          options: { type: 'object', properties: { url: str, uuid: str, building_uuid: str } },
        },
      },
    },
  },
  {
    $id: 'ContentCategory',
    type: 'object',
    required: ['uuid', 'name', 'contents'],
    properties: { uuid: str, name: str, category_type: str, contents: { type: 'array', items: { $ref: 'ContentTile#' } } },
  },
  {
    $id: 'CategorySummary',
    type: 'object',
    required: ['uuid', 'name', 'category_type', 'group', 'active'],
    properties: { uuid: str, name: str, category_type: { type: 'string', enum: ['AudienceContent', 'SecondaryContent'] }, group: str, active: bool },
  },
  {
    $id: 'PromotedContent',
    type: 'object',
    required: ['type', 'uuid', 'title', 'image_url'],
    properties: {
      type: str, uuid: str, title: str, subtitle: nstr, description_title: nstr, description: nstr, image_url: nstr, image_alt_text: nstr,
      attachable_service_uuid: nstr, attachable_service_provider_uuid: nstr,
    },
  },
  {
    $id: 'Content',
    type: 'object',
    required: ['uuid', 'type', 'building_uuid', 'title', 'rsvp_enabled', 'claimable', 'claims_details'],
    properties: {
      uuid: str, type: str, building_uuid: str, language: nstr, title: str, subtitle: nstr, description: nstr, rich_description: nstr,
      image_url: nstr, image_alt_text: nstr, host_company_name: nstr, host_custom_text: nstr, price: nnum, currency_type: nstr,
      start_at: nstr, end_at: nstr, timezone: nstr, formatted_address: nstr, directions: nstr, virtual_text: nstr, virtual_url: nstr,
      virtual_directions: nstr, cta_type: nstr, cta_label: nstr, cta_url: nstr, cta_label_at_capacity: nstr,
      cta_display_start_at: nstr, cta_display_end_at: nstr, attachable_amenity_uuid: nstr, attachable_company_uuid: nstr,
      attachable_content_uuid: nstr, attachable_survey_type: nstr, attach_secondary_content: bool, rsvp_enabled: bool,
      claimable: bool, claims_details: claimsDetails, capacity: nint, max_claims_total: nint, max_claims_per_user: nint,
      is_eligible: { type: 'boolean', description: 'Offers: whether the signed-in person may claim it; true for other types' },
    },
  },
  {
    $id: 'EventPost',
    type: 'object',
    required: ['uuid', 'building_uuid', 'title', 'start_at', 'end_at', 'capacity', 'attendants', 'is_attending', 'claims_details'],
    properties: {
      uuid: str, building_uuid: str, language: nstr, title: str, subtitle: nstr, description: nstr, richDescription: nstr,
      image_url: nstr, imageUrl: nstr, image_alt_text: nstr, imageAltText: nstr, start_at: nstr, end_at: nstr, startDate: nstr,
      endDate: nstr, timezone: nstr, capacity: nint, cta_url: nstr, cta_label: nstr, cta_label_at_capacity: nstr, price: nnum,
      currency_type: nstr, attendants: { ...ids, description: 'Ids of the users who RSVPd, oldest first' }, is_attending: bool,
      is_virtual: bool, street_number: nstr, route: nstr, locality: nstr, administrative_area_1: nstr, postal_code: nstr,
      latitude: nnum, longitude: nnum, place_id: nstr, formatted_address: nstr, directions: nstr, virtualText: nstr,
      virtualUrl: nstr, virtualDirections: nstr, hostedBy: nstr, rsvp_enabled: bool, claims_details: claimsDetails,
    },
  },
  {
    $id: 'Offer',
    type: 'object',
    required: ['uuid', 'building_uuid', 'title', 'claimers', 'is_eligible', 'max_claims_per_user', 'max_claims_total', 'claims_details'],
    properties: {
      uuid: str, building_uuid: str, language: nstr, title: str, subtitle: nstr, description_title: nstr, description: nstr,
      rich_description: nstr, image_url: nstr, image_alt_text: nstr, claimers: { ...ids, description: 'Ids of the users who claimed, oldest first' },
      is_eligible: bool, cta_label: nstr, cta_label_at_capacity: nstr, cta_display_start_at: nstr, cta_display_end_at: nstr,
      max_claims_per_user: int, max_claims_total: nint, claims_details: claimsDetails,
    },
  },
  {
    $id: 'Post',
    type: 'object',
    required: ['uuid', 'building_uuid', 'title', 'cta_label', 'cta_url'],
    properties: {
      uuid: str, building_uuid: str, language: nstr, title: str, subtitle: nstr, description: nstr, rich_description: nstr,
      image_url: nstr, image_alt_text: nstr, cta_type: nstr, cta_label: nstr, cta_url: nstr,
    },
  },
  {
    $id: 'UtilityButton',
    type: 'object',
    required: ['uuid', 'text', 'name', 'utility_name', 'type', 'url', 'route', 'web_image', 'order', 'company_types', 'sign_in_required', 'mobile_only', 'excluded'],
    properties: {
      uuid: str, text: str, name: str, utility_name: nstr, type: { type: 'string', enum: ['NATIVE', 'MICROFRONTEND', 'WEBVIEW', 'NATIVELINK'] },
      url: nstr, route: nstr, web_image: nstr, order: int, company_types: nstr, sign_in_required: bool, mobile_only: bool, excluded: bool,
    },
  },
  {
    $id: 'Amenity',
    type: 'object',
    required: ['amenity_uuid', 'amenity_name', 'description', 'image_url', 'image_alt_text', 'category'],
    properties: {
      amenity_uuid: str, amenity_name: str, description: nstr, image_url: nstr, image_alt_text: nstr,
      category: { type: 'object', required: ['category_uuid', 'category_name'], properties: { category_uuid: str, category_name: str } },
    },
  },
  {
    $id: 'AmenityCategory',
    type: 'object',
    required: ['id', 'category_uuid', 'category_name', 'amenities'],
    properties: { id: int, category_uuid: str, category_name: str, amenities: { type: 'array', items: { $ref: 'Amenity#' } } },
  },
  {
    $id: 'Company',
    type: 'object',
    required: ['uuid', 'name', 'logo_url', 'description', 'url', 'company_type'],
    properties: { uuid: str, name: str, logo_url: nstr, description: nstr, url: nstr, company_type: nstr },
  },
] as const;
