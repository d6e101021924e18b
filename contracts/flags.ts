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
} as const satisfies Record<string, boolean>;

export type FlagName = keyof typeof FLAG_DEFAULTS;
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
