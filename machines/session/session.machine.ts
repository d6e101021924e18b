import { assign, fromPromise, sendTo, setup } from 'xstate';
import { reportTarget, reportToOf } from '../shared/reports';
import type {
  LoginPayload,
  PersistedAuth,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionReport,
  SessionTag,
  SessionUser,
} from './session.types';
import { toAppError } from '../../contracts/errors';

export const SESSION_ID = 'session';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Token expiry is now (in seconds) plus expires_in, as the specification says. */
export function fromLoginPayload(
  payload: LoginPayload,
  now = nowSeconds(),
): Pick<SessionContext, 'token' | 'tokenExpiresAt' | 'refreshToken' | 'user'> {
  return {
    token: payload.token,
    tokenExpiresAt: now + payload.expires_in,
    refreshToken: { token: payload.refresh_token.token, expiresAt: now + payload.refresh_token.expires_in },
    user: payload.user,
  };
}

export const isTokenExpired = (context: Pick<SessionContext, 'tokenExpiresAt'>, now = nowSeconds()) => context.tokenExpiresAt <= now;

/** The token version the app works with (access document section 4: "if the token version is not 3 …"). */
export const CURRENT_TOKEN_VERSION = 3;

/**
 * The version an access token names in its `ver` claim (a JWT's payload, read, not verified); null when it names none
 * or is no JWT, which is then left as it is.
 */
export function tokenVersion(token: string | null): number | null {
  const version = claimsOf(token)?.ver;
  return typeof version === 'number' ? version : null;
}

/** A JWT's payload, read, not verified (the server verifies); null for anything that is not one. */
function claimsOf(token: string | null): Record<string, unknown> | null {
  try {
    // atob forgives the missing base64 padding of a JWT segment.
    const claims: unknown = JSON.parse(atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** How long an access token handed over without its expiry is taken to last (the server's own lifetime, 15 minutes). */
export const ADOPTED_TOKEN_FALLBACK_SECONDS = 15 * 60;

/** When a handed-over access token expires: its `exp` claim, else the usual lifetime from now (seconds). */
export function adoptedTokenExpiry(token: string, now = nowSeconds()): number {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : now + ADOPTED_TOKEN_FALLBACK_SECONDS;
}

/** The signed-in context as it is kept across reloads. */
const persistedOf = (context: SessionContext): PersistedAuth => ({
  token: context.token!,
  tokenExpiresAt: context.tokenExpiresAt,
  refreshToken: context.refreshToken,
  user: context.user!,
});

const signedOutContext = { token: null, tokenExpiresAt: 0, refreshToken: null, user: null } as const;

/**
 * The one way out of a session in use: a sign-in's or a reload's alike (the header's log out, /logout, a building list
 * the server refused), through `signingOut`.
 */
const LOG_OUT = { 'session.logout': { target: '#session.signingOut' } } as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/**
 * The session: tokens, the user and their lifetime. Refresh is single-flight by construction: while in
 * `signedIn.refreshing`, further refresh requests are ignored and every caller waits for the one result.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    loadPersisted: fromPromise<PersistedAuth | null>(notProvided('loadPersisted')),
    refreshTokens: fromPromise<LoginPayload, { refreshToken: string }>(notProvided('refreshTokens')),
    /** Trades a token of an older version for current ones (POST /auth/upgrade with the old token as bearer). */
    upgradeTokens: fromPromise<LoginPayload, void>(notProvided('upgradeTokens')),
    fetchUser: fromPromise<SessionUser, void>(notProvided('fetchUser')),
    logoutCall: fromPromise<void, void>(notProvided('logoutCall')),
  },
  actions: {
    persist: (_, _params: { auth: PersistedAuth }) => {},
    clearPersisted: () => {},
    /** Tells the app someone is signed in (and whether their building should load); the app tells flags and building. */
    reportSignedIn: sendTo(
      ({ context, self }) => reportTarget(context, self),
      ({ context }): SessionReport => ({
        type: 'session.signedIn',
        user: context.user!,
        loadBuilding: context.shouldAutoLogin,
      }),
    ),
    /**
     * Tells the app a kept session is being checked: what needs only the kept user and token (their building) can
     * start beside the check instead of after it.
     */
    reportRestoring: sendTo(
      ({ context, self }) => reportTarget(context, self),
      ({ context }): SessionReport => ({
        type: 'session.restoring',
        user: context.user!,
        loadBuilding: context.shouldAutoLogin,
      }),
    ),
    /** Tells the app the server refused a native app's token (the web view's error screen says so). */
    reportAdoptFailed: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (): SessionReport => ({ type: 'session.adoptFailed' }),
    ),
    /** Tells the app nobody is signed in. */
    reportSignedOut: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (): SessionReport => ({ type: 'session.signedOut' }),
    ),
    /** Tells the app the person's state is to go (sign-out, expiry): their building, theme and SSO details. */
    reportCleared: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (): SessionReport => ({ type: 'session.cleared' }),
    ),
    assignLogin: assign((_, params: { payload: LoginPayload }) => fromLoginPayload(params.payload)),
    assignRestored: assign((_, params: { auth: PersistedAuth }) => ({
      token: params.auth.token,
      tokenExpiresAt: params.auth.tokenExpiresAt,
      refreshToken: params.auth.refreshToken,
      user: params.auth.user,
    })),
    clearTokens: assign(signedOutContext),
    /** The handed-over token is used from now on (the user call carries it); it has no refresh token. */
    assignAdopted: assign((_, params: { token: string }) => ({
      token: params.token,
      tokenExpiresAt: adoptedTokenExpiry(params.token),
      refreshToken: null,
      user: null,
    })),
  },
  guards: {
    hasPersisted: (_, params: { auth: PersistedAuth | null }) => params.auth !== null,
    awaitsAdoption: ({ context }) => context.awaitAdoption,
    accessExpired: ({ context }) => isTokenExpired(context),
    hasRefreshToken: ({ context }) => !!context.refreshToken && context.refreshToken.expiresAt > nowSeconds(),
    olderTokenVersion: ({ context }) => {
      const version = tokenVersion(context.token);
      return version !== null && version !== CURRENT_TOKEN_VERSION;
    },
    shouldAutoLogin: ({ context }) => context.shouldAutoLogin,
    /**
     * The server answered and refused (a 4xx): the kept session is no good and goes. No answer at all (the network, or
     * the browser cancelling the call as the page is left or reloaded) or a 5xx says nothing about it: it is kept for the
     * next load, else a reload during start-up signed the person out.
     */
    refusedByServer: (_, params: { error: unknown }) => {
      const { status } = toAppError(params.error);
      return status >= 400 && status < 500;
    },
  },
}).createMachine({
  id: SESSION_ID,
  context: ({ input }) => ({
    ...signedOutContext,
    shouldAutoLogin: true,
    authMode: 'login',
    awaitAdoption: input.awaitAdoption ?? false,
    reportTo: reportToOf(input),
  }),
  initial: 'restoring',
  on: {
    'session.authMode': { actions: assign({ authMode: ({ event }) => event.mode }) },
  },
  states: {
    restoring: {
      description: 'Reads the session kept from the last visit and checks it with the server.',
      tags: ['restoring'],
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'awaitsAdoption', target: 'awaitingAdoption' }, { target: 'reading' }],
        },
        awaitingAdoption: {
          description: "A native app's web view: its token, not the kept session, once the app has checked the launch's API base.",
          on: {
            'session.adopt': { target: 'adopting', actions: { type: 'assignAdopted', params: ({ event }) => ({ token: event.token }) } },
            'session.adoptRefused': { target: '#session.signedOut', actions: ['clearTokens', 'clearPersisted'] },
          },
        },
        adopting: {
          description: 'The handed-over token is checked with the server, as a kept one is; refused, nobody is signed in here.',
          invoke: {
            src: 'fetchUser',
            onDone: { target: '#session.signedIn', actions: assign({ user: ({ event }) => event.output }) },
            onError: { target: '#session.signedOut', actions: ['clearTokens', 'clearPersisted', 'reportAdoptFailed'] },
          },
        },
        reading: {
          invoke: {
            src: 'loadPersisted',
            onDone: [
              {
                guard: { type: 'hasPersisted', params: ({ event }) => ({ auth: event.output }) },
                target: 'checking',
                actions: { type: 'assignRestored', params: ({ event }) => ({ auth: event.output! }) },
              },
              { target: '#session.signedOut' },
            ],
            onError: { target: '#session.signedOut' },
          },
        },
        checking: {
          always: [{ guard: 'accessExpired', target: 'refreshing' }, { guard: 'olderTokenVersion', target: 'upgrading' }, { target: 'loadingUser' }],
        },
        // A kept token of an older version is traded for current ones; if that fails, the person is signed out.
        upgrading: {
          invoke: {
            src: 'upgradeTokens',
            onDone: { target: 'loadingUser', actions: { type: 'assignLogin', params: ({ event }) => ({ payload: event.output }) } },
            onError: { target: '#session.signedOut', actions: ['clearTokens', 'clearPersisted'] },
          },
        },
        refreshing: {
          invoke: {
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.refreshToken?.token ?? '' }),
            onDone: { target: 'loadingUser', actions: { type: 'assignLogin', params: ({ event }) => ({ payload: event.output }) } },
            onError: [
              {
                guard: { type: 'refusedByServer', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: ['clearTokens', 'clearPersisted'],
              },
              { target: '#session.signedOut', actions: 'clearTokens' },
            ],
          },
        },
        loadingUser: {
          // The kept token is in use from here (the building loads with it): a logout asked for now (a refused
          // building list, section 8) ends the session as it does once signed in.
          entry: 'reportRestoring',
          on: LOG_OUT,
          invoke: {
            src: 'fetchUser',
            onDone: { target: '#session.signedIn', actions: assign({ user: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'refusedByServer', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: ['clearTokens', 'clearPersisted'],
              },
              { target: '#session.signedOut', actions: 'clearTokens' },
            ],
          },
        },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      entry: 'reportSignedOut',
      on: {
        // A failed sign-in that asks to log out (signIn's logoutOnFailure): no session to end at the server, but
        // whatever was kept (tokens, the building, the theme, pending SSO details) goes as at any logout.
        'session.logout': { actions: ['clearTokens', 'clearPersisted', 'reportCleared'] },
        'session.loggedIn': {
          target: 'signedIn',
          actions: { type: 'assignLogin', params: ({ event }) => ({ payload: event.payload }) },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: [{ type: 'persist', params: ({ context }) => ({ auth: persistedOf(context) }) }, 'reportSignedIn'],
      initial: 'active',
      on: {
        ...LOG_OUT,
        'session.userUpdated': { actions: assign({ user: ({ event }) => event.user }) },
      },
      states: {
        active: {
          on: {
            'session.refresh': [{ guard: 'hasRefreshToken', target: 'refreshing' }, { target: '#session.expired' }],
          },
        },
        refreshing: {
          description: 'One refresh for every call that met an expired token or a 401.',
          tags: ['refreshing'],
          invoke: {
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.refreshToken?.token ?? '' }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'assignLogin', params: ({ event }) => ({ payload: event.output }) },
                { type: 'persist', params: ({ context }) => ({ auth: persistedOf(context) }) },
              ],
            },
            onError: { target: '#session.expired' },
          },
        },
      },
    },
    expired: {
      description: "The session-expired modal: 'Your session has expired. Please login again.' with OK.",
      tags: ['modal:sessionExpired'],
      entry: ['clearTokens', 'clearPersisted', 'reportCleared'],
      on: { 'user.acknowledge': { target: 'signedOut' } },
    },
    signingOut: {
      tags: ['signingOut'],
      invoke: {
        src: 'logoutCall',
        onDone: { target: 'signedOut', actions: ['clearTokens', 'clearPersisted', 'reportCleared'] },
        // Signing out never fails for the user: the local session ends whatever the server answers.
        onError: { target: 'signedOut', actions: ['clearTokens', 'clearPersisted', 'reportCleared'] },
      },
    },
  },
});
