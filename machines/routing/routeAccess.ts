/**
 * The routing rules of section 2 as one pure function: given a path and who is looking, where to send them
 * (or null to let them in). The router's guards call it; the tests list the cases.
 */
export type RouteKind = 'public' | 'login' | 'unauthenticated' | 'app' | 'root';

// /__kit: the development kit page, only in development builds (decision 060).
const PUBLIC = ['/maintenance', '/webview', '/logout', '/sign-in-required', '/mobile-only', '/__kit'];
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
      return visitor.authenticated ? APP_HOME : `${landing}${search}`;
    case 'login':
      if (visitor.authenticated) return APP_HOME;
      return visitor.authMode === 'login' ? null : `/signup${search}`;
    case 'unauthenticated':
      return visitor.authenticated ? APP_HOME : null;
    case 'app':
      return visitor.authenticated ? null : `${landing}${search}`;
  }
}
