/**
 * The feature-flag contract the app and the reference server share (decision 034): every flag of the specification
 * (section 9) with its default value, and the flag user flags are evaluated for.
 */
export const FLAG_DEFAULTS = {
  'header-logo': true,
  'maintenance-mode': false,
  'header-user-profile-image': true,
  'dropdown-logout': true,
  'dropdown-buildings': true,
  'account-history': false,
  'dropdown-account': true,
  'dropdown-kiosk': false,
  'feat-tenant-vis-reg-to-admin-link': false,
  'service-requests': true,
  'safety-utility-button': false,
  'change-language-option-in-settings': true,
  'show-utilities-link-and-chevron': true,
  'show-smart-building': false,
  'show-content-v-2': true,
  'show-rich-description': true,
  'open-tw-miniapp-in-iframe': true,
  'enable-tw-host-sdk': true,
  'enable-tw-direct-link': false,
  'enable-exit-kiosk-mode': true,
  // Flags the specification names by what they gate, not by name (access document, section 6; issue 24):
  /** Allows the emergency-management utility for the brands that hide it (machines/home/utilities.ts). */
  'emergency-management-utility': false,
  /** The discover layout: the discover section shows as the spotlight nears the top (machines/home/feed.ts). */
  'discover-layout': false,
  /** The test flag that forces the live-work (residential) interface (machines/home/liveWork.ts). */
  'live-work-ui': false,
  // Named by the project where the specification uses a flag without naming it (see UNNAMED_IN_SPECIFICATION).
  'signup-user-type-2': false,
  /** Shows the deployment's embedded third-party widget on the home (EMBEDDED_WIDGET_URL; decision 203). */
  'embedded-third-party-widget': false,
  /** Booking resources (issue 26): a building's bookable rooms, desks and amenities, their availability and the booking flow. */
  booking: true,
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof FLAG_DEFAULTS;

/**
 * Flags the specification uses without naming them, with the name the project gave each (its decision record):
 * `signup-user-type-2`: "user type id 2 vs 1 at account creation depends on a flag" (access document section 6),
 * docs/decisions/201-signup-user-type-flag.md; `booking`: issue 26's "Booking is a feature flag",
 * docs/decisions/214-booking-resources-and-availability.md.
 */
export const UNNAMED_IN_SPECIFICATION = ['signup-user-type-2', 'embedded-third-party-widget', 'booking'] as const satisfies readonly FlagName[];

/** The user type an account made by sign-up gets (`user_type_id` of POST /auth/register): 2 with the flag on, else 1. */
export const signupUserTypeId = (flags: Pick<FlagValues, 'signup-user-type-2'>): 1 | 2 => (flags['signup-user-type-2'] ? 2 : 1);
export type FlagValues = Record<FlagName, boolean>;

/** The flag user (access document section 3): the signed-in user, or an anonymous one when signed out. */
export interface FlagUser {
  key: string;
  anonymous: boolean;
  admin: boolean;
  roles: string[];
  buildingUuids: string[];
  hqo: boolean;
  host: string;
}
