import type { Db } from '../db/index.js';
import { firstRow, preparedFirstRow, rows, sql } from '../db/sql.js';
import { uuidOrNull } from './uuid.js';

/** Sessions: token families (one per sign-in), their refresh tokens (stored hashed), and one-time admin tokens. */

export async function createFamily(db: Db, userId: number, at: Date): Promise<string> {
  const row = await firstRow<{ id: string }>(db, sql`INSERT INTO token_families (user_id, created_at) VALUES (${userId}, ${at}) RETURNING id`);
  return row!.id;
}

/**
 * The rule of a live session, for a statement that joins its family as `f` (LEFT JOIN: none is not live) and the
 * family's user as `u`: not revoked, and the user not deactivated. familyState and the building-scoped check
 * (stores/buildings.ts: sessionMember) both read it.
 */
export const liveSession = sql`(f.id IS NOT NULL AND f.revoked_at IS NULL AND NOT u.deactivated)`;

/** Whether a session (token family) is live; every signed-in call asks, so it is a prepared statement. */
export const familyState = (db: Db, familyId: string) =>
  preparedFirstRow<{ live: boolean }>(
    db,
    sql`SELECT ${liveSession} AS live FROM (SELECT 1) AS one
          LEFT JOIN token_families f ON f.id = ${uuidOrNull(familyId)}::uuid LEFT JOIN users u ON u.id = f.user_id`,
  );

/** When the newest refresh token of a live family expires; null when the family is revoked or has none. */
export async function familyExpiry(db: Db, familyId: string): Promise<Date | null> {
  const row = await firstRow<{ expires_at: Date | null }>(
    db,
    sql`SELECT max(r.expires_at) AS expires_at FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id
         WHERE r.family_id = ${familyId} AND f.revoked_at IS NULL`,
  );
  return row?.expires_at ? new Date(row.expires_at) : null;
}

export async function revokeFamily(db: Db, familyId: string, reason: string, at: Date) {
  await rows(db, sql`UPDATE token_families SET revoked_at = ${at}, revoked_reason = ${reason} WHERE id = ${familyId} AND revoked_at IS NULL`);
}

/** Ends every live session of a user, but `keep` when given. */
export async function revokeSessions(db: Db, userId: number, options: { keep?: string | null; reason: string; at: Date }) {
  const keep = options.keep ?? null;
  await rows(
    db,
    sql`UPDATE token_families SET revoked_at = ${options.at}, revoked_reason = ${options.reason}
         WHERE user_id = ${userId} AND revoked_at IS NULL AND (${keep}::uuid IS NULL OR id <> ${keep}::uuid)`,
  );
}

export async function saveRefreshToken(db: Db, token: { hash: string; familyId: string; expiresAt: Date; createdAt: Date }) {
  await rows(
    db,
    sql`INSERT INTO refresh_tokens (token_hash, family_id, expires_at, created_at)
        VALUES (${token.hash}, ${token.familyId}, ${token.expiresAt}, ${token.createdAt})`,
  );
}

export type RefreshTokenRow = {
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  user_id: number;
  uuid: string;
  deactivated: boolean;
};

/** A refresh token with its family and user, locked until the transaction ends (one rotation at a time). */
export const lockRefreshToken = (tx: Db, hash: string) =>
  firstRow<RefreshTokenRow>(
    tx,
    sql`SELECT r.family_id, r.expires_at, r.used_at, f.revoked_at, f.user_id, u.uuid, u.deactivated
          FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id JOIN users u ON u.id = f.user_id
         WHERE r.token_hash = ${hash} FOR UPDATE OF r`,
  );

export async function markRefreshTokenUsed(db: Db, hash: string, at: Date) {
  await rows(db, sql`UPDATE refresh_tokens SET used_at = ${at} WHERE token_hash = ${hash}`);
}

/** Spends every refresh token of a family not used yet. */
export async function spendFamilyRefreshTokens(db: Db, familyId: string, at: Date) {
  await rows(db, sql`UPDATE refresh_tokens SET used_at = ${at} WHERE family_id = ${familyId} AND used_at IS NULL`);
}

export async function saveOneTimeToken(db: Db, token: { hash: string; userId: number; expiresAt: Date }) {
  await rows(db, sql`INSERT INTO one_time_tokens (token_hash, user_id, expires_at) VALUES (${token.hash}, ${token.userId}, ${token.expiresAt})`);
}
