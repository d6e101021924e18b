/**
 * Where "up" leads from a signed-in screen (issue 22, item 12): the screen a person came down from, so that a web view
 * or a kiosk without a browser's back button is never a trap. A pure rule of the path; the shell shows it as a link
 * under the header. Null on the home screens and wherever the header is not shown.
 */
export type UpPlace = 'home' | 'amenities' | 'companies' | 'smartBuilding' | 'account' | 'history' | 'serviceRequests' | 'book';
export interface UpLink {
  to: string;
  place: UpPlace;
}

const HOME: UpLink = { to: '/home', place: 'home' };
/** Paths with no up link: the home screens and the sign-in screens (which show no app header). */
const NO_UP = new Set(['/', '/home', '/login', '/signup', '/reset-password', '/logout']);

export function upFor(pathname: string): UpLink | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (NO_UP.has(path) || path.startsWith('/webview')) return null;
  const inBuilding = /^\/building\/([^/]+)(\/.*)?$/.exec(path);
  if (inBuilding) {
    const [, building, rest = ''] = inBuilding;
    const base = `/building/${building}`;
    if (rest === '') return null;
    if (/^\/amenities\/[^/]+/.test(rest)) return { to: `${base}/amenities`, place: 'amenities' };
    if (/^\/companies\/[^/]+/.test(rest)) return { to: `${base}/companies`, place: 'companies' };
    if (/^\/(smart-building\/.+|suites\/.+)/.test(rest)) return { to: `${base}/smart-building`, place: 'smartBuilding' };
    if (/^\/book\/[^/]+/.test(rest)) return { to: `${base}/book`, place: 'book' };
    if (rest.startsWith('/bookings/')) return { to: '/my-history', place: 'history' };
    if (/^\/service-requests\/[^/]+/.test(rest)) return { to: `${base}/service-requests`, place: 'serviceRequests' };
    return { to: base, place: 'home' };
  }
  if (path.startsWith('/account/') || path === '/add-card') return { to: '/account', place: 'account' };
  if (path.startsWith('/my-history/')) return { to: '/my-history', place: 'history' };
  return HOME;
}
