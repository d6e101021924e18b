import { isWebViewPath, type WebViewLaunch } from '../../../machines/app/webView';
import { LOCALES } from '../../../contracts/locales';

/** The query parameters a native app opens the web view with (both specification documents). */
export const WEB_VIEW_PARAMS = ['accessToken', 'buildingUuid', 'baseUrl'] as const;

/**
 * Takes a native app's launch out of the address, at the very start of the app (before the router, page views, error
 * reporting or any call): on a /webview path with an `accessToken`, the token, building and API base are read and the
 * three parameters leave the address bar at once (history.replaceState), so the token is never in a page view, a
 * Sentry breadcrumb, a shared link or the history. Returns null (and changes nothing) on any other address.
 */
export function takeWebViewLaunch(
  win: Pick<Window, 'location' | 'history'> | undefined = typeof window === 'undefined' ? undefined : window,
): WebViewLaunch | null {
  if (!win || !isWebViewPath(win.location.pathname.replace(/\/+$/, '') || '/')) return null;
  const url = new URL(win.location.href);
  const token = url.searchParams.get('accessToken');
  if (token === null) return null;
  const launch: WebViewLaunch = {
    token,
    buildingUuid: url.searchParams.get('buildingUuid') || null,
    baseUrl: url.searchParams.get('baseUrl') || null,
  };
  for (const name of WEB_VIEW_PARAMS) url.searchParams.delete(name);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return launch;
}

/** The language a web view's address names (`/webview/{locale}/…`, one the app ships), or null. */
export function webViewLocaleOf(pathname: string): string | null {
  const segment = /^\/webview\/([^/]+)/.exec(pathname)?.[1];
  return segment && (LOCALES as readonly string[]).includes(segment) ? segment : null;
}
