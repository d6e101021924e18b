/**
 * The routing rules of section 2 as one pure function: given a path and who is looking, where to send them
 * (or null to let them in). The router's guards call it; the tests list the cases.
 */
export type RouteKind = 'public' | 'login' | 'unauthenticated' | 'app' | 'root';

// /__kit and /__statecharts: the development kit page and the statechart visualizer, only in development builds
// (decision 060, docs/decisions/202-statechart-visualizer.md).
const PUBLIC = ['/maintenance', '/webview', '/logout', '/sign-in-required', '/mobile-only', '/__kit', '/__statecharts'];
const UNAUTHENTICATED = ['/signup', '/reset-password'];

export function routeKind(pathname: string): RouteKind {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'root';
  if (path === '/login') return 'login';
  if (UNAUTHENTICATED.includes(path)) return 'unauthenticated';
  if (PUBLIC.some((p) => path === p || path.startsWith(`${p}/`))) return 'public';
  return 'app';
}

export interface Visitor {
  authenticated: boolean;
  authMode: 'login' | 'signup';
  /** The `maintenance-mode` flag: while on, only the public routes open and everything else goes to /maintenance. */
  maintenance: boolean;
}

export const APP_HOME = '/home';
export const MAINTENANCE = '/maintenance';

const isMaintenancePage = (pathname: string) => (pathname.replace(/\/+$/, '') || '/') === MAINTENANCE;

/** The search parameter that carries where a signed-out visitor was going, through sign-in (decision 148). */
export const NEXT_PARAM = 'next';

/**
 * The landing route for a signed-out visitor who asked for an app path: the query string kept (section 2), and the
 * path asked for in `next`, unless it is the app's home (where sign-in leads anyway).
 */
function landingWithNext(landing: string, pathname: string, search: string): string {
  if (pathname === APP_HOME && !search) return landing;
  const params = new URLSearchParams(search);
  params.set(NEXT_PARAM, `${pathname}${search}`);
  return `${landing}?${params.toString()}`;
}

/**
 * Where a signed-in visitor goes from the sign-in, sign-up or landing routes: the `next` path when it is an app path
 * of this origin, else home. Anything else in `next` (another origin, `//host`, a backslash, a public or sign-in
 * route, which could loop) is ignored.
 */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return APP_HOME;
  const base = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return APP_HOME;
  }
  if (url.origin !== base || routeKind(url.pathname) !== 'app') return APP_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Returns the path (with the query string kept where the rules say) to redirect to, or null. */
export function redirectFor(pathname: string, search: string, visitor: Visitor): string | null {
  const kind = routeKind(pathname);
  // Maintenance first: while on, every non-public route waits on /maintenance; once off, /maintenance leads back to /.
  if (visitor.maintenance) return kind === 'public' ? null : MAINTENANCE;
  if (isMaintenancePage(pathname)) return '/';
  const landing = visitor.authMode === 'signup' ? '/signup' : '/login';
  switch (kind) {
    case 'public':
      return null;
    case 'root':
      return visitor.authenticated ? afterSignIn(search) : `${landing}${search}`;
    case 'login':
      if (visitor.authenticated) return afterSignIn(search);
      return visitor.authMode === 'login' ? null : `/signup${search}`;
    case 'unauthenticated':
      return visitor.authenticated ? afterSignIn(search) : null;
    case 'app':
      return visitor.authenticated ? null : landingWithNext(landing, pathname, search);
  }
}
