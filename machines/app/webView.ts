import type { Farm } from '../farm/farmSelector.types';

/**
 * The native app's web view (`/webview?accessToken=…&buildingUuid=…&baseUrl=…`; both specification documents, section 2
 * and 7): what the page was opened with, once the token has left the address (src/app/adapters/webViewLaunch.ts).
 */
export interface WebViewLaunch {
  /** The person's access token; it goes to the session actor and is then forgotten here. */
  token: string;
  buildingUuid: string | null;
  /** The API the native app talks to: only the configured one or a registered farm is taken. */
  baseUrl: string | null;
}

/** Why the web view cannot show its screens: an API base that is not allowed, or a token the server refused. */
export type WebViewProblem = 'baseUrl' | 'token';

/** The web view's path prefix: `/webview`, or `/webview/{locale}` (decision 169). */
export const WEB_VIEW_ROOT = '/webview';

/** An address of the web view (any path containing /webview: no farm bar, no app header there). */
export const isWebViewPath = (pathname: string) => pathname === WEB_VIEW_ROOT || pathname.startsWith(`${WEB_VIEW_ROOT}/`);

/** An absolute http(s) URL without its trailing slashes, or null for anything else (relative, other schemes, junk). */
function normalisedApiBase(value: string, pageHref: string | null): string | null {
  let url: URL;
  try {
    url = pageHref ? new URL(value, pageHref) : new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Which API a launch's baseUrl names: `'configured'` (none given, or the deployment's own API base), a registered
 * farm, or null when it is neither (the launch is refused: a token must never be sent to an API the deployment does not
 * know). The baseUrl must be absolute; the configured base may be relative to the page.
 */
export function webViewApiBase(
  baseUrl: string | null,
  configured: { apiBase: string; pageHref: string },
  farms: readonly Farm[],
): 'configured' | Farm | null {
  if (baseUrl === null) return 'configured';
  if (!/^https?:\/\//i.test(baseUrl)) return null;
  const wanted = normalisedApiBase(baseUrl, null);
  if (wanted === null) return null;
  if (wanted === normalisedApiBase(configured.apiBase, configured.pageHref)) return 'configured';
  return farms.find((farm) => normalisedApiBase(farm.url, null) === wanted) ?? null;
}

/**
 * What the web view shows instead of its screens: why the launch was refused, `signedOut` when nobody is signed in
 * (opened without a token, or a handed-over session that ended), `waiting` while the session is still being checked,
 * or null to show the screens.
 */
export function webViewRefusal(
  problem: WebViewProblem | null,
  session: { signedIn: boolean; restoring: boolean },
): WebViewProblem | 'signedOut' | 'waiting' | null {
  if (problem) return problem;
  if (session.signedIn) return null;
  return session.restoring ? 'waiting' : 'signedOut';
}
