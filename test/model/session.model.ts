import { assign, setup } from 'xstate';

/**
 * A pure test model of the session (its tokens, the user and their lifetime). It starts from what the browser kept:
 * nothing (`start.nothingKept`), unreadable storage (`start.storageBroken`), a session whose access token is current
 * (`start.kept`), expired (`start.keptExpired`: refreshed first) or of an older version (`start.keptOldVersion`:
 * traded for current ones first), or a native app's web view (`start.webView`), which waits for the app to hand over
 * its token (`app.adopt`) or to refuse the launch (`app.adoptRefused`). The server answers each call (`api.ok`), refuses
 * it (`api.refused`: a 4xx, the kept session goes) or gives no answer (`api.dropped`: the kept session stays for the
 * next load). The rest of the app signs in (`app.signIn`), logs out (`app.logout`: the header, /logout, a refused
 * building list), asks for a refresh (`app.refresh`: a call met an expired token), hands over the person's saved
 * profile (`app.userUpdated`) and switches the auth screens between sign-in and sign-up (`app.authMode`); the person
 * closes the session-expired modal (`user.acknowledge`).
 */
export type SessionModelEvent =
  | { type: 'start.nothingKept' }
  | { type: 'start.storageBroken' }
  | { type: 'start.kept' }
  | { type: 'start.keptExpired' }
  | { type: 'start.keptOldVersion' }
  | { type: 'start.webView' }
  | { type: 'app.adopt' }
  | { type: 'app.adoptRefused' }
  | { type: 'api.ok' }
  | { type: 'api.refused' }
  | { type: 'api.dropped' }
  | { type: 'app.signIn' }
  | { type: 'app.logout' }
  | { type: 'app.refresh' }
  | { type: 'app.userUpdated' }
  | { type: 'app.authMode' }
  | { type: 'user.acknowledge' };

export type SessionModelState =
  | 'opening'
  | 'awaitingAdoption'
  | 'adopting'
  | 'upgrading'
  | 'refreshingKept'
  | 'loadingUser'
  | 'signedOut'
  | 'signedIn'
  | 'refreshing'
  | 'expired'
  | 'signingOut';

export interface SessionModelContext {
  /** The browser keeps a session for the next load. */
  kept: boolean;
  /** The session has a refresh token (a web view's handed-over one has none). */
  refreshable: boolean;
  /** The signed-in person's first name: the server's, or the one they saved since. */
  name: 'Dana' | 'Ada';
  /** Which auth screens show while nobody is signed in. */
  mode: 'login' | 'signup';
}

export const sessionModel = setup({
  types: { context: {} as SessionModelContext, events: {} as SessionModelEvent },
  actions: {
    cleared: assign({ kept: false }),
    /** Signed in with the server's user, with a refresh token (a sign-in, a kept session) or without (a web view's). */
    signedIn: assign((_, params: { refreshable: boolean }) => ({ kept: true, refreshable: params.refreshable, name: 'Dana' as const })),
  },
  guards: {
    kept: ({ context }) => context.kept,
    refreshable: ({ context }) => context.refreshable,
  },
}).createMachine({
  id: 'sessionModel',
  context: { kept: false, refreshable: false, name: 'Dana', mode: 'login' },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.nothingKept': 'signedOut',
        'start.storageBroken': 'signedOut',
        'start.kept': { target: 'loadingUser', actions: assign({ kept: true }) },
        'start.keptExpired': { target: 'refreshingKept', actions: assign({ kept: true }) },
        'start.keptOldVersion': { target: 'upgrading', actions: assign({ kept: true }) },
        'start.webView': 'awaitingAdoption',
      },
    },
    awaitingAdoption: { on: { 'app.adopt': 'adopting', 'app.adoptRefused': 'signedOut' } },
    adopting: { on: { 'api.ok': { target: 'signedIn', actions: { type: 'signedIn', params: { refreshable: false } } }, 'api.refused': 'signedOut' } },
    upgrading: { on: { 'api.ok': 'loadingUser', 'api.refused': { target: 'signedOut', actions: 'cleared' } } },
    refreshingKept: {
      on: { 'api.ok': 'loadingUser', 'api.refused': { target: 'signedOut', actions: 'cleared' }, 'api.dropped': 'signedOut' },
    },
    loadingUser: {
      on: {
        'app.logout': 'signingOut',
        'api.ok': { target: 'signedIn', actions: { type: 'signedIn', params: { refreshable: true } } },
        'api.refused': { target: 'signedOut', actions: 'cleared' },
        'api.dropped': 'signedOut',
      },
    },
    signedOut: {
      on: {
        // Nothing to end at the server, but a session kept for the next load goes.
        'app.logout': { guard: 'kept', actions: 'cleared' },
        'app.signIn': { target: 'signedIn', actions: { type: 'signedIn', params: { refreshable: true } } },
        'app.authMode': { actions: assign({ mode: ({ context }) => (context.mode === 'login' ? 'signup' : 'login') }) },
      },
    },
    signedIn: {
      on: {
        'app.logout': 'signingOut',
        'app.userUpdated': { actions: assign({ name: ({ context }) => (context.name === 'Dana' ? 'Ada' : 'Dana') }) },
        'app.refresh': [
          { guard: 'refreshable', target: 'refreshing' },
          { target: 'expired', actions: 'cleared' },
        ],
      },
    },
    refreshing: { on: { 'api.ok': 'signedIn', 'api.refused': { target: 'expired', actions: 'cleared' } } },
    expired: { on: { 'user.acknowledge': 'signedOut' } },
    signingOut: { on: { 'api.ok': { target: 'signedOut', actions: 'cleared' }, 'api.refused': { target: 'signedOut', actions: 'cleared' } } },
  },
});
