import type { Db } from '../db/index.js';
import { httpError } from './errors.js';
import { domainBuildings, findEmailDomain, takeSignupRequest, type EmailDomain } from '../stores/signup.js';
import { addBuildingMember } from '../stores/buildings.js';
import { revokeSessions } from '../stores/sessions.js';
import { confirmAccount, rememberPassword, type SignupDetails, type UserRow } from '../stores/users.js';

export const COMPANY_EMAIL_NOT_FOUND = 'Company Email Not Found';
export const SSO_REQUIRED_MESSAGE = 'Your company signs in with single sign-on. Please use your company sign-in.';
export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists';

/** The domain of an address, which must be one the app knows: 403 otherwise. */
export async function requireEmailDomain(db: Db, domain: string): Promise<EmailDomain> {
  const known = await findEmailDomain(db, domain);
  if (!known) throw httpError(403, COMPANY_EMAIL_NOT_FOUND, 'domain_not_found');
  return known;
}

/**
 * The form rules of every sign-up (with a password or through SSO): names of two characters once trimmed (the
 * schema counts the spaces they are trimmed of) and the terms accepted. Answers the trimmed names.
 */
export function checkSignupForm(form: { first_name: string; last_name: string; is_term_accepted: boolean }) {
  const firstName = form.first_name.trim();
  const lastName = form.last_name.trim();
  if (firstName.length < 2 || lastName.length < 2) throw httpError(400, 'First and last name need at least two characters', 'invalid_name');
  if (form.is_term_accepted !== true) throw httpError(400, 'The terms must be accepted to sign up', 'terms_required');
  return { firstName, lastName };
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
  const buildings = await domainBuildings(db, domain);
  if (chosen) {
    const match = buildings.find((b) => b.uuid === chosen.toLowerCase());
    if (!match) throw httpError(400, 'The building is not available for this email domain', 'building_not_allowed');
    return match.id;
  }
  if (buildings.length === 1) return buildings[0]!.id;
  if (hasAccount) return null;
  throw httpError(400, 'Please choose a building', 'building_required');
}

/**
 * Finishes a sign-up once the mailbox is proven, by its code or by single sign-on: the account is confirmed with the
 * terms accepted, the sign-up's names, building and consent (those of its stored request, or `details` given at the
 * SSO sign-up), and the password given by whoever proved the mailbox (null through single sign-on). Whatever password
 * the account had before is dropped, and so is every session it had: neither was necessarily the owner's.
 */
export async function completeSignup(
  tx: Db,
  userId: number,
  proof: { passwordHash: string | null; now: Date; reason: string; details?: SignupDetails },
): Promise<void> {
  const request = await takeSignupRequest(tx, userId);
  const details = proof.details ?? request ?? { first_name: null, last_name: null, building_id: null, email_accepted: null, user_type_id: null };
  await confirmAccount(tx, userId, proof.passwordHash, details);
  if (details.building_id) await addBuildingMember(tx, userId, details.building_id);
  if (proof.passwordHash) await rememberPassword(tx, userId, proof.passwordHash);
  await revokeSessions(tx, userId, { reason: proof.reason, at: proof.now });
}
