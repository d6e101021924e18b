import { describe, expect, it } from 'vitest';
import {
  withEmergencyManagement,
  EXCLUDED_UTILITIES,
  WEB_NATIVE_UTILITIES,
  lobbyUtilities,
  utilityAction,
  visibleUtilities,
  withoutRitualEmbed,
  type UtilityButton,
  type UtilityTile,
} from '../../machines/home/utilities';
import { EMERGENCY_HIDDEN_BRANDS, EMERGENCY_MANAGEMENT_UTILITY, emergencyManagementAllowed } from '../../machines/emergency/emergency.rules';
import type { LinkContext } from '../../machines/home/feed';
import { utilityButton } from '../fixtures/home';

const ORIGIN = 'https://tenant.atrium.test';
const context = (overrides: Partial<LinkContext> = {}): LinkContext => ({
  buildingUuid: 'b-1',
  origin: ORIGIN,
  miniApps: ['/mfe-survey/', '/mfe-visitors/', '/mfe-parking/'],
  framesAllowed: true,
  ...overrides,
});

const tileOf = (overrides: Partial<UtilityTile> = {}): UtilityTile => ({ ...utilityButton(), subLabel: null, ...overrides });
const visible = (buttons: UtilityButton[], safety = false, signedIn = false) => visibleUtilities(buttons, { safety, signedIn });
const names = (tiles: UtilityTile[]) => tiles.map((t) => t.name);

describe('visibleUtilities: order and exclusions', () => {
  it('sorts the buttons by order, whatever order they come in', () => {
    const tiles = visible([utilityButton({ name: 'c', order: 30 }), utilityButton({ name: 'a', order: 1 }), utilityButton({ name: 'b', order: 7 })]);
    expect(names(tiles)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the given order for buttons with the same order', () => {
    expect(
      names(visible([utilityButton({ name: 'x', order: 2 }), utilityButton({ name: 'y', order: 2 }), utilityButton({ name: 'w', order: 1 })])),
    ).toEqual(['w', 'x', 'y']);
  });

  it('does not reorder the list it was given', () => {
    const list = [utilityButton({ name: 'c', order: 3 }), utilityButton({ name: 'a', order: 1 })];
    visible(list);
    expect(list.map((b) => b.name)).toEqual(['c', 'a']);
  });

  it('drops the buttons flagged excluded', () => {
    expect(names(visible([utilityButton({ name: 'keep' }), utilityButton({ name: 'drop', excluded: true })]))).toEqual(['keep']);
  });

  it('lists mobile access, ecobee and lutron as excluded', () => {
    expect([...EXCLUDED_UTILITIES].sort()).toEqual(['ECOBEE', 'LUTRON', 'MOBILE_ACCESS']);
  });

  it.each(['MOBILE_ACCESS', 'ECOBEE', 'LUTRON'])('drops %s even when not flagged excluded', (utility) => {
    const tiles = visible([
      utilityButton({ name: 'keep' }),
      utilityButton({ name: 'drop', utility_name: utility, type: 'NATIVELINK', url: null, excluded: false }),
    ]);
    expect(names(tiles)).toEqual(['keep']);
  });

  it.each(['https://thanx.com/loyalty', 'https://app.thanx.com/?merchant=1', 'https://a.b.thanx.com', 'http://THANX.com/x'])(
    'drops the thanx mini-app at %s',
    (url) => {
      const tiles = visible([utilityButton({ name: 'keep' }), utilityButton({ name: 'drop', utility_name: 'LOYALTY', type: 'MICROFRONTEND', url })]);
      expect(names(tiles)).toEqual(['keep']);
    },
  );

  it.each([
    'https://notthanx.com/loyalty',
    'https://thanx.com.evil.test/loyalty',
    'https://example.com/?next=thanx.com',
    'https://example.com/thanx.com',
  ])('keeps %s, which is not the thanx site', (url) => {
    expect(names(visible([utilityButton({ name: 'kept', url })]))).toEqual(['kept']);
  });

  it('keeps a button with no url or an unparseable one', () => {
    expect(names(visible([utilityButton({ name: 'no-url', url: null, route: 'x' }), utilityButton({ name: 'bad', url: 'https://[bad' })]))).toEqual([
      'no-url',
      'bad',
    ]);
  });

  it('shows the safety button only when its flag is on', () => {
    const list = [utilityButton({ name: 'safety', utility_name: 'SAFETY', url: 'https://safety.example.com' }), utilityButton({ name: 'other' })];
    expect(names(visible(list, false))).toEqual(['other']);
    expect(names(visible(list, true))).toEqual(['safety', 'other']);
  });

  it('still drops an excluded safety button when the flag is on', () => {
    expect(visible([utilityButton({ utility_name: 'SAFETY', excluded: true })], true)).toEqual([]);
  });

  it('answers an empty grid for no buttons', () => {
    expect(visible([], true)).toEqual([]);
  });
});

describe('visibleUtilities: ritual links', () => {
  it('drops embed=1 from a ritual link and keeps its other parameters', () => {
    const [tile] = visible([utilityButton({ url: 'https://app.ritual.co/order/store?embed=1&location=42' })]);
    const url = new URL(tile!.url!);
    expect(url.hostname).toBe('app.ritual.co');
    expect(url.pathname).toBe('/order/store');
    expect(url.searchParams.has('embed')).toBe(false);
    expect(url.searchParams.get('location')).toBe('42');
  });

  it.each([
    ['https://ritual.co/x?embed=1', 'https://ritual.co/x'],
    ['https://ritual.co/x?a=1&embed=1', 'https://ritual.co/x?a=1'],
    ['https://ritual.co/x?a=1&embed=1&b=2', 'https://ritual.co/x?a=1&b=2'],
    ['https://app.ritual.co/x?embed=1#menu', 'https://app.ritual.co/x#menu'],
    // The rest of the query is kept as written: no re-encoding, valueless flags stay valueless.
    ['https://ritual.co/o?embed=1&q=a%20b&flag', 'https://ritual.co/o?q=a%20b&flag'],
    ['https://ritual.co/o?embed=1&embed=1&x=1', 'https://ritual.co/o?x=1'],
  ])('%s → %s', (from, to) => {
    expect(withoutRitualEmbed(from)).toBe(to);
    expect(visible([utilityButton({ url: from })])[0]?.url).toBe(to);
  });

  it.each(['https://ritual.co/x?embed=0', 'https://ritual.co/x?embed=10', 'https://ritual.co/x?a=1', 'https://ritual.co/x'])(
    'leaves a ritual link without embed=1 as it is: %s',
    (url) => {
      expect(withoutRitualEmbed(url)).toBe(url);
    },
  );

  it.each(['https://example.com/x?embed=1', 'https://notritual.co/x?embed=1&a=2', 'https://ritual.co.evil.test/x?embed=1', '/mfe-visitors/?embed=1'])(
    'leaves a link elsewhere untouched: %s',
    (url) => {
      expect(withoutRitualEmbed(url)).toBe(url);
      expect(visible([utilityButton({ url })])[0]?.url).toBe(url);
    },
  );

  it('keeps a null url null', () => {
    expect(visible([utilityButton({ url: null, route: 'amenities' })])[0]?.url).toBeNull();
  });
});

describe('visibleUtilities: sub-labels', () => {
  it('names the native utilities the web app has screens for', () => {
    expect([...WEB_NATIVE_UTILITIES].sort()).toEqual(['AMENITIES', 'COMPANIES', 'CONCIERGE', 'EMERGENCY_MANAGEMENT', 'SMART_BUILDING']);
  });

  it('labels a button flagged mobile_only as mobile only', () => {
    expect(visible([utilityButton({ mobile_only: true })])[0]?.subLabel).toBe('mobile_only');
  });

  it('labels a NATIVELINK button as mobile only', () => {
    expect(visible([utilityButton({ utility_name: 'WALLET', type: 'NATIVELINK', url: null })])[0]?.subLabel).toBe('mobile_only');
  });

  it.each(['WALLET', 'VISITOR_REGISTRATION_MINIAPP', 'TENANT_SATISFACTION'])('labels a NATIVE %s button as mobile only', (utility) => {
    expect(visible([utilityButton({ utility_name: utility, type: 'NATIVE', url: null })])[0]?.subLabel).toBe('mobile_only');
  });

  it('labels a NATIVE button with no utility name as mobile only', () => {
    expect(visible([utilityButton({ utility_name: null, type: 'NATIVE', url: null })])[0]?.subLabel).toBe('mobile_only');
  });

  it.each(['AMENITIES', 'COMPANIES', 'CONCIERGE'])('does not label a NATIVE %s button', (utility) => {
    expect(visible([utilityButton({ utility_name: utility, type: 'NATIVE', url: null, route: 'x' })])[0]?.subLabel).toBeNull();
  });

  it('labels a button that needs sign-in for a signed-out viewer', () => {
    expect(visible([utilityButton({ sign_in_required: true })])[0]?.subLabel).toBe('sign_in_required');
    expect(visible([utilityButton({ utility_name: 'AMENITIES', type: 'NATIVE', sign_in_required: true })])[0]?.subLabel).toBe('sign_in_required');
  });

  it('does not label a button that needs sign-in for a signed-in person (the Visitors mini-app)', () => {
    const visitors = utilityButton({
      utility_name: 'VISITOR_REGISTRATION_MINIAPP',
      type: 'MICROFRONTEND',
      url: '/mfe-visitors/',
      sign_in_required: true,
    });
    expect(visible([visitors], false, true)[0]?.subLabel).toBeNull();
    expect(visible([utilityButton({ mobile_only: true, sign_in_required: true })], false, true)[0]?.subLabel).toBe('mobile_only');
  });

  it('prefers mobile only to sign-in required', () => {
    expect(visible([utilityButton({ mobile_only: true, sign_in_required: true })])[0]?.subLabel).toBe('mobile_only');
    expect(visible([utilityButton({ type: 'NATIVELINK', sign_in_required: true })])[0]?.subLabel).toBe('mobile_only');
  });

  it('labels nothing otherwise (WEBVIEW, MICROFRONTEND)', () => {
    const tiles = visible([utilityButton({ type: 'WEBVIEW' }), utilityButton({ type: 'MICROFRONTEND', url: '/mfe-visitors/' })]);
    expect(tiles.map((t) => t.subLabel)).toEqual([null, null]);
  });

  it('keeps every field of the button', () => {
    const original = utilityButton({
      utility_name: 'COMPANIES',
      type: 'NATIVE',
      url: null,
      route: 'companies',
      company_types: 'tenant,retail',
      web_image: '/i.svg',
    });
    expect(visible([original])[0]).toEqual({ ...original, subLabel: null });
  });
});

describe('utilityAction', () => {
  it('sends a mobile-only utility to the mobile-only page, whatever it is', () => {
    expect(utilityAction(tileOf({ subLabel: 'mobile_only' }), context())).toEqual({ kind: 'route', to: '/mobile-only?from=%2Fbuilding%2Fb-1' });
    expect(utilityAction(tileOf({ subLabel: 'mobile_only', utility_name: 'AMENITIES', type: 'NATIVE' }), context())).toEqual({
      kind: 'route',
      to: '/mobile-only?from=%2Fbuilding%2Fb-1',
    });
  });

  it('takes the sub-label visibleUtilities gives: a NATIVELINK utility goes to the mobile-only page', () => {
    const [tile] = visible([utilityButton({ utility_name: 'WALLET', type: 'NATIVELINK', url: 'https://wallet.example.com' })]);
    expect(utilityAction(tile!, context())).toEqual({ kind: 'route', to: '/mobile-only?from=%2Fbuilding%2Fb-1' });
  });

  it('opens the amenities of the building', () => {
    expect(utilityAction(tileOf({ utility_name: 'AMENITIES', type: 'NATIVE', url: null, route: 'amenities' }), context())).toEqual({
      kind: 'route',
      to: '/building/b-1/amenities',
    });
  });

  it('opens the amenities even when the button has a url', () => {
    expect(utilityAction(tileOf({ utility_name: 'AMENITIES', type: 'NATIVE', url: 'https://other.test' }), context({ buildingUuid: 'b-9' }))).toEqual(
      {
        kind: 'route',
        to: '/building/b-9/amenities',
      },
    );
  });

  it('opens the company directory without company types', () => {
    expect(
      utilityAction(tileOf({ utility_name: 'COMPANIES', type: 'NATIVE', url: null, route: 'companies', company_types: null }), context()),
    ).toEqual({
      kind: 'route',
      to: '/building/b-1/companies',
    });
    expect(utilityAction(tileOf({ utility_name: 'COMPANIES', type: 'NATIVE', url: null, company_types: '' }), context())).toEqual({
      kind: 'route',
      to: '/building/b-1/companies',
    });
  });

  it('opens the company directory with its company types, encoded', () => {
    expect(
      utilityAction(tileOf({ utility_name: 'COMPANIES', type: 'NATIVE', url: null, company_types: 'tenant,retail,restaurant' }), context()),
    ).toEqual({
      kind: 'route',
      to: '/building/b-1/companies?company_types=tenant%2Cretail%2Crestaurant',
    });
    expect(utilityAction(tileOf({ utility_name: 'COMPANIES', type: 'NATIVE', url: null, company_types: 'food & drink' }), context())).toEqual({
      kind: 'route',
      to: '/building/b-1/companies?company_types=food%20%26%20drink',
    });
  });

  it('encodes the building uuid', () => {
    expect(utilityAction(tileOf({ utility_name: 'AMENITIES', type: 'NATIVE' }), context({ buildingUuid: 'b/1' }))).toEqual({
      kind: 'route',
      to: '/building/b%2F1/amenities',
    });
  });

  it('opens the building route of a utility with no url', () => {
    expect(utilityAction(tileOf({ utility_name: 'CONCIERGE', type: 'NATIVE', url: null, route: 'concierge' }), context())).toEqual({
      kind: 'route',
      to: '/building/b-1/concierge',
    });
  });

  it('leads nowhere with neither url nor route', () => {
    expect(utilityAction(tileOf({ utility_name: 'CONCIERGE', type: 'NATIVE', url: null, route: null }), context())).toEqual({ kind: 'none' });
    expect(utilityAction(tileOf({ type: 'WEBVIEW', url: '', route: '' }), context())).toEqual({ kind: 'none' });
  });

  it('opens a registered micro-frontend in the page frame, even on another site or with frames not allowed', () => {
    expect(utilityAction(tileOf({ type: 'MICROFRONTEND', url: '/mfe-visitors/' }), context())).toEqual({
      kind: 'frame',
      url: '/mfe-visitors/',
      frame: 'page',
    });
    const registered = context({ framesAllowed: false, miniApps: ['https://other.test/mfe/'] });
    expect(utilityAction(tileOf({ type: 'MICROFRONTEND', url: 'https://other.test/mfe/' }), registered)).toEqual({
      kind: 'frame',
      url: 'https://other.test/mfe/',
      frame: 'page',
    });
  });

  it('opens a micro-frontend nobody registered in a new tab, without the frame or its parameters', () => {
    expect(utilityAction(tileOf({ type: 'MICROFRONTEND', url: 'https://other.test/mfe/' }), context())).toEqual({
      kind: 'newTab',
      url: 'https://other.test/mfe/',
    });
  });

  it('a url wins over a route', () => {
    expect(utilityAction(tileOf({ type: 'WEBVIEW', url: 'https://other.test', route: 'concierge' }), context())).toEqual({
      kind: 'newTab',
      url: 'https://other.test',
    });
  });

  it('opens a WEBVIEW to another site in a new tab', () => {
    expect(utilityAction(tileOf({ type: 'WEBVIEW', url: 'https://concierge.example.com' }), context())).toEqual({
      kind: 'newTab',
      url: 'https://concierge.example.com',
    });
  });

  it('opens a WEBVIEW to this site in the page frame, or a new tab when frames are not allowed', () => {
    const tile = tileOf({ type: 'WEBVIEW', url: `${ORIGIN}/mfe-parking/` });
    expect(utilityAction(tile, context())).toEqual({ kind: 'frame', url: `${ORIGIN}/mfe-parking/`, frame: 'page' });
    expect(utilityAction(tile, context({ framesAllowed: false }))).toEqual({ kind: 'newTab', url: `${ORIGIN}/mfe-parking/` });
  });

  it('opens a WEBVIEW survey in the survey frame', () => {
    expect(
      utilityAction(
        tileOf({ utility_name: 'TENANT_SATISFACTION', type: 'WEBVIEW', url: '/mfe-survey/?survey=satisfaction' }),
        context({ framesAllowed: false }),
      ),
    ).toEqual({
      kind: 'frame',
      url: '/mfe-survey/?survey=satisfaction',
      frame: 'survey',
    });
  });

  it('opens a ritual link without its embed parameter once it went through visibleUtilities', () => {
    const [tile] = visible([utilityButton({ type: 'WEBVIEW', url: 'https://ritual.co/order?embed=1&s=2' })]);
    expect(utilityAction(tile!, context())).toEqual({ kind: 'newTab', url: 'https://ritual.co/order?s=2' });
  });
});

describe('lobbyUtilities', () => {
  it('leaves out on a shared screen the utilities that frame a mini-app with the person’s token, keeps the others', () => {
    const tiles = visible([
      utilityButton({ utility_name: 'AMENITIES', type: 'NATIVE', url: null }),
      utilityButton({ utility_name: 'VISITOR_REGISTRATION_MINIAPP', type: 'MICROFRONTEND', url: '/mfe-visitors/' }),
      utilityButton({ utility_name: 'TENANT_SATISFACTION', type: 'WEBVIEW', url: '/mfe-survey/?survey=1' }),
      utilityButton({ utility_name: 'CONCIERGE', type: 'WEBVIEW', url: 'https://concierge.example.com' }),
      utilityButton({ utility_name: 'WALLET', type: 'NATIVELINK', url: null }),
      // A passer-by would change the signed-in person's suite.
      utilityButton({ utility_name: 'SMART_BUILDING', type: 'NATIVE', url: null, route: 'smart-building' }),
    ]);
    expect(lobbyUtilities(tiles, context()).map((t) => t.utility_name)).toEqual(['AMENITIES', 'CONCIERGE', 'WALLET']);
    expect(tiles).toHaveLength(6);
  });
});

describe('the emergency-management utility (content document, sections 2 and 6)', () => {
  const emergency = utilityButton({
    name: 'emergency',
    utility_name: 'EMERGENCY_MANAGEMENT',
    type: 'NATIVE',
    route: 'emergency-management',
    url: null,
  });
  it('is a screen of the web app, not mobile-only, leading to its route', () => {
    const [tile] = visible([emergency], false, true);
    expect(tile!.subLabel).toBeNull();
    expect(utilityAction(tile!, context())).toEqual({ kind: 'route', to: '/building/b-1/emergency-management' });
  });
  it.each([
    ['atrium', false, true],
    ['atrium', true, true],
    [null, false, true],
    ['harbor', false, false],
    ['harbor', true, true],
  ])('brand %s with the flag %s: allowed %s', (brand, flag, allowed) => {
    expect(emergencyManagementAllowed(brand, flag)).toBe(allowed);
    const tiles = withEmergencyManagement(
      [tileOf({ name: 'amenities' }), tileOf({ name: 'emergency', utility_name: EMERGENCY_MANAGEMENT_UTILITY })],
      allowed,
    );
    expect(names([...tiles])).toEqual(allowed ? ['amenities', 'emergency'] : ['amenities']);
  });
  it('is hidden for the harbor brand', () => {
    expect(EMERGENCY_HIDDEN_BRANDS).toEqual(['harbor']);
  });
});
