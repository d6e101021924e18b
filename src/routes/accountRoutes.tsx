import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

import { ACCOUNT_DIALOGS, ACCOUNT_TABS, PROFILE_TABS, type AccountDialog, type AccountTab } from '../../machines/account/accountTabs';
import { screenFlows } from './screens';

/**
 * The tab in the address; the first tab (the default) is left out of it. A refused value is named undefined: a key left
 * out of a validated search would keep the address's raw value (the router lays it over the parent's search).
 */
const tabSearch =
  <T extends string>(tabs: readonly T[]) =>
  (search: Record<string, unknown>): { tab?: T | undefined } => {
    const tab = search.tab;
    return { tab: typeof tab === 'string' && (tabs as readonly string[]).includes(tab) && tab !== tabs[0] ? (tab as T) : undefined };
  };

/**
 * /account: the section in the address, every one named (on a phone no section means the list of sections), and a
 * dialog opened over it (docs/decisions/197-account-page-vertical-tabs-and-dialogs.md).
 */
const accountSearch = (search: Record<string, unknown>): { tab?: AccountTab | undefined; dialog?: AccountDialog | undefined } => {
  const { tab, dialog } = search;
  return {
    tab: typeof tab === 'string' && (ACCOUNT_TABS as readonly string[]).includes(tab) ? (tab as AccountTab) : undefined,
    dialog: typeof dialog === 'string' && (ACCOUNT_DIALOGS as readonly string[]).includes(dialog) ? (dialog as AccountDialog) : undefined,
  };
};

/**
 * /account (vertical tabs profile, legal, settings: `?tab=legal`) and /account/profile (tabs profile and password:
 * `?tab=password`), under `parent`. Both are lazy chunks; the routing rules make them signed-in routes.
 */
export function accountRoutes<TParent extends AnyRoute>(parent: TParent) {
  const account = createRoute({
    getParentRoute: () => parent,
    path: '/account',
    validateSearch: accountSearch,
    component: lazyRouteComponent(() => import('../ui/account/AccountPage'), 'AccountPage'),
    // The password update runs here too: its dialog opens over the account page.
    ...screenFlows({ emailConsent: () => ({}), notificationPreferences: () => ({}), passwordUpdate: () => ({}) }),
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
