import { describe, it, expect } from 'vitest';
import { afterSignIn, APP_HOME, MAINTENANCE, redirectFor, routeKind, type RouteKind, type Visitor } from '../../machines/routing/routeAccess';

describe('routeKind', () => {
  it.each([
    ['/', 'root'],
    ['', 'root'],
    ['//', 'root'],
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/signup', 'unauthenticated'],
    ['/reset-password', 'unauthenticated'],
    ['/reset-password/', 'unauthenticated'],
    ['/maintenance', 'public'],
    ['/webview', 'public'],
    ['/webview/home', 'public'],
    ['/logout', 'public'],
    ['/sign-in-required', 'public'],
    ['/mobile-only', 'public'],
    ['/home', 'app'],
    ['/account', 'app'],
    ['/account/profile', 'app'],
    ['/building', 'app'],
    ['/building/b-1', 'app'],
    ['/no-such-page', 'app'],
    ['/maintenance-window', 'app'],
    ['/loginx', 'app'],
  ] as const)('%j is %s', (path, kind) => {
    expect(routeKind(path)).toBe(kind);
  });
});

describe('redirectFor', () => {
  const search = '?lang=de&invite=42';
  const visitors: Record<string, Visitor> = {
    'authenticated, login mode': { authenticated: true, authMode: 'login', maintenance: false },
    'authenticated, signup mode': { authenticated: true, authMode: 'signup', maintenance: false },
    'unauthenticated, login mode': { authenticated: false, authMode: 'login', maintenance: false },
    'unauthenticated, signup mode': { authenticated: false, authMode: 'signup', maintenance: false },
  };
  const samplePath: Record<RouteKind, string> = {
    public: '/webview',
    root: '/',
    login: '/login',
    unauthenticated: '/signup',
    app: '/account/profile',
  };

  // Where a signed-out visitor was going, carried through sign-in (decision 148).
  const next = `next=${encodeURIComponent(`${samplePath.app}${search}`)}`;
  type Row = [kind: RouteKind, visitor: keyof typeof visitors, expected: string | null];
  const rows: Row[] = [
    ['public', 'authenticated, login mode', null],
    ['public', 'authenticated, signup mode', null],
    ['public', 'unauthenticated, login mode', null],
    ['public', 'unauthenticated, signup mode', null],
    ['root', 'authenticated, login mode', '/home'],
    ['root', 'authenticated, signup mode', '/home'],
    ['root', 'unauthenticated, login mode', `/login${search}`],
    ['root', 'unauthenticated, signup mode', `/signup${search}`],
    ['login', 'authenticated, login mode', '/home'],
    ['login', 'authenticated, signup mode', '/home'],
    ['login', 'unauthenticated, login mode', null],
    ['login', 'unauthenticated, signup mode', `/signup${search}`],
    ['unauthenticated', 'authenticated, login mode', '/home'],
    ['unauthenticated', 'authenticated, signup mode', '/home'],
    ['unauthenticated', 'unauthenticated, login mode', null],
    ['unauthenticated', 'unauthenticated, signup mode', null],
    ['app', 'authenticated, login mode', null],
    ['app', 'authenticated, signup mode', null],
    ['app', 'unauthenticated, login mode', `/login${search}&${next}`],
    ['app', 'unauthenticated, signup mode', `/signup${search}&${next}`],
  ];

  it('has a row for every kind × visitor', () => {
    expect(rows).toHaveLength(5 * 4);
    expect(new Set(rows.map(([k, v]) => `${k}|${v}`)).size).toBe(20);
  });

  it.each(rows)('%s route, %s → %j', (kind, visitor, expected) => {
    expect(routeKind(samplePath[kind])).toBe(kind);
    expect(redirectFor(samplePath[kind], search, visitors[visitor]!)).toBe(expected);
  });

  it('APP_HOME is /home', () => {
    expect(APP_HOME).toBe('/home');
  });

  it('keeps an empty query string empty', () => {
    expect(redirectFor('/home', '', { authenticated: false, authMode: 'login', maintenance: false })).toBe('/login');
    expect(redirectFor('/', '', { authenticated: false, authMode: 'signup', maintenance: false })).toBe('/signup');
  });

  it('lets a signed-out visitor reach /reset-password in either mode', () => {
    expect(redirectFor('/reset-password', search, { authenticated: false, authMode: 'signup', maintenance: false })).toBeNull();
    expect(redirectFor('/reset-password', search, { authenticated: false, authMode: 'login', maintenance: false })).toBeNull();
  });

  it('keeps the query string for a nested app route', () => {
    expect(redirectFor('/building/b-7', '?tab=events', { authenticated: false, authMode: 'login', maintenance: false })).toBe(
      '/login?tab=events&next=%2Fbuilding%2Fb-7%3Ftab%3Devents',
    );
  });
});

describe('a deep link through sign-in', () => {
  const signedOut: Visitor = { authenticated: false, authMode: 'login', maintenance: false };
  const signedIn: Visitor = { authenticated: true, authMode: 'login', maintenance: false };

  it('sends a signed-out visitor of /my-history?tab=past to sign in, then there', () => {
    const landing = redirectFor('/my-history', '?tab=past', signedOut)!;
    expect(landing).toBe('/login?tab=past&next=%2Fmy-history%3Ftab%3Dpast');
    const url = new URL(landing, 'http://x');
    expect(redirectFor(url.pathname, url.search, signedOut)).toBeNull();
    expect(redirectFor(url.pathname, url.search, signedIn)).toBe('/my-history?tab=past');
  });

  it('follows `next` from sign-up and the landing route too', () => {
    expect(redirectFor('/signup', '?next=%2Fbookings', signedIn)).toBe('/bookings');
    expect(redirectFor('/', '?next=%2Fdirectory%3Fq%3Dada', signedIn)).toBe('/directory?q=ada');
  });

  it.each([
    ['another origin', 'https://evil.example/home'],
    ['a scheme-relative address', '//evil.example/home'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['the sign-in route (a loop)', '/login?next=/login'],
    ['a public route', '/logout'],
    ['nothing', ''],
  ])('ignores %s in `next` and goes home', (_, target) => {
    expect(afterSignIn(`?next=${encodeURIComponent(target)}`)).toBe(APP_HOME);
  });

  it('keeps the home link plain: no `next` for /home', () => {
    expect(redirectFor('/home', '', signedOut)).toBe('/login');
    expect(redirectFor('/home', '?tab=events', signedOut)).toBe('/login?tab=events&next=%2Fhome%3Ftab%3Devents');
  });
});

describe('redirectFor in maintenance mode', () => {
  const visitors: Visitor[] = [
    { authenticated: true, authMode: 'login', maintenance: true },
    { authenticated: false, authMode: 'login', maintenance: true },
    { authenticated: false, authMode: 'signup', maintenance: true },
  ];

  it.each(['/', '/login', '/signup', '/reset-password', '/home', '/account/profile', '/building/b-1', '/no-such-page'])(
    '%s goes to /maintenance for everyone',
    (path) => {
      for (const visitor of visitors) expect(redirectFor(path, '?lang=de', visitor)).toBe(MAINTENANCE);
    },
  );

  it.each(['/maintenance', '/maintenance/', '/webview', '/logout', '/sign-in-required', '/mobile-only'])('%s (public) stays open', (path) => {
    for (const visitor of visitors) expect(redirectFor(path, '', visitor)).toBeNull();
  });

  it('/maintenance leads back to / once maintenance is off, signed in or not', () => {
    expect(redirectFor('/maintenance', '', { authenticated: true, authMode: 'login', maintenance: false })).toBe('/');
    expect(redirectFor('/maintenance/', '?x=1', { authenticated: false, authMode: 'signup', maintenance: false })).toBe('/');
  });

  it('the other public routes stay open when maintenance is off', () => {
    for (const path of ['/webview', '/logout', '/sign-in-required', '/mobile-only']) {
      expect(redirectFor(path, '', { authenticated: false, authMode: 'login', maintenance: false })).toBeNull();
    }
  });
});
