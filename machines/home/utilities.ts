/** The utility-button grid's rules (content document, sections 1, 3 and 9). */
import { EMERGENCY_MANAGEMENT_UTILITY } from '../emergency/emergency.rules';
import type { components } from '../../contracts/api';
import type { CtaAction } from '../content/cta';
import { webLinkAction, type LinkContext } from './feed';
import { isRegisteredMiniApp } from '../content/links';
import { mobileOnlyPath } from '../shell/nativeOnly';

/** A utility button as the API answers it. */
export type UtilityButton = components['schemas']['UtilityButton'];

/** Utilities the web app never shows: they drive phone hardware or a native SDK. */
export const EXCLUDED_UTILITIES = ['MOBILE_ACCESS', 'ECOBEE', 'LUTRON'];
/** The one mini-app shown only in the mobile app (a loyalty programme that cannot run in a frame). */
export const THANX_MINI_APP_HOST = 'thanx.com';
/** Native utilities the web app has screens for; other native ones are mobile-only. */
export const WEB_NATIVE_UTILITIES = ['AMENITIES', 'COMPANIES', 'CONCIERGE', 'SMART_BUILDING', 'EMERGENCY_MANAGEMENT'];
/** The smart-suite utility: shown only while the show-smart-building flag is on (its routes need the flag too). */
export const SMART_BUILDING_UTILITY = 'SMART_BUILDING';

const hostOf = (url: string | null) => {
  if (!url) return '';
  try {
    return new URL(url, 'http://local.invalid').hostname;
  } catch {
    return '';
  }
};
const isHostOrSubdomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Ritual links embed themselves when asked to (`embed=1`); the web app opens the full page instead. */
export function withoutRitualEmbed(url: string): string {
  if (!isHostOrSubdomain(hostOf(url), 'ritual.co')) return url;
  // Only the embed=1 pairs go; the rest of the query stays exactly as written.
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt < 0 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const queryAt = base.indexOf('?');
  if (queryAt < 0) return url;
  const kept = base
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== 'embed=1');
  return `${base.slice(0, queryAt)}${kept.length ? `?${kept.join('&')}` : ''}${hash}`;
}

export type UtilitySubLabel = 'sign_in_required' | 'mobile_only' | null;

export interface UtilityTile extends UtilityButton {
  subLabel: UtilitySubLabel;
}

const isMobileOnly = (button: UtilityButton) =>
  button.mobile_only || button.type === 'NATIVELINK' || (button.type === 'NATIVE' && !WEB_NATIVE_UTILITIES.includes(button.utility_name ?? ''));

/** What the grid's rules read besides the buttons: the safety-utility-button flag, and who is looking. */
export interface UtilityViewer {
  safety: boolean;
  /**
   * A person is signed in. 'sign_in_required' is a sub-label for a signed-out viewer (content document, section 1:
   * "maintenance or signed-out state"): a signed-in person can use the utility, so it is not labelled for them.
   */
  signedIn: boolean;
}

/**
 * The grid: sorted by order; the excluded utilities, the thanx mini-app and (unless its flag is on) the safety button
 * dropped; ritual links without embed=1; each with its sub-label. The smart-building button is kept: whether it shows
 * follows its flag as it changes (`withSmartBuilding`), so the person's flags arriving after start-up reload nothing.
 */
export function visibleUtilities(buttons: readonly UtilityButton[], viewer: UtilityViewer): UtilityTile[] {
  return buttons
    .filter((b) => !b.excluded && !EXCLUDED_UTILITIES.includes(b.utility_name ?? ''))
    .filter((b) => !isHostOrSubdomain(hostOf(b.url), THANX_MINI_APP_HOST))
    .filter((b) => viewer.safety || b.utility_name !== 'SAFETY')
    .toSorted((a, b) => a.order - b.order)
    .map((b) => ({
      ...b,
      url: b.url ? withoutRitualEmbed(b.url) : b.url,
      subLabel: isMobileOnly(b) ? 'mobile_only' : b.sign_in_required && !viewer.signedIn ? 'sign_in_required' : null,
    }));
}

/**
 * What a utility does: mobile-only ones lead to the mobile-only page; amenities and companies (with its company
 * types) are screens of the building; micro-frontends open in the link-out frame; web views follow the web-link rules.
 */
export function utilityAction(button: UtilityTile, context: LinkContext): CtaAction {
  const building = `/building/${encodeURIComponent(context.buildingUuid)}`;
  if (button.subLabel === 'mobile_only') return { kind: 'route', to: mobileOnlyPath(building) };
  switch (button.utility_name) {
    case 'AMENITIES':
      return { kind: 'route', to: `${building}/amenities` };
    case 'COMPANIES':
      return {
        kind: 'route',
        to: button.company_types ? `${building}/companies?company_types=${encodeURIComponent(button.company_types)}` : `${building}/companies`,
      };
  }
  if (!button.url) return button.route ? { kind: 'route', to: `${building}/${button.route}` } : { kind: 'none' };
  if (button.type === 'MICROFRONTEND') {
    return isRegisteredMiniApp(button.url, context) ? { kind: 'frame', url: button.url, frame: 'page' } : { kind: 'newTab', url: button.url };
  }
  return webLinkAction(button.url, context);
}

/**
 * Kiosk (lobby) mode: the utilities a shared screen offers. One that opens a registered mini-app in the frame hands
 * it the signed-in person's token and name, so a passer-by would act as them: left out (decision 080). So is the
 * smart-building one: a passer-by would change the signed-in person's suite.
 */
export function lobbyUtilities(tiles: readonly UtilityTile[], context: LinkContext): UtilityTile[] {
  return tiles.filter((tile) => utilityAction(tile, context).kind !== 'frame' && tile.utility_name !== SMART_BUILDING_UTILITY);
}

/** The grid as shown: the smart-building button only while the show-smart-building flag is on (its routes need it too). */
export const withSmartBuilding = (tiles: readonly UtilityTile[], on: boolean): readonly UtilityTile[] =>
  on ? tiles : tiles.filter((tile) => tile.utility_name !== SMART_BUILDING_UTILITY);

/** The grid as shown: without the emergency-management utility where it is not allowed (its route refuses too). */
export const withEmergencyManagement = (tiles: readonly UtilityTile[], allowed: boolean): readonly UtilityTile[] =>
  allowed ? tiles : tiles.filter((tile) => tile.utility_name !== EMERGENCY_MANAGEMENT_UTILITY);
