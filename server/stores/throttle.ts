import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';

/** Guessing counts per kind and subject (table auth_throttle). */

export type ThrottleRow = {
  failures: number;
  last_at: Date;
  locked_until: Date | null;
};

/** Deletes the rows with no try since `before` and no lock after `now`; answers how many went. */
export async function pruneThrottle(db: Db, before: Date, now: Date): Promise<number> {
  const deleted = await rows(
    db,
    sql`DELETE FROM auth_throttle WHERE last_at < ${before} AND (locked_until IS NULL OR locked_until < ${now}) RETURNING kind`,
  );
  return deleted.length;
}

/** The count of a subject, made at zero when it has none, and locked until the transaction ends. */
export async function lockThrottle(tx: Db, kind: string, subject: string, now: Date): Promise<ThrottleRow> {
  await rows(
    tx,
    sql`INSERT INTO auth_throttle (kind, subject, failures, last_at) VALUES (${kind}, ${subject}, 0, ${now}) ON CONFLICT (kind, subject) DO NOTHING`,
  );
  const row = await firstRow<ThrottleRow>(
    tx,
    sql`SELECT failures, last_at, locked_until FROM auth_throttle WHERE kind = ${kind} AND subject = ${subject} FOR UPDATE`,
  );
  return row!;
}

export async function saveThrottle(tx: Db, kind: string, subject: string, count: { failures: number; lastAt: Date; lockedUntil: Date | null }) {
  await rows(
    tx,
    sql`UPDATE auth_throttle SET failures = ${count.failures}, last_at = ${count.lastAt}, locked_until = ${count.lockedUntil}
         WHERE kind = ${kind} AND subject = ${subject}`,
  );
}

export async function clearThrottle(db: Db, kind: string, subject: string) {
  await rows(db, sql`DELETE FROM auth_throttle WHERE kind = ${kind} AND subject = ${subject}`);
}
