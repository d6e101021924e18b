import { assign, setup } from 'xstate';

/**
 * A pure test model of the app chart itself (machines/app/app.machine.ts): start-up and the rules by which its
 * children's reports drive the others. It opens in a browser (`start.browser`), on a farm's API (`start.farm`) or as
 * a native app's web view (`start.webView`). The runtime configuration loads or fails (`api.config`,
 * `api.configFailed`: the fallback stands in); then the start-up loads all come in (`api.loaded`), all fail but the
 * health check (`api.degraded`: the brand's defaults, the flags' defaults, a web view's unknown API base), or the
 * health check fails (`api.healthFailed`: the unavailable page, whose Try again or Back to the default farm start
 * again); the router resolves the address (`api.routed`, `api.routeFailed`) and the app shows.
 *
 * Shown, the app takes its children's reports as the real ones come: a kept session restored with its building
 * (`session.restored`), a sign-in that leaves the building alone (`session.signedInNoBuilding`), a sign-out
 * (`session.ended`), a building switch on a building page and elsewhere (`building.switchOnPage`,
 * `building.switchElsewhere`), another language (`locale.changed`), colour scheme (`colorScheme.changed`), lobby mode
 * on or off with a mini-app in use (`kiosk.toggled`), the lobby's idle reset (`kiosk.idleReset`), a flag update
 * (`flags.changed`), a farm chosen (`farm.chosen`) and a screen flow opened, run to its end and closed (`screen.run`).
 * A web view's session may be refused (`webView.tokenRefused`) and the native app asked to close (`webView.close`).
 * Each of these leaves the app where it is: `noted` flips so the model's graph counts it.
 */
export type AppModelEvent =
  | { type: 'start.browser' }
  | { type: 'start.farm' }
  | { type: 'start.webView' }
  | { type: 'api.config' }
  | { type: 'api.configFailed' }
  | { type: 'api.loaded' }
  | { type: 'api.degraded' }
  | { type: 'api.healthFailed' }
  | { type: 'api.routed' }
  | { type: 'api.routeFailed' }
  | { type: 'user.retry' }
  | { type: 'user.useDefaultFarm' }
  | { type: 'session.restored' }
  | { type: 'session.signedInNoBuilding' }
  | { type: 'session.ended' }
  | { type: 'building.switchOnPage' }
  | { type: 'building.switchElsewhere' }
  | { type: 'locale.changed' }
  | { type: 'colorScheme.changed' }
  | { type: 'kiosk.toggled' }
  | { type: 'kiosk.idleReset' }
  | { type: 'flags.changed' }
  | { type: 'farm.chosen' }
  | { type: 'screen.run' }
  | { type: 'webView.tokenRefused' }
  | { type: 'webView.close' };

export type AppModelState = 'opening' | 'configuring' | 'starting' | 'unavailable' | 'routing' | 'ready';

export interface AppModelContext {
  webView: boolean;
  /** A farm's API is in use (the unavailable page offers the way back to the default one). */
  farm: boolean;
  noted: 0 | 1;
}

const browserOnly = { guard: 'inBrowser', actions: 'note' } as const;
const webViewOnly = { guard: 'inWebView', actions: 'note' } as const;

export const appModel = setup({
  types: { context: {} as AppModelContext, events: {} as AppModelEvent },
  actions: { note: assign({ noted: ({ context }) => (context.noted === 0 ? 1 : 0) as 0 | 1 }) },
  guards: {
    farm: ({ context }) => context.farm,
    inBrowser: ({ context }) => !context.webView,
    inWebView: ({ context }) => context.webView,
  },
}).createMachine({
  id: 'appModel',
  context: { webView: false, farm: false, noted: 0 },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.browser': 'configuring',
        'start.farm': { target: 'configuring', actions: assign({ farm: true }) },
        'start.webView': { target: 'configuring', actions: assign({ webView: true }) },
      },
    },
    configuring: { on: { 'api.config': 'starting', 'api.configFailed': 'starting' } },
    starting: { on: { 'api.loaded': 'routing', 'api.degraded': 'routing', 'api.healthFailed': 'unavailable' } },
    unavailable: {
      on: {
        'user.retry': 'starting',
        'user.useDefaultFarm': { guard: 'farm', target: 'starting', actions: assign({ farm: false }) },
      },
    },
    routing: { on: { 'api.routed': 'ready', 'api.routeFailed': 'ready' } },
    ready: {
      // Shown, a farm in use changes nothing the model follows (the farm the person chooses is `farm.chosen`'s).
      entry: assign({ farm: false }),
      on: {
        'session.restored': browserOnly,
        'session.signedInNoBuilding': browserOnly,
        'session.ended': browserOnly,
        'building.switchOnPage': browserOnly,
        'building.switchElsewhere': browserOnly,
        'locale.changed': browserOnly,
        'colorScheme.changed': browserOnly,
        'kiosk.toggled': browserOnly,
        'kiosk.idleReset': browserOnly,
        'flags.changed': browserOnly,
        'farm.chosen': browserOnly,
        'screen.run': browserOnly,
        'webView.tokenRefused': webViewOnly,
        'webView.close': webViewOnly,
      },
    },
  },
});
