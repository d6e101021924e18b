import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';
import type { SignupDetails } from './users.js';

export type SsoMode = 'none' | 'required' | 'optional';

/** An email domain the app knows: how it signs in, the company its accounts belong to, how many buildings it has. */
export type EmailDomain = {
  domain: string;
  sso_mode: SsoMode;
  company_id: number | null;
  building_count: number;
};

export const findEmailDomain = (db: Db, domain: string) =>
  firstRow<EmailDomain>(
    db,
    sql`SELECT d.domain, d.sso_mode, d.company_id, (SELECT count(*)::int FROM domain_buildings db WHERE db.domain = d.domain) AS building_count
          FROM email_domains d WHERE d.domain = ${domain}`,
  );

/** The buildings of an email domain, in the order they were made. */
export const domainBuildings = (db: Db, domain: string) =>
  rows<{ id: number; uuid: string }>(
    db,
    sql`SELECT b.id, b.uuid::text FROM domain_buildings d JOIN buildings b ON b.id = d.building_id WHERE d.domain = ${domain} ORDER BY b.id`,
  );

/** What a sign-up asked for, kept until its code is entered. */
export type SignupRequest = {
  first_name: string;
  last_name: string;
  building_id: number | null;
  email_accepted: boolean;
  user_type_id: number;
};

/** Keeps a sign-up's request; a newer sign-up for the same address replaces it. */
export async function saveSignupRequest(db: Db, userId: number, request: SignupRequest, now: Date) {
  await rows(
    db,
    sql`INSERT INTO signup_requests (user_id, first_name, last_name, building_id, email_accepted, user_type_id, created_at)
        VALUES (${userId}, ${request.first_name}, ${request.last_name}, ${request.building_id}, ${request.email_accepted}, ${request.user_type_id}, ${now})
        ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, building_id = EXCLUDED.building_id,
          email_accepted = EXCLUDED.email_accepted, user_type_id = EXCLUDED.user_type_id, created_at = EXCLUDED.created_at`,
  );
}

export async function hasSignupRequest(db: Db, userId: number): Promise<boolean> {
  return !!(await firstRow(db, sql`SELECT 1 FROM signup_requests WHERE user_id = ${userId}`));
}

/** Removes a user's sign-up request and answers what it asked for (nothing when there was none). */
export async function takeSignupRequest(db: Db, userId: number): Promise<SignupDetails | undefined> {
  return firstRow<SignupRequest>(
    db,
    sql`DELETE FROM signup_requests WHERE user_id = ${userId} RETURNING first_name, last_name, building_id, email_accepted, user_type_id`,
  );
}
