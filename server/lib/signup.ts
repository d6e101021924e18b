import type { Db } from '../db/index.js';
import { httpError } from './errors.js';
import type { UserRow } from './users.js';

export const COMPANY_EMAIL_NOT_FOUND = 'Company Email Not Found';
export const SSO_REQUIRED_MESSAGE = 'Your company signs in with single sign-on. Please use your company sign-in.';
export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists';

export type SsoMode = 'none' | 'required' | 'optional';

export interface EmailDomain {
  domain: string;
  sso_mode: SsoMode;
  company_id: number | null;
  building_count: number;
}

export async function findEmailDomain(db: Db, domain: string): Promise<EmailDomain | undefined> {
  const [row] = await db.query<EmailDomain>(
    `SELECT d.domain, d.sso_mode, d.company_id, (SELECT count(*)::int FROM domain_buildings db WHERE db.domain = d.domain) AS building_count
       FROM email_domains d WHERE d.domain = $1`,
    [domain],
  );
  return row;
}

export async function requireEmailDomain(db: Db, domain: string): Promise<EmailDomain> {
  const known = await findEmailDomain(db, domain);
  if (!known) throw httpError(403, COMPANY_EMAIL_NOT_FOUND, 'domain_not_found');
  return known;
}

/** Accounts made for a person before they came, which they claim at sign-up (SCIM, a CSV upload, an admin). */
const PRECREATED = new Set(['scim', 'upload', 'acs']);

/** Usable: the mailbox was proven and the terms accepted. Anything else is a sign-up that has not finished. */
export const isEstablished = (user: Pick<UserRow, 'confirmed' | 'terms_accepted'>) => user.confirmed && user.terms_accepted;

/**
 * What the anonymous email check may say of an address: only what the sign-in flow needs to choose its next step
 * (access document sections 2 and 4), in the same shape whether an account exists or not. No names. A deactivated
 * account reads as an established one (its message comes only with the right password); a sign-up somebody started
 * but nobody confirmed reads as no account at all; `created_by` is named only for an account made for the person
 * beforehand, which the flow needs to pick its sign-up type.
 */
export function emailRecord(email: string, user: UserRow | undefined, domain: EmailDomain) {
  const established = !!user && isEstablished(user);
  const precreated = !!user && !established && PRECREATED.has(user.created_by);
  return {
    email,
    terms_accepted: established,
    confirmed: established,
    deactivated: false,
    created_by: precreated ? user!.created_by : null,
    sso_mode: domain.sso_mode,
    building_count: domain.building_count,
  };
}

/**
 * The building a sign-up lands in: the chosen one, which must be one of the email domain's; else the domain's only
 * building; an account made beforehand keeps its own; otherwise the person must choose.
 */
export async function signupBuilding(db: Db, domain: string, chosen: string | null | undefined, hasAccount: boolean): Promise<number | null> {
  const buildings = await db.query<{ id: number; uuid: string }>(
    'SELECT b.id, b.uuid::text FROM domain_buildings d JOIN buildings b ON b.id = d.building_id WHERE d.domain = $1 ORDER BY b.id',
    [domain],
  );
  if (chosen) {
    const match = buildings.find((b) => b.uuid === chosen.toLowerCase());
    if (!match) throw httpError(400, 'The building is not available for this email domain', 'building_not_allowed');
    return match.id;
  }
  if (buildings.length === 1) return buildings[0]!.id;
  if (hasAccount) return null;
  throw httpError(400, 'Please choose a building', 'building_required');
}

export interface SignupRequest {
  first_name: string;
  last_name: string;
  building_id: number | null;
  email_accepted: boolean;
  user_type_id: number;
}

/** Keeps what a sign-up asked for until its code is entered; a newer sign-up for the same address replaces it. */
export async function saveSignupRequest(db: Db, userId: number, request: SignupRequest, now: Date) {
  await db.query(
    `INSERT INTO signup_requests (user_id, first_name, last_name, building_id, email_accepted, user_type_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, building_id = EXCLUDED.building_id,
       email_accepted = EXCLUDED.email_accepted, user_type_id = EXCLUDED.user_type_id, created_at = EXCLUDED.created_at`,
    [userId, request.first_name, request.last_name, request.building_id, request.email_accepted, request.user_type_id, now],
  );
}

export async function hasSignupRequest(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM signup_requests WHERE user_id = $1', [userId]);
  return !!row;
}

/**
 * Finishes a sign-up once the mailbox is proven: the request's names, building and consent, the password given by
 * whoever proved it (null through single sign-on), the terms accepted and the account confirmed. Whatever password
 * the account had before is dropped, and so is every session it had.
 */
export async function completeSignup(tx: Db, userId: number, passwordHash: string | null, now: Date): Promise<void> {
  const [request] = await tx.query<SignupRequest>(
    'DELETE FROM signup_requests WHERE user_id = $1 RETURNING first_name, last_name, building_id, email_accepted, user_type_id',
    [userId],
  );
  await tx.query(
    `UPDATE users SET password_hash = $2, confirmed = true, terms_accepted = true, updated_at = now(),
            first_name = COALESCE($3, first_name), last_name = COALESCE($4, last_name),
            default_building_id = COALESCE($5, default_building_id), email_accepted = COALESCE($6, email_accepted),
            user_type_id = COALESCE($7, user_type_id)
      WHERE id = $1`,
    [userId, passwordHash, request?.first_name ?? null, request?.last_name ?? null, request?.building_id ?? null, request?.email_accepted ?? null, request?.user_type_id ?? null],
  );
  if (request?.building_id) {
    await tx.query('INSERT INTO user_buildings (user_id, building_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, request.building_id]);
  }
  if (passwordHash) await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [userId, passwordHash]);
  await tx.query(`UPDATE token_families SET revoked_at = $2, revoked_reason = 'sign-up completed' WHERE user_id = $1 AND revoked_at IS NULL`, [userId, now]);
}
