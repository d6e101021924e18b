import { timingSafeEqual, createHash } from 'node:crypto';

/**
 * The local identity provider's own accounts (development only). They are not the app's users: signing in here
 * proves an email address to the app, which then signs its own user in or starts an SSO sign-up.
 */
export interface IdpAccount {
  /** Stable subject identifier, the `sub` claim. */
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

/** Password of every demo identity-provider account. */
export const IDP_PASSWORD = 'Sso!2026';

export const idpAccounts: readonly IdpAccount[] = [
  // Has an app account created by SSO: signs straight in.
  { sub: 'idp-sam-single', email: 'sam.sso@initech.example', given_name: 'Sam', family_name: 'Single' },
  // No app account: SSO sign-up on the SSO-required domain.
  { sub: 'idp-nia-newcomer', email: 'new.sso@initech.example', given_name: 'Nia', family_name: 'Newcomer' },
  // Has a password account on the SSO-optional domain.
  { sub: 'idp-olivia-optional', email: 'olivia@umbrella.example', given_name: 'Olivia', family_name: 'Optional' },
  // App account provisioned by SCIM, terms not accepted yet: claimed through the provider.
  { sub: 'idp-scout-scim', email: 'scim.user@initech.example', given_name: 'Scout', family_name: 'Scim' },
  // App accounts pre-created by upload, terms not accepted yet.
  { sub: 'idp-casey-required', email: 'csv.sso@initech.example', given_name: 'Casey', family_name: 'Required' },
  { sub: 'idp-chris-optional', email: 'csv.optional@umbrella.example', given_name: 'Chris', family_name: 'Optional' },
];

export function findIdpAccount(sub: string): IdpAccount | undefined {
  return idpAccounts.find((a) => a.sub === sub);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The account for an email and password, or undefined; compares the password in constant time. */
export function checkIdpLogin(email: string, password: string): IdpAccount | undefined {
  const account = idpAccounts.find((a) => a.email === email.trim().toLowerCase());
  const ok = timingSafeEqual(digest(password), digest(IDP_PASSWORD));
  return account && ok ? account : undefined;
}

/** The claims the provider releases for an account (scopes openid, email, profile). */
export function idpClaims(account: IdpAccount) {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    given_name: account.given_name,
    family_name: account.family_name,
  };
}
