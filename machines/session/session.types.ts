import type { ReportTarget, ReportsTo } from '../shared/reports';
import type { components } from '../../contracts/api';

export type SessionUser = components['schemas']['User'];
export type LoginPayload = components['schemas']['LoginResponse'];

/** What survives a reload (localStorage key `root`, as the specification persists auth at root). */
export interface PersistedAuth {
  token: string;
  /** Seconds since the epoch: the moment of sign-in plus expires_in. */
  tokenExpiresAt: number;
  /** None for a session a native app handed over (/webview): it ends with its access token. */
  refreshToken: { token: string; expiresAt: number } | null;
  user: SessionUser;
}

export interface SessionInput extends ReportsTo<SessionReport> {
  /**
   * The page was opened as a native app's web view with an access token (/webview?accessToken=…): the kept session is
   * not read; the session waits for `session.adopt` (or `session.adoptRefused`) instead.
   */
  awaitAdoption?: boolean;
}

export interface SessionContext {
  token: string | null;
  tokenExpiresAt: number;
  refreshToken: { token: string; expiresAt: number } | null;
  user: SessionUser | null;
  shouldAutoLogin: boolean;
  /** Where a signed-out visitor is sent: the sign-in or the sign-up route. */
  authMode: 'login' | 'signup';
  /** Started for a native app's web view: waits for its token instead of reading the kept session. */
  awaitAdoption: boolean;
  /** The app, which the session tells of sign-ins and sign-outs (null: running alone). */
  reportTo: ReportTarget<SessionReport> | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn'; payload: LoginPayload }
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  | { type: 'session.userUpdated'; user: SessionUser }
  | { type: 'session.authMode'; mode: 'login' | 'signup' }
  /** A native app's access token for this web view, checked with the server's user call as a kept one is. */
  | { type: 'session.adopt'; token: string }
  /** The web view's launch was refused before its token was tried (an API base that is not allowed). */
  | { type: 'session.adoptRefused' }
  | { type: 'user.acknowledge' };

export type SessionTag = 'restoring' | 'signedOut' | 'signedIn' | 'refreshing' | 'signingOut' | 'modal:sessionExpired';

/** What the session tells the app (its parent), which tells the other actors. */
export type SessionReport =
  | { type: 'session.signedIn'; user: SessionUser; loadBuilding: boolean }
  /** A kept session is being checked with the server: its user (as kept) and tokens may already be used. */
  | { type: 'session.restoring'; user: SessionUser; loadBuilding: boolean }
  | { type: 'session.signedOut' }
  /** The server refused the access token a native app handed over (the web view shows why). */
  | { type: 'session.adoptFailed' }
  | { type: 'session.cleared' };
