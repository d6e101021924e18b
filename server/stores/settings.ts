import type { Db } from '../db/index.js';
import { firstRow, sql } from '../db/sql.js';

/**
 * A value kept in the settings table (a secret, a key), created on first use: the first process to store one wins,
 * and every process reads that one.
 */
export async function storedSetting(db: Db, key: string, create: () => string | Promise<string>): Promise<string> {
  const existing = await firstRow<{ value: string }>(db, sql`SELECT value FROM settings WHERE key = ${key}`);
  if (existing) return existing.value;
  await firstRow(db, sql`INSERT INTO settings (key, value) VALUES (${key}, ${await create()}) ON CONFLICT (key) DO NOTHING`);
  const row = await firstRow<{ value: string }>(db, sql`SELECT value FROM settings WHERE key = ${key}`);
  return row!.value;
}
