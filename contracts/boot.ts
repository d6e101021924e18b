import type { FlagValues } from './flags';
import type { RuntimeConfig } from './runtimeConfig';

/** The brand chosen by the page's host name, and its white-label settings. */
export interface Whitelabel {
  brand: string;
  name: string;
  uuid: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  language: string;
  helpDeskEmail: string;
  isAvatarVisible: boolean;
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

export const BOOT_DATA_ID = 'atrium-boot';
