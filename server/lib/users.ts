import type { Db } from '../db/index.js';

export interface UserRow {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  avatar_url: string | null;
  default_building_uuid: string | null;
  company_uuid: string | null;
  company_name: string | null;
  locale: string;
  confirmed: boolean;
  email_accepted: boolean;
  terms_accepted: boolean;
  admin: boolean;
  hqo: boolean;
  signup_app_brand: string | null;
  deactivated: boolean;
  created_by: 'user' | 'sso' | 'scim' | 'upload' | 'acs';
  portfolio_uuid: string | null;
  /** The profile's version for optimistic concurrency: ISO 8601 in UTC, to the microsecond as stored. */
  updated_at: string;
  roles: string[];
}

/**
 * A timestamp as the API shows it: ISO 8601 in UTC to the microsecond, formatted by the database so both drivers
 * (PGlite and pg, which would round to a millisecond Date) answer the same string for the same stored value.
 */
export const isoUpdatedAt = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const selectUser = `
  SELECT u.id, u.uuid::text, u.email, u.first_name, u.last_name, u.password_hash, u.avatar_url,
         b.uuid::text AS default_building_uuid, c.uuid::text AS company_uuid, c.name AS company_name, u.locale,
         u.confirmed, u.email_accepted, u.terms_accepted, u.admin, u.hqo, u.signup_app_brand, u.deactivated,
         u.created_by, p.uuid::text AS portfolio_uuid, ${isoUpdatedAt('u.updated_at')} AS updated_at,
         COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles
    FROM users u
    LEFT JOIN buildings b ON b.id = u.default_building_id
    LEFT JOIN companies c ON c.id = u.company_id
    LEFT JOIN portfolios p ON p.id = b.portfolio_id`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailDomain = (email: string) => normalizeEmail(email).split('@')[1] ?? '';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`${selectUser} WHERE u.email = $1`, [normalizeEmail(email)]);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`${selectUser} WHERE u.id = $1`, [id]);
  return row;
}

/** The user as the API shows it: never the password hash. */
export function publicUser(row: UserRow) {
  const { password_hash: _hidden, roles, ...rest } = row;
  return { ...rest, roles: roles.map((name) => ({ name })) };
}

export async function rememberPassword(db: Db, userId: number, passwordHash: string) {
  await db.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [userId, passwordHash]);
}

/** The hashes a new password must not match: the current one and the last five before it. */
export async function recentPasswordHashes(db: Db, userId: number): Promise<string[]> {
  const rows = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM password_history WHERE user_id = $1 ORDER BY id DESC LIMIT 6',
    [userId],
  );
  return rows.map((r) => r.password_hash);
}
