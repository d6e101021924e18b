/**
 * Which API a page calls (access document, section 9: "The API base varies by host name: a special farm host gets its
 * own subdomain; otherwise the shared host"). The host rule comes first; the runtime configuration's `apiBase` (the
 * shared host) otherwise. A farm picked in the farm selector still overrides both (requestValuesOf).
 * Decision: 191-api-base-by-host-name.md.
 */

/** A farm's page host: `farm-<name>.<domain>` (letters, digits and inner hyphens in the name). */
export const FARM_HOST = /^farm-[a-z0-9]+(?:-[a-z0-9]+)*\.[^.]/i;

/** The API subdomain a farm host gets: its own host name with this in front. */
export const FARM_API_SUBDOMAIN = 'api';

export interface PageLocation {
  protocol: string;
  /** Host name with the port, as `location.host`. */
  host: string;
  hostname: string;
}

/**
 * The API base for a page: on a farm host, `api.<the page's host>` (same scheme and port) with the configured base's
 * path (`/api` unless the deployment names another); on any other host, the configured base unchanged.
 */
export function apiBaseForHost(page: PageLocation, configured: string): string {
  if (!FARM_HOST.test(page.hostname)) return configured;
  let path: string;
  try {
    path = new URL(configured, `${page.protocol}//${page.host}`).pathname;
  } catch {
    path = '/api';
  }
  return `${page.protocol}//${FARM_API_SUBDOMAIN}.${page.host}${path === '/' ? '' : path.replace(/\/$/, '')}`;
}
