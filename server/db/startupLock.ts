import type { Db } from './index.js';

/** Any number, the same in every instance: the key of the advisory lock that start-up takes. */
const STARTUP_LOCK = 2_702_027;

/**
 * Runs `work` (migrations and the demo seed) while holding a Postgres advisory lock, so instances that start at once on
 * one database take turns: the first migrates and seeds, the next find nothing left to do (without it two would both
 * apply a migration, and one would fail on the other's table). The lock is a transaction's, held by one pooled
 * connection while `work` runs on others, and let go by the commit, or by Postgres if the instance dies. PGlite has one
 * process by construction (its data folder is locked), so it runs `work` alone.
 */
export async function startupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    return work();
  });
}
