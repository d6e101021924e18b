import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

import { ACCOUNT_TABS, PROFILE_TABS } from '../../machines/account/accountTabs';
import { screenFlows } from './screens';

/** The tab in the address; the first tab (the default) is left out of it. */
const tabSearch =
  <T extends string>(tabs: readonly T[]) =>
  (search: Record<string, unknown>): { tab?: T } => {
    const tab = search.tab;
    return typeof tab === 'string' && (tabs as readonly string[]).includes(tab) && tab !== tabs[0] ? { tab: tab as T } : {};
  };

/**
 * /account (vertical tabs profile, legal, settings: `?tab=legal`) and /account/profile (tabs profile and password:
 * `?tab=password`), under `parent`. Both are lazy chunks; the routing rules make them signed-in routes.
 */
export function accountRoutes<TParent extends AnyRoute>(parent: TParent) {
  const account = createRoute({
    getParentRoute: () => parent,
    path: '/account',
    validateSearch: tabSearch(ACCOUNT_TABS),
    component: lazyRouteComponent(() => import('../ui/account/AccountPage'), 'AccountPage'),
    ...screenFlows({ emailConsent: () => ({}) }),
  });
  const profile = createRoute({
    getParentRoute: () => parent,
    path: '/account/profile',
    validateSearch: tabSearch(PROFILE_TABS),
    component: lazyRouteComponent(() => import('../ui/account/ProfilePage'), 'ProfilePage'),
    ...screenFlows({ profileForm: () => ({}), passwordUpdate: () => ({}) }),
  });
  return [account, profile] as const;
}
