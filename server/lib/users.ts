import type { Db } from '../db/index.js';
import { httpError } from './errors.js';
import { findUserById, type UserRow } from '../stores/users.js';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailDomain = (email: string) => normalizeEmail(email).split('@')[1] ?? '';

/** The user as the API shows it: never the password hash. */
export function publicUser(row: UserRow) {
  const { password_hash: _hidden, roles, ...rest } = row;
  return { ...rest, roles: roles.map((name) => ({ name })) };
}

/** The account behind a valid access token, which must still be usable: 401 session_revoked otherwise. */
export async function sessionUser(db: Db, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user || user.deactivated) throw httpError(401, 'The session has ended', 'session_revoked');
  return user;
}
