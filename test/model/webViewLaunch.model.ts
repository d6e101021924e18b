import { setup } from 'xstate';

/**
 * A pure test model of a native app's web view launch (`/webview?accessToken=…&baseUrl=…`, decisions 169 and 170): the
 * app checks the API base the native app names (`api.baseKnown`: the configured one or a registered farm;
 * `api.baseUnknown`: refused, the token goes nowhere), then the session checks the handed-over token with the user call
 * (`api.userOk`, `api.userRefused`). A refused launch shows why, and its Close asks the native app to close the web view
 * (`user.close`).
 */
export type WebViewLaunchModelEvent =
  { type: 'api.baseKnown' } | { type: 'api.baseUnknown' } | { type: 'api.userOk' } | { type: 'api.userRefused' } | { type: 'user.close' };

export type WebViewLaunchModelState = 'checkingBase' | 'adopting' | 'signedIn' | 'refusedBase' | 'refusedToken' | 'closing';

export const webViewLaunchModel = setup({
  types: { events: {} as WebViewLaunchModelEvent },
}).createMachine({
  id: 'webViewLaunchModel',
  initial: 'checkingBase',
  states: {
    checkingBase: { on: { 'api.baseKnown': 'adopting', 'api.baseUnknown': 'refusedBase' } },
    adopting: { on: { 'api.userOk': 'signedIn', 'api.userRefused': 'refusedToken' } },
    signedIn: {},
    refusedBase: { on: { 'user.close': 'closing' } },
    refusedToken: { on: { 'user.close': 'closing' } },
    closing: {},
  },
});
