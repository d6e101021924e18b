import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';

/** Four-digit codes (sign-up and password reset), stored hashed. */

export type CodePurpose = 'signup' | 'reset';

/** Ends the live codes of a user and purpose, so only the next one works. */
export async function replaceLiveCodes(db: Db, userId: number, purpose: CodePurpose, at: Date) {
  await rows(
    db,
    sql`UPDATE verification_codes SET replaced_at = ${at}
         WHERE user_id = ${userId} AND purpose = ${purpose} AND consumed_at IS NULL AND replaced_at IS NULL`,
  );
}

export async function saveCode(db: Db, code: { userId: number; purpose: CodePurpose; hash: string; expiresAt: Date; createdAt: Date }) {
  await rows(
    db,
    sql`INSERT INTO verification_codes (user_id, purpose, code_hash, expires_at, created_at)
        VALUES (${code.userId}, ${code.purpose}, ${code.hash}, ${code.expiresAt}, ${code.createdAt})`,
  );
}

/** The newest code of a user and purpose that was neither consumed nor replaced. */
export const liveCode = (db: Db, userId: number, purpose: CodePurpose) =>
  firstRow<{ id: number; code_hash: string; expires_at: Date; attempts: number }>(
    db,
    sql`SELECT id, code_hash, expires_at, attempts FROM verification_codes
         WHERE user_id = ${userId} AND purpose = ${purpose} AND consumed_at IS NULL AND replaced_at IS NULL
         ORDER BY id DESC LIMIT 1`,
  );

/** Counts a wrong try at a code; answers the tries so far. */
export async function countWrongTry(db: Db, codeId: number): Promise<number> {
  const row = await firstRow<{ attempts: number }>(
    db,
    sql`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ${codeId} RETURNING attempts`,
  );
  return row!.attempts;
}

export async function markCodeConsumed(db: Db, codeId: number, at: Date) {
  await rows(db, sql`UPDATE verification_codes SET consumed_at = ${at} WHERE id = ${codeId}`);
}
