import type { FlagValues } from '../../contracts/flags';

export type MenuItem = 'buildings' | 'account' | 'history' | 'serviceRequests' | 'helpDesk' | 'kiosk' | 'admin' | 'logout';

/**
 * The dropdown's items, in order, each behind its flag (specification section 2): log out, change building and
 * manage my account on by default; account history, kiosk and launch admin off; service requests (their flag) and
 * the help desk for a person with a building. Launch admin also needs the
 * `can-see-admin-ui-link` permission for the current building; change building needs more than one building.
 */
export function menuItems(
  flags: Pick<FlagValues, 'dropdown-buildings' | 'dropdown-account' | 'account-history' | 'dropdown-kiosk' | 'dropdown-logout'> &
    Partial<Pick<FlagValues, 'service-requests'>>,
  options: { canSeeAdminLink: boolean; buildingCount: number },
): MenuItem[] {
  const items: MenuItem[] = [];
  if (flags['dropdown-buildings'] && options.buildingCount > 1) items.push('buildings');
  if (flags['dropdown-account']) items.push('account');
  if (flags['account-history']) items.push('history');
  // The building's service requests (behind their flag) and the help desk (decision 112).
  if (flags['service-requests'] && options.buildingCount > 0) items.push('serviceRequests');
  if (options.buildingCount > 0) items.push('helpDesk');
  if (flags['dropdown-kiosk']) items.push('kiosk');
  if (options.canSeeAdminLink) items.push('admin');
  if (flags['dropdown-logout']) items.push('logout');
  return items;
}

/** The admin site opens on its visitors page when one is open here and the flag allows it. */
export const adminOnVisitors = (pathname: string, flagOn: boolean) => flagOn && /\/visitor/.test(pathname);

/** Initials for the avatar when the user has no picture. */
export const initials = (first: string, last: string) => `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
