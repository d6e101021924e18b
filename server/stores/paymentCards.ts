import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql } from '../db/sql.js';
import { liveSession } from './sessions.js';

/** The card vault (decisions 120 to 122): stored cards without their numbers, and the card frame's one-time sessions. */

export type PaymentCardRow = {
  id: number;
  uuid: string;
  user_id: number;
  payment_token: string;
  card_brand: string;
  card_last_four: string;
  exp_month: number;
  exp_year: number;
  first_name: string;
  last_name: string;
  country: string;
  /** The person's default card: exactly one of a person's cards (the first stored, until they choose another). */
  is_default: boolean;
  created_at: string;
};

const cardColumns = raw(`id, uuid::text AS uuid, user_id, payment_token, card_brand, card_last_four, exp_month, exp_year, first_name,
  last_name, country, is_default, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`);

/** The person's stored cards, oldest first. */
export const cardsOf = (db: Db, userId: number) =>
  rows<PaymentCardRow>(db, sql`SELECT ${cardColumns} FROM payment_cards WHERE user_id = ${userId} ORDER BY created_at, id`);

/** One of the person's cards; another person's card is not found. */
export const ownCard = (db: Db, userId: number, uuid: string) =>
  firstRow<PaymentCardRow>(db, sql`SELECT ${cardColumns} FROM payment_cards WHERE user_id = ${userId} AND uuid = ${uuid}`);

export type NewCard = Omit<PaymentCardRow, 'id' | 'uuid' | 'created_at' | 'is_default'>;

/**
 * Locks the person's row for the rest of the transaction, so their card changes (store, remove, choose the default)
 * run one after the other: the card count, the duplicate check and the one default hold under concurrent calls.
 */
export async function lockCardOwner(db: Db, userId: number): Promise<void> {
  await rows(db, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

/**
 * Stores a card; the person's first card becomes their default. Undefined when the person already has this card (the
 * same brand, last four and expiry: the vault's fingerprint of a card, decision of issue item 16).
 */
export async function insertCard(db: Db, card: NewCard): Promise<PaymentCardRow | undefined> {
  return firstRow<PaymentCardRow>(
    db,
    sql`INSERT INTO payment_cards (user_id, payment_token, card_brand, card_last_four, exp_month, exp_year, first_name, last_name, country,
        is_default)
      VALUES (${card.user_id}, ${card.payment_token}, ${card.card_brand}, ${card.card_last_four}, ${card.exp_month}, ${card.exp_year},
        ${card.first_name}, ${card.last_name}, ${card.country}, NOT EXISTS (SELECT 1 FROM payment_cards WHERE user_id = ${card.user_id}))
      ON CONFLICT (user_id, card_brand, card_last_four, exp_month, exp_year) DO NOTHING
      RETURNING ${cardColumns}`,
  );
}

/**
 * Removes one of the person's cards; when it was the default, the oldest card left becomes the default. False when
 * the person has no card of this id (another person's card is not found either). Run with the owner locked.
 */
export async function deleteCard(db: Db, userId: number, uuid: string): Promise<boolean> {
  const removed = await firstRow<{ is_default: boolean }>(
    db,
    sql`DELETE FROM payment_cards WHERE user_id = ${userId} AND uuid = ${uuid} RETURNING is_default`,
  );
  if (!removed) return false;
  if (removed.is_default)
    await rows(
      db,
      sql`UPDATE payment_cards SET is_default = true
        WHERE id = (SELECT id FROM payment_cards WHERE user_id = ${userId} ORDER BY created_at, id LIMIT 1)`,
    );
  return true;
}

/** Makes one of the person's cards their default (and no other). False when the person has no card of this id. */
export async function setDefaultCard(db: Db, userId: number, uuid: string): Promise<boolean> {
  if (!(await ownCard(db, userId, uuid))) return false;
  // Two statements: the one-default index is checked row by row, so the old default goes first.
  await rows(db, sql`UPDATE payment_cards SET is_default = false WHERE user_id = ${userId} AND is_default AND uuid <> ${uuid}`);
  await rows(db, sql`UPDATE payment_cards SET is_default = true WHERE user_id = ${userId} AND uuid = ${uuid}`);
  return true;
}

export const countCards = async (db: Db, userId: number) =>
  (await firstRow<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM payment_cards WHERE user_id = ${userId}`))!.count;

export type CardSessionRow = { id: number; user_id: number; expires_at: string; used_at: string | null; failures: number; live: boolean | null };

export async function insertCardSession(
  db: Db,
  session: { userId: number; familyId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  const { userId, familyId, tokenHash, createdAt, expiresAt } = session;
  await rows(
    db,
    sql`INSERT INTO payment_card_sessions (token_hash, user_id, family_id, created_at, expires_at)
      VALUES (${tokenHash}, ${userId}, ${familyId}, ${createdAt}, ${expiresAt})`,
  );
}

/**
 * The session of a token's hash, locked for the rest of the transaction (two posts of one session run one after the
 * other), and whether the sign-in that opened it is still live (liveSession: not signed out, not revoked, the account
 * not deactivated).
 */
export const lockCardSession = (db: Db, tokenHash: string) =>
  firstRow<CardSessionRow>(
    db,
    sql`SELECT s.id, s.user_id, s.expires_at::text AS expires_at, s.used_at::text AS used_at, s.failures, ${liveSession} AS live
      FROM payment_card_sessions s LEFT JOIN token_families f ON f.id = s.family_id LEFT JOIN users u ON u.id = f.user_id
      WHERE s.token_hash = ${tokenHash} FOR UPDATE OF s`,
  );

export async function spendCardSession(db: Db, id: number, at: Date): Promise<void> {
  await rows(db, sql`UPDATE payment_card_sessions SET used_at = ${at} WHERE id = ${id}`);
}

export async function countSessionFailure(db: Db, id: number): Promise<number> {
  const row = await firstRow<{ failures: number }>(
    db,
    sql`UPDATE payment_card_sessions SET failures = failures + 1 WHERE id = ${id} RETURNING failures`,
  );
  return row?.failures ?? 0;
}

/** Sessions the person opened since `since` (a ceiling on how many one account may ask for). */
export const sessionsSince = async (db: Db, userId: number, since: Date) =>
  (await firstRow<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM payment_card_sessions WHERE user_id = ${userId} AND created_at > ${since}`,
  ))!.count;

/** Forgets sessions that ended a day ago or more. */
export async function pruneCardSessions(db: Db, before: Date): Promise<void> {
  await rows(db, sql`DELETE FROM payment_card_sessions WHERE expires_at < ${before}`);
}
