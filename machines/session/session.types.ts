import type { components } from '../../contracts/api';

export type SessionUser = components['schemas']['User'];
export type LoginPayload = components['schemas']['LoginResponse'];

/** What survives a reload (localStorage key `root`, as the specification persists auth at root). */
export interface PersistedAuth {
  token: string;
  /** Seconds since the epoch: the moment of sign-in plus expires_in. */
  tokenExpiresAt: number;
  refreshToken: { token: string; expiresAt: number };
  user: SessionUser;
}

export interface SessionContext {
  token: string | null;
  tokenExpiresAt: number;
  refreshToken: { token: string; expiresAt: number } | null;
  user: SessionUser | null;
  shouldAutoLogin: boolean;
  /** Where a signed-out visitor is sent: the sign-in or the sign-up route. */
  authMode: 'login' | 'signup';
}

export type SessionEvent =
  | { type: 'session.loggedIn'; payload: LoginPayload }
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  | { type: 'session.userUpdated'; user: SessionUser }
  | { type: 'session.authMode'; mode: 'login' | 'signup' }
  | { type: 'user.acknowledge' };

/** What the session tells the app (its parent), which tells the other actors. */
export type SessionReport =
  | { type: 'session.signedIn'; user: SessionUser; loadBuilding: boolean }
  /** A kept session is being checked with the server: its user (as kept) and tokens may already be used. */
  | { type: 'session.restoring'; user: SessionUser; loadBuilding: boolean }
  | { type: 'session.signedOut' }
  | { type: 'session.cleared' };
