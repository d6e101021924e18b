import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db } from '../db/index.js';
import { addSeconds, type Clock } from './clock.js';
import { httpError } from './errors.js';
import { randomToken, sha256 } from './random.js';
import { storedSetting } from '../stores/settings.js';
import {
  createFamily,
  familyExpiry,
  familyState,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
  revokeSessions,
  saveRefreshToken,
  spendFamilyRefreshTokens,
} from '../stores/sessions.js';

export interface IssuedTokens {
  token: string;
  expires_in: number;
  refresh_token: { token: string; expires_in: number };
}

export interface AccessClaims {
  userId: number;
  userUuid: string;
  familyId: string;
  /** The token version (`ver`); this server issues TOKEN_VERSION, older clients may hold others. */
  version: number;
}

/** The version of the tokens this server issues (access document section 4: "the token version is not 3"). */
export const TOKEN_VERSION = 3;

interface TokenSettings {
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

/**
 * Short-lived JWT access tokens and opaque, rotating refresh tokens grouped in families: each sign-in starts a
 * family; a refresh token can be used once; presenting one that was already rotated revokes the whole family,
 * since then two parties hold tokens of it.
 */
export class TokenService {
  /**
   * The HMAC key, imported once: given the raw bytes, jose imports them again on every call, which cost more than the
   * check itself (about 170 µs against 60 µs per verification, measured).
   */
  private readonly key: Promise<CryptoKey>;
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number | undefined; nbf: number | undefined }>();

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: Clock,
    private readonly settings: TokenSettings,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /** Loads the signing secret from JWT_SECRET, else from the database, creating it on first start. */
  static async secretFor(db: Db, fromEnv: string | undefined): Promise<string> {
    if (fromEnv) return fromEnv;
    return storedSetting(db, 'jwt_secret', () => randomToken(48));
  }

  async startSession(user: { id: number; uuid: string }, db: Db = this.db): Promise<IssuedTokens> {
    return this.issue(user, await createFamily(db, user.id, this.clock.now()), db);
  }

  /**
   * New tokens in an existing session (the token upgrade): its refresh tokens not yet used are spent, so if the session's
   * owner later presents one, reuse detection ends the session for whoever holds the new ones; and the new refresh
   * token expires when the session's newest did, so the session lasts no longer than it would have.
   */
  async continueSession(user: { id: number; uuid: string }, familyId: string): Promise<IssuedTokens> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const until = await familyExpiry(tx, familyId);
      if (!until || until <= now) throw httpError(401, 'The session has ended', 'session_revoked');
      await spendFamilyRefreshTokens(tx, familyId, now);
      return this.issue(user, familyId, tx, until);
    });
  }

  /** Ends every session of a user but `keep` (a password change ends the others; null: all of them). */
  async revokeOtherSessions(userId: number, keep: string | null, reason: string, db: Db = this.db) {
    await revokeSessions(db, userId, { keep, reason, at: this.clock.now() });
  }

  private async issue(user: { id: number; uuid: string }, familyId: string, db: Db, refreshUntil?: Date): Promise<IssuedTokens> {
    const now = this.clock.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ uid: user.id, fam: familyId, ver: TOKEN_VERSION })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.uuid)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.settings.accessTokenTtl)
      .sign(await this.key);
    const refresh = randomToken();
    const refreshExpires = refreshUntil ?? addSeconds(now, this.settings.refreshTokenTtl);
    await saveRefreshToken(db, { hash: sha256(refresh), familyId, expiresAt: refreshExpires, createdAt: now });
    return {
      token,
      expires_in: this.settings.accessTokenTtl,
      refresh_token: { token: refresh, expires_in: Math.floor((refreshExpires.getTime() - now.getTime()) / 1000) },
    };
  }

  async rotate(refreshToken: string): Promise<{ userId: number; tokens: IssuedTokens }> {
    const invalid = () => httpError(401, 'The refresh token is not valid', 'invalid_refresh_token');
    const outcome = await this.db.transaction(async (tx) => {
      const row = await lockRefreshToken(tx, sha256(refreshToken));
      if (!row || row.revoked_at || row.deactivated) throw invalid();
      const now = this.clock.now();
      // A reused token ends its family; that is committed, so it is not thrown from inside the transaction
      // (a throw there would roll the revocation back along with everything else).
      if (row.used_at) {
        await this.revokeFamily(row.family_id, 'refresh token reused', tx);
        return null;
      }
      if (new Date(row.expires_at) <= now) throw invalid();
      await markRefreshTokenUsed(tx, sha256(refreshToken), now);
      return { userId: row.user_id, tokens: await this.issue({ id: row.user_id, uuid: row.uuid }, row.family_id, tx) };
    });
    if (!outcome) throw invalid();
    return outcome;
  }

  async revokeFamily(familyId: string, reason: string, db: Db = this.db) {
    await revokeFamily(db, familyId, reason, this.clock.now());
  }

  /** Checks signature, expiry (against the server clock) and that the token's family is still live. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const claims = await this.verifySignature(token);
    if (!(await familyState(this.db, claims.familyId))?.live) throw sessionEnded();
    return claims;
  }

  /**
   * Signature and expiry alone, for a caller that checks the family's liveness in its own query (the building-scoped
   * routes, server/lib/buildings.ts: requireMember); every other caller wants verifyAccess.
   */
  async verifySignature(token: string): Promise<AccessClaims> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      // The times are checked again on every use, as jose checks them (nbf > now: not yet valid; exp <= now: expired).
      if (known.nbf !== undefined && known.nbf > now) throw httpError(401, 'The access token is not valid', 'invalid_token');
      if (known.exp !== undefined && known.exp <= now) throw httpError(401, 'The access token has expired', 'token_expired');
      return known.claims;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.key, { currentDate: this.clock.now(), algorithms: ['HS256'] }));
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw httpError(401, expired ? 'The access token has expired' : 'The access token is not valid', expired ? 'token_expired' : 'invalid_token');
    }
    const claims: AccessClaims = Object.freeze({
      userId: Number(payload.uid),
      userUuid: String(payload.sub),
      familyId: String(payload.fam ?? ''),
      version: Number(payload.ver ?? 0),
    });
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, exp: payload.exp, nbf: payload.nbf });
    return claims;
  }
}

/**
 * How many verified access tokens a server remembers. Whether a token's signature is right depends on its text and the
 * key alone, so a token seen before need not be checked again (the check cost about 60 µs a call); its times are
 * still checked on each use, and its session's liveness is always read from the database. Only tokens with a right
 * signature are kept (made by this server), the oldest dropped first; at about 0.5 KB each this is a few MB at most.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The answer for a token whose session was revoked or whose user was deactivated. */
export const sessionEnded = () => httpError(401, 'The session has ended', 'session_revoked');
