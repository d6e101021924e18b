/**
 * The tabs of /account and of /account/profile, in order; the first is the default and stays out of the address.
 * A module of its own: the route tree (in the first load) needs only these names, not the account selectors.
 */
export const ACCOUNT_TABS = ['profile', 'legal', 'settings'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const PROFILE_TABS = ['profile', 'password'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The account page's dialogs, opened by the address (`?dialog=`): the password update and the language change. */
export const ACCOUNT_DIALOGS = ['password', 'language'] as const;
export type AccountDialog = (typeof ACCOUNT_DIALOGS)[number];
