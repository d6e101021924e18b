import { describe, expect, it } from 'vitest';
import { upFor } from '../../machines/routing/upLinks';

const b = '/building/7d0c1a52-1111-4222-8333-944455556666';

describe('upFor: every signed-in screen has a way up (issue 22, item 12)', () => {
  it.each([
    [`${b}/amenities`, `${b}`, 'home'],
    [`${b}/amenities/a-1`, `${b}/amenities`, 'amenities'],
    [`${b}/companies`, `${b}`, 'home'],
    [`${b}/companies/c-1`, `${b}/companies`, 'companies'],
    [`${b}/event-posts/e-1`, `${b}`, 'home'],
    [`${b}/offers/o-1`, `${b}`, 'home'],
    [`${b}/posts/p-1`, `${b}`, 'home'],
    [`${b}/service-requests`, `${b}`, 'home'],
    [`${b}/service-requests/r-1`, `${b}/service-requests`, 'serviceRequests'],
    [`${b}/book`, `${b}`, 'home'],
    [`${b}/book/r-1`, `${b}/book`, 'book'],
    [`${b}/smart-building`, `${b}`, 'home'],
    [`${b}/smart-building/floors/f-1/suites`, `${b}/smart-building`, 'smartBuilding'],
    [`${b}/suites/s-1/control/lighting`, `${b}/smart-building`, 'smartBuilding'],
    [`${b}/bookings/building/x/r-1/bk-1`, '/my-history', 'history'],
    ['/account', '/home', 'home'],
    ['/account/profile', '/account', 'account'],
    ['/add-card', '/account', 'account'],
    ['/my-history', '/home', 'home'],
    ['/help-desk', '/home', 'home'],
    ['/no-such-page', '/home', 'home'],
    ['/maintenance', '/home', 'home'],
    ['/mobile-only', '/home', 'home'],
  ])('%s goes up to %s (%s)', (path, to, place) => {
    expect(upFor(path)).toEqual({ to, place });
    expect(upFor(`${path}/`)).toEqual({ to, place });
  });

  it.each(['/home', b, `${b}/`, '/login', '/signup', '/reset-password', '/webview/home'])('%s has none (a home, or no header)', (path) => {
    expect(upFor(path)).toBeNull();
  });

  it('always leads to a shorter, different place: following it ends at home', () => {
    for (let path of [
      `${b}/suites/s-1/control/temperature`,
      `${b}/amenities/a-1`,
      '/account/profile',
      `${b}/bookings/building/x/r/bk`,
      `${b}/service-requests/r-1`,
      `${b}/book/r-1`,
    ]) {
      const seen = new Set<string>();
      for (let up = upFor(path); up; up = upFor(path)) {
        expect(seen.has(up.to), `${path} loops`).toBe(false);
        seen.add(up.to);
        path = up.to;
      }
      expect(path === '/home' || path === b).toBe(true);
    }
  });
});
