import type { FlagValues } from './flags';
import type { RuntimeConfig } from './runtimeConfig';
import type { SchemeRoles } from './brandRoles';

/** The brand chosen by the page's host name, and its white-label settings. */
export interface Whitelabel {
  brand: string;
  name: string;
  uuid: string;
  logoUrl: string | null;
  /** The logo drawn for dark or brand-coloured bars (light marks), for the kiosk header; null when the brand has none. */
  logoDarkUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  language: string;
  helpDeskEmail: string;
  isAvatarVisible: boolean;
  /** The brand's colour roles for both schemes, worked out by the server that wrote the page (absent from the API's). */
  roles?: SchemeRoles;
}

/**
 * What the server writes into the app's page (a JSON script element, id BOOT_DATA_ID) so that start-up needs no call
 * before the first paint: the runtime configuration, the host's brand, the anonymous flags, and whether the server
 * and its database answered when the page was written. A page without it (the development server, another host)
 * makes the same calls instead (docs/decisions/046-boot-data-in-the-page.md).
 */
export interface BootData {
  config: RuntimeConfig;
  whitelabel: Whitelabel | null;
  /** Every flag as the anonymous user on this host gets it. */
  flags: FlagValues | null;
  /** The server checked its database when it wrote the page: it vouches for an API on the page's own origin only. */
  healthy: boolean;
}

/**
 * The page's icon for a brand: the small PNG beside its logos (decision 066; an SVG icon costs Chromium a document
 * on the page's main thread at every first load). None for a brand without a logo: the page keeps the app's own.
 */
export const brandIconUrl = ({ brand, logoUrl }: Pick<Whitelabel, 'brand' | 'logoUrl'>): string | null =>
  logoUrl ? `/media/brands/${encodeURIComponent(brand)}-icon.png` : null;

/** The id of the sign-in page's first paint, which the server writes into the page and the app removes (decision 059). */
export const PAGE_SHELL_ID = 'atrium-shell';
/** The cookie naming the building a person's home showed last: the server paints its hero before the app runs (decision 059). */
export const HOME_BUILDING_COOKIE = 'atrium_home';
export const BOOT_DATA_ID = 'atrium-boot';
