/**
 * Native-only actions in a browser (decision 081): an action that only the mobile app can carry out (a NATIVE_LINK
 * call-to-action, a deep link into the app, a mobile-only utility such as Wallet) leads to the mobile-only page,
 * which explains it, offers the store links and a QR code of the page the person came from, and leads back there.
 */

export const MOBILE_ONLY_PATH = '/mobile-only';

/** The mobile-only page, remembering the page it was asked from (its way back, and what the QR code opens). */
export const mobileOnlyPath = (from: string | null): string => (from ? `${MOBILE_ONLY_PATH}?from=${encodeURIComponent(from)}` : MOBILE_ONLY_PATH);

/**
 * A path of this app to go back to, or null: only a path on the same origin (`/…`, not `//host` nor `/\host`,
 * which browsers read as another host), so the page cannot be made to send anyone elsewhere.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}

/** A link only the app can open: a scheme of its own (`atrium://wallet`), not a web or mail address. */
export function isAppOnlyUrl(url: string | null): boolean {
  if (!url) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  return !!scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme);
}
