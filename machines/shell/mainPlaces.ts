/**
 * The app's main places (issue 26, "getting around"): a phone shows them as a tab bar at the bottom of every signed-in
 * screen, a wider screen as links in the header. Which places there are follows the flags and the person's building;
 * which one is current follows the path. Pure rules: the shell renders them.
 */
export type MainPlace = 'home' | 'book' | 'requests' | 'account';

export interface MainPlaceLink {
  place: MainPlace;
  to: string;
}

export interface MainPlaceOptions {
  /** The building the person is in, if any: its service requests are one of the places. */
  buildingUuid: string | null;
  /** The `booking` flag: the building's bookable resources are a place (decision 212). */
  booking?: boolean;
  /** The `service-requests` flag. */
  serviceRequests: boolean;
  /** The `dropdown-account` flag: where the menu offers the account, so does the tab bar. */
  account: boolean;
}

export function mainPlaces({ buildingUuid, booking = false, serviceRequests, account }: MainPlaceOptions): MainPlaceLink[] {
  const places: MainPlaceLink[] = [{ place: 'home', to: '/home' }];
  if (booking && buildingUuid) places.push({ place: 'book', to: `/building/${encodeURIComponent(buildingUuid)}/book` });
  if (serviceRequests && buildingUuid) places.push({ place: 'requests', to: `/building/${encodeURIComponent(buildingUuid)}/service-requests` });
  if (account) places.push({ place: 'account', to: '/account' });
  return places;
}

/**
 * The place a path belongs to: a building's screens are home's, but its service requests and its booking screens (a
 * booking's receipt included); the account's pages and the card form are the account's.
 */
export function currentPlace(pathname: string): MainPlace | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (/^\/building\/[^/]+\/(book|bookings)(\/|$)/.test(path)) return 'book';
  if (/^\/building\/[^/]+\/service-requests(\/|$)/.test(path)) return 'requests';
  if (path === '/account' || path.startsWith('/account/') || path === '/add-card') return 'account';
  if (path === '/home' || path.startsWith('/building/')) return 'home';
  return null;
}

/** The home screens, whose hero names the building: the header then names it only to assistive technology. */
export function isHomeScreen(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/home' || /^\/building\/[^/]+$/.test(path);
}
