import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql } from '../db/sql.js';

export type UserRow = {
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
};

/**
 * A timestamp as the API shows it: ISO 8601 in UTC to the microsecond, formatted by the database so both drivers
 * (PGlite and pg, which would round to a millisecond Date) answer the same string for the same stored value.
 */
const isoUpdatedAt = (column: string) => raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const selectUser = sql`
  SELECT u.id, u.uuid::text, u.email, u.first_name, u.last_name, u.password_hash, u.avatar_url,
         b.uuid::text AS default_building_uuid, c.uuid::text AS company_uuid, c.name AS company_name, u.locale,
         u.confirmed, u.email_accepted, u.terms_accepted, u.admin, u.hqo, u.signup_app_brand, u.deactivated,
         u.created_by, p.uuid::text AS portfolio_uuid, ${isoUpdatedAt('u.updated_at')} AS updated_at,
         COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles
    FROM users u
    LEFT JOIN buildings b ON b.id = u.default_building_id
    LEFT JOIN companies c ON c.id = u.company_id
    LEFT JOIN portfolios p ON p.id = b.portfolio_id`;

/** The account of an address as stored (lower case, trimmed: normalizeEmail). */
export const findUserByEmail = (db: Db, email: string) => firstRow<UserRow>(db, sql`${selectUser} WHERE u.email = ${email}`);

export const findUserById = (db: Db, id: number) => firstRow<UserRow>(db, sql`${selectUser} WHERE u.id = ${id}`);

/** An account for a sign-up: no names and no password until its code is entered. */
export async function createSignupUser(db: Db, user: { email: string; companyId: number | null; userTypeId: number }) {
  const row = await firstRow<{ id: number; email: string }>(
    db,
    sql`INSERT INTO users (email, company_id, user_type_id, created_by) VALUES (${user.email}, ${user.companyId}, ${user.userTypeId}, 'user')
        RETURNING id, email`,
  );
  return row!;
}

/** A confirmed account made by single sign-on, with no password. */
export async function createSsoUser(
  db: Db,
  user: { email: string; firstName: string; lastName: string; buildingId: number | null; companyId: number | null; emailAccepted: boolean },
): Promise<number> {
  const row = await firstRow<{ id: number }>(
    db,
    sql`INSERT INTO users (email, first_name, last_name, default_building_id, company_id, confirmed, terms_accepted, email_accepted, created_by)
        VALUES (${user.email}, ${user.firstName}, ${user.lastName}, ${user.buildingId}, ${user.companyId}, true, true, ${user.emailAccepted}, 'sso')
        RETURNING id`,
  );
  return row!.id;
}

/** A profile edit: null leaves a field as it is; `default_building_id` undefined too (null clears it). */
export type ProfileChanges = {
  first_name: string | null;
  last_name: string | null;
  default_building_id?: number | null;
  terms_accepted: boolean | null;
  email_accepted: boolean | null;
};

/**
 * Writes a profile edit when the profile is still at `version` (any version when null); false when it is not. The
 * version check and the write are one statement, so two saves from the same version cannot both win. A write that
 * changes nothing keeps the version: it cannot conflict with anyone.
 */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges, version: string | null): Promise<boolean> {
  const firstName = sql`COALESCE(${changes.first_name}, first_name)`;
  const lastName = sql`COALESCE(${changes.last_name}, last_name)`;
  const building = sql`CASE WHEN ${changes.default_building_id !== undefined}::boolean THEN ${changes.default_building_id ?? null}::integer ELSE default_building_id END`;
  const terms = sql`COALESCE(${changes.terms_accepted}, terms_accepted)`;
  const consent = sql`COALESCE(${changes.email_accepted}, email_accepted)`;
  const written = await rows(
    db,
    sql`UPDATE users SET
          first_name = ${firstName}, last_name = ${lastName}, default_building_id = ${building},
          terms_accepted = ${terms}, email_accepted = ${consent},
          updated_at = CASE
            WHEN (${firstName}, ${lastName}, ${building}, ${terms}, ${consent})
                 IS DISTINCT FROM (first_name, last_name, default_building_id, terms_accepted, email_accepted)
            THEN now() ELSE updated_at END
        WHERE id = ${userId} AND (${version}::text IS NULL OR ${isoUpdatedAt('updated_at')} = ${version}::text)
        RETURNING id`,
  );
  return written.length > 0;
}

/**
 * A new password of a signed-in user. updated_at versions the profile (names, default building, consents): a new
 * password is not a profile edit, so a profile form open beside the password tab can still save.
 */
export async function setPassword(db: Db, userId: number, passwordHash: string) {
  await rows(db, sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${userId}`);
}

/** A password set with a reset code, which also proves the mailbox. */
export async function resetPassword(db: Db, userId: number, passwordHash: string) {
  await rows(db, sql`UPDATE users SET password_hash = ${passwordHash}, confirmed = true, updated_at = now() WHERE id = ${userId}`);
}

/** What a finished sign-up writes to its account; null leaves a field as it is, except the password. */
export type SignupDetails = {
  first_name: string | null;
  last_name: string | null;
  building_id: number | null;
  email_accepted: boolean | null;
  user_type_id: number | null;
};

/** Confirms an account: the terms accepted, the sign-up's details, and the password (null: none, as through SSO). */
export async function confirmAccount(db: Db, userId: number, passwordHash: string | null, details: SignupDetails) {
  await rows(
    db,
    sql`UPDATE users SET password_hash = ${passwordHash}, confirmed = true, terms_accepted = true, updated_at = now(),
               first_name = COALESCE(${details.first_name}, first_name), last_name = COALESCE(${details.last_name}, last_name),
               default_building_id = COALESCE(${details.building_id}, default_building_id),
               email_accepted = COALESCE(${details.email_accepted}, email_accepted),
               user_type_id = COALESCE(${details.user_type_id}, user_type_id)
         WHERE id = ${userId}`,
  );
}

export async function setTokenVersion(db: Db, userId: number, version: number) {
  await rows(db, sql`UPDATE users SET token_version = ${version} WHERE id = ${userId}`);
}

export async function rememberPassword(db: Db, userId: number, passwordHash: string) {
  await rows(db, sql`INSERT INTO password_history (user_id, password_hash) VALUES (${userId}, ${passwordHash})`);
}

/** The hashes a new password must not match: the current one and the last five before it. */
export async function recentPasswordHashes(db: Db, userId: number): Promise<string[]> {
  const found = await rows<{ password_hash: string }>(
    db,
    sql`SELECT password_hash FROM password_history WHERE user_id = ${userId} ORDER BY id DESC LIMIT 6`,
  );
  return found.map((r) => r.password_hash);
}

/** The user's permissions on buildings, by building uuid; empty lists filter nothing. */
export function userPermissions(db: Db, userId: number, buildingUuids: string[], permissions: string[]) {
  return rows<{ uuid: string; permission: string }>(
    db,
    sql`SELECT b.uuid::text, p.permission FROM user_permissions p JOIN buildings b ON b.id = p.building_id
         WHERE p.user_id = ${userId} AND (cardinality(${buildingUuids}::text[]) = 0 OR b.uuid::text = ANY(${buildingUuids}))
           AND (cardinality(${permissions}::text[]) = 0 OR p.permission = ANY(${permissions})) ORDER BY p.permission`,
  );
}
