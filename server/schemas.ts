/**
 * JSON schemas shared by the routes. They validate input, shape output, and are the source of the OpenAPI
 * document (and so of the client's generated types).
 */
import { contentSchemas } from './contentSchemas.js';
import { HELP_DESK_CATEGORIES } from '../contracts/helpDesk.js';

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const bool = { type: 'boolean' } as const;
const int = { type: 'integer' } as const;

export const emailField = { type: 'string', format: 'email', maxLength: 254 } as const;

export const sharedSchemas = [
  {
    $id: 'Error',
    type: 'object',
    required: ['statusCode', 'error', 'message'],
    properties: { statusCode: int, error: str, message: str, code: str },
  },
  {
    $id: 'BookingError',
    description:
      'An error of the booking calls: the common error shape, with `fields` (each rule a 422 names, by the field it is about) and, ' +
      'for 409 slot_taken, `next_free` (the first free time of the same length after the one asked for; null when none is left ' +
      'within the horizon)',
    type: 'object',
    required: ['statusCode', 'error', 'message'],
    properties: {
      statusCode: int,
      error: str,
      message: str,
      code: str,
      fields: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'code', 'message'],
          properties: {
            field: { type: 'string', description: 'start_at, end_at, duration_minutes, date, or answers.<question id>' },
            code: str,
            message: str,
          },
        },
      },
      next_free: {
        type: ['object', 'null'],
        required: ['start_at', 'end_at'],
        properties: {
          start_at: { type: 'string', description: "ISO 8601 with the building's offset" },
          end_at: { type: 'string', description: "ISO 8601 with the building's offset" },
        },
      },
      bookable_until: { type: 'string', description: 'The last day that can be booked (YYYY-MM-DD, the building’s calendar)' },
    },
  },
  {
    $id: 'Role',
    type: 'object',
    required: ['name'],
    properties: { name: str },
  },
  {
    $id: 'User',
    type: 'object',
    required: [
      'uuid',
      'id',
      'email',
      'first_name',
      'last_name',
      'avatar_url',
      'default_building_uuid',
      'company_uuid',
      'company_name',
      'locale',
      'confirmed',
      'email_accepted',
      'terms_accepted',
      'admin',
      'roles',
      'hqo',
      'signup_app_brand',
      'deactivated',
      'created_by',
      'portfolio_uuid',
      'updated_at',
    ],
    properties: {
      uuid: str,
      id: int,
      email: str,
      first_name: str,
      last_name: str,
      avatar_url: nstr,
      default_building_uuid: nstr,
      company_uuid: nstr,
      company_name: nstr,
      locale: str,
      confirmed: bool,
      email_accepted: bool,
      terms_accepted: bool,
      admin: bool,
      roles: { type: 'array', items: { $ref: 'Role#' } },
      hqo: bool,
      signup_app_brand: nstr,
      deactivated: bool,
      created_by: { type: 'string', enum: ['user', 'sso', 'scim', 'upload', 'acs'] },
      portfolio_uuid: nstr,
      updated_at: {
        type: 'string',
        description:
          'When the profile last changed (ISO 8601, UTC). Send it back with PUT /users/current to be told (409) when someone else changed the profile since.',
      },
    },
  },
  {
    $id: 'EmailRecord',
    description:
      'The next sign-in step for an address, in one shape for every address of a known domain: `email` echoes it; `confirmed` and ' +
      '`terms_accepted` are true for a usable account (deactivated ones included: their message comes with the right password); ' +
      '`created_by` is named only for an account made for the person beforehand (SCIM, upload, admin), which the sign-up claims.',
    type: 'object',
    required: ['email', 'terms_accepted', 'confirmed', 'deactivated', 'created_by', 'sso_mode', 'building_count'],
    properties: {
      email: nstr,
      terms_accepted: bool,
      confirmed: bool,
      deactivated: bool,
      created_by: { type: ['string', 'null'], enum: ['user', 'sso', 'scim', 'upload', 'acs', null] },
      sso_mode: { type: 'string', enum: ['none', 'required', 'optional'] },
      building_count: int,
    },
  },
  {
    $id: 'Language',
    type: 'object',
    required: ['code', 'name', 'priority'],
    properties: { code: str, name: str, priority: int },
  },
  {
    $id: 'Building',
    type: 'object',
    required: ['uuid', 'name', 'image_url', 'address_1', 'timezone', 'locale', 'portfolio_uuid', 'asset_uuid'],
    properties: {
      uuid: str,
      name: str,
      image_url: nstr,
      address_1: str,
      timezone: str,
      locale: str,
      languages: { type: 'array', items: { $ref: 'Language#' } },
      secondary_content: { type: ['object', 'null'], properties: { name: str } },
      portfolio_company_uuid: nstr,
      portfolio_uuid: str,
      asset_uuid: str,
    },
  },
  {
    $id: 'Portfolio',
    description: 'A portfolio of buildings (access document, section 7: GET /admin/v1/portfolios/{id} reads data.portfolio)',
    type: 'object',
    required: ['uuid', 'name', 'logo_url', 'help_desk_categories'],
    properties: {
      uuid: str,
      name: str,
      logo_url: nstr,
      help_desk_categories: {
        type: ['array', 'null'],
        items: { type: 'string', enum: [...HELP_DESK_CATEGORIES] },
        description: 'The help-desk categories this portfolio takes as issue_type instead of the natures web, building and app; null: the natures',
      },
    },
  },
  {
    $id: 'BuildingTheme',
    type: 'object',
    required: [
      'primary_color',
      'secondary_color',
      'primary_font_color',
      'font',
      'home_header_image_url',
      'building_logo_url',
      'display_portfolio_logo',
      'portfolio_logo_url',
    ],
    properties: {
      primary_color: str,
      secondary_color: str,
      primary_font_color: str,
      font: str,
      home_header_image_url: nstr,
      building_logo_url: nstr,
      display_portfolio_logo: bool,
      portfolio_logo_url: nstr,
    },
  },
  {
    $id: 'LoginResponse',
    type: 'object',
    required: ['user', 'token', 'expires_in', 'refresh_token'],
    properties: {
      user: { $ref: 'User#' },
      token: str,
      expires_in: int,
      refresh_token: { type: 'object', required: ['token', 'expires_in'], properties: { token: str, expires_in: int } },
    },
  },
  {
    $id: 'EventPostTransaction',
    description: 'An event post I RSVPed to (status `attending`)',
    type: 'object',
    required: ['uuid', 'building_uuid', 'currency_type', 'content', 'status', 'start_at', 'end_at', 'price'],
    properties: {
      uuid: str,
      building_uuid: { type: 'string', description: "The event's building: where its screen opens (decision 131)" },
      currency_type: str,
      content: {
        type: 'object',
        required: ['uuid', 'title', 'subtitle', 'image_url'],
        properties: { uuid: str, title: str, subtitle: nstr, image_url: nstr },
      },
      status: str,
      start_at: str,
      end_at: str,
      price: { type: 'number' },
    },
  },
  {
    $id: 'ResourceBookingTransaction',
    description: 'One of my resource bookings; `details` names the path of its receipt (status: the first vocabulary)',
    type: 'object',
    required: ['uuid', 'total_price', 'currency_type', 'details', 'content', 'status', 'start_at', 'end_at'],
    properties: {
      uuid: str,
      total_price: { type: 'number' },
      currency_type: str,
      details: {
        type: 'object',
        required: ['owner', 'resource'],
        properties: {
          owner: { type: 'object', required: ['owner_type', 'owner_uuid'], properties: { owner_type: str, owner_uuid: str } },
          resource: { type: 'object', required: ['uuid'], properties: { uuid: str } },
        },
      },
      content: {
        type: 'object',
        required: ['resource'],
        properties: { resource: { type: 'object', required: ['name', 'image_url'], properties: { name: str, image_url: nstr } } },
      },
      status: str,
      start_at: str,
      end_at: str,
    },
  },
  {
    $id: 'ServiceBookingTransaction',
    description: 'One of my service bookings; the price is in cents',
    type: 'object',
    required: ['uuid', 'currency_type', 'content', 'status', 'start_at', 'end_at'],
    properties: {
      uuid: str,
      currency_type: str,
      content: {
        type: 'object',
        required: ['service'],
        properties: {
          service: {
            type: 'object',
            required: ['provider_name', 'logo_url', 'price'],
            properties: { provider_name: str, logo_url: nstr, price: { type: 'integer', description: 'In cents' } },
          },
        },
      },
      status: str,
      start_at: str,
      end_at: str,
    },
  },
  ...contentSchemas,
] as const;

export const ref = <Id extends string>(id: Id) => ({ $ref: `${id}#` }) as const;
export const errorResponses = {
  400: ref('Error'),
  401: ref('Error'),
  403: ref('Error'),
  404: ref('Error'),
  409: ref('Error'),
  410: ref('Error'),
  429: ref('Error'),
};
/** A revalidated answer (server/lib/revalidation.ts): If-None-Match named its ETag, so it has no body. */
export const notModified = {
  304: { description: 'Not modified: the If-None-Match header names this answer’s ETag (per person); no body.', type: 'null' },
} as const;
export const dataOf = <const S extends object>(schema: S) => ({ type: 'object', required: ['data'], properties: { data: schema } }) as const;
export const okData = dataOf({ type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } });
