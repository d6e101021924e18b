import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql } from '../db/sql.js';

/** Single sign-on: the identity providers of email domains, and the sign-in transactions that run through them. */

export type ProviderRow = {
  id: number;
  uuid: string;
  kind: 'oidc' | 'saml';
  name: string;
  issuer: string | null;
  client_id: string | null;
  client_secret: string | null;
  single_signon_service: string | null;
};

const selectProvider = raw('SELECT id, uuid::text, kind, name, issuer, client_id, client_secret, single_signon_service FROM sso_providers');

export const domainProviders = (db: Db, domain: string) =>
  rows<ProviderRow>(db, sql`${selectProvider} WHERE domain = ${domain} ORDER BY kind, name, id`);

export const findProvider = (db: Db, id: number) => firstRow<ProviderRow>(db, sql`${selectProvider} WHERE id = ${id}`);

/** Adds or updates a provider of a domain; nothing when the domain is not in this database (seeded differently). */
export async function upsertProvider(
  db: Db,
  row: {
    domain: string;
    kind: 'oidc' | 'saml';
    name: string;
    issuer: string | null;
    client_id: string | null;
    client_secret: string | null;
    single_signon_service: string | null;
  },
) {
  await rows(
    db,
    sql`INSERT INTO sso_providers (domain, kind, name, issuer, client_id, client_secret, single_signon_service)
        SELECT ${row.domain}::text, ${row.kind}::text, ${row.name}::text, ${row.issuer}::text, ${row.client_id}::text, ${row.client_secret}::text,
               ${row.single_signon_service}::text
         WHERE EXISTS (SELECT 1 FROM email_domains WHERE domain = ${row.domain}::text)
        ON CONFLICT (domain, kind, name) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
           client_secret = EXCLUDED.client_secret, single_signon_service = EXCLUDED.single_signon_service`,
  );
}

export type TransactionRow = {
  uuid: string;
  domain: string;
  email: string | null;
  provider_id: number | null;
  nonce: string | null;
  code_verifier: string | null;
  redirect_uri: string | null;
  verified_email: string | null;
  verified_first_name: string | null;
  verified_last_name: string | null;
  subject: string | null;
  created_at: Date;
  callback_at: Date | null;
  completed_at: Date | null;
};

export const findTransaction = (db: Db, uuid: string) =>
  firstRow<TransactionRow>(
    db,
    sql`SELECT uuid::text, domain, email, provider_id, nonce, code_verifier, redirect_uri, verified_email,
               verified_first_name, verified_last_name, subject, created_at, callback_at, completed_at
          FROM sso_transactions WHERE uuid = ${uuid}`,
  );

/** Deletes the transactions started before `before`. */
export async function deleteTransactionsBefore(db: Db, before: Date) {
  await rows(db, sql`DELETE FROM sso_transactions WHERE created_at < ${before}`);
}

/** A new sign-in through one provider; its uuid is the OpenID `state`. */
export async function createTransaction(
  db: Db,
  t: {
    domain: string;
    email: string | null;
    providerId: number;
    nonce: string;
    codeVerifier: string;
    redirectUri: string | undefined;
    createdAt: Date;
  },
): Promise<string> {
  const row = await firstRow<{ uuid: string }>(
    db,
    sql`INSERT INTO sso_transactions (domain, email, provider_id, nonce, code_verifier, redirect_uri, created_at)
        VALUES (${t.domain}, ${t.email}, ${t.providerId}, ${t.nonce}, ${t.codeVerifier}, ${t.redirectUri}, ${t.createdAt}) RETURNING uuid::text`,
  );
  return row!.uuid;
}

/** Marks a transaction's callback as come; false when one came already (the state is spent). */
export async function claimCallback(db: Db, uuid: string, at: Date): Promise<boolean> {
  return !!(await firstRow(db, sql`UPDATE sso_transactions SET callback_at = ${at} WHERE uuid = ${uuid} AND callback_at IS NULL RETURNING uuid`));
}

/** Keeps what the provider verified; with `completedAt`, the sign-in is also done (the user was signed in). */
export async function saveVerified(
  db: Db,
  uuid: string,
  verified: { email: string; firstName: string; lastName: string; subject: string | null; completedAt?: Date },
) {
  const completed = verified.completedAt ? sql`, completed_at = ${verified.completedAt}` : raw('');
  await rows(
    db,
    sql`UPDATE sso_transactions SET verified_email = ${verified.email}, verified_first_name = ${verified.firstName},
               verified_last_name = ${verified.lastName}, subject = ${verified.subject}${completed}
         WHERE uuid = ${uuid}`,
  );
}

/** Marks a transaction's sign-up as completed; false when it was already. */
export async function completeTransaction(db: Db, uuid: string, at: Date): Promise<boolean> {
  return !!(await firstRow(db, sql`UPDATE sso_transactions SET completed_at = ${at} WHERE uuid = ${uuid} AND completed_at IS NULL RETURNING uuid`));
}
