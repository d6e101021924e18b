import type { Api } from '../lib/typedRoutes.js';
import { emailField } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { sensitive } from '../lib/sensitive.js';
import { randomToken } from '../lib/random.js';
import { addSeconds } from '../lib/clock.js';
import { emailDomain, normalizeEmail, publicUser } from '../lib/users.js';
import { OidcRelyingParty } from '../oidc/client.js';
import { checkSignupForm, completeSignup, COMPANY_EMAIL_NOT_FOUND, signupBuilding } from '../lib/signup.js';
import { isBrandHost } from '../stores/brands.js';
import { addBuildingMember } from '../stores/buildings.js';
import { findEmailDomain } from '../stores/signup.js';
import {
  claimCallback,
  completeTransaction,
  createTransaction,
  deleteTransactionsBefore,
  domainProviders,
  findProvider,
  findTransaction,
  saveVerified,
} from '../stores/sso.js';
import { createSsoUser, findUserByEmail, findUserById } from '../stores/users.js';

/** Scopes the app asks every OpenID provider for. */
export const SSO_SCOPE = 'openid email profile';
/** Seconds between the provider list (the start of a sign-in) and its callback. */
export const SSO_CALLBACK_WINDOW = 10 * 60;
/** Seconds between a verified callback and the sign-up it allows. */
export const SSO_SIGNUP_WINDOW = 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Schemas of these routes (the shared ones are referenced by $id).
const err = { $ref: 'Error#' } as const;
const ssoErrors = { 400: err, 401: err, 403: err, 404: err, 409: err, 429: err, 502: err };
const nameField = { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S' } as const;
const nstr = { type: ['string', 'null'] } as const;

const oidcProviderSchema = {
  type: 'object',
  required: ['uuid', 'name', 'issuer', 'authorization_url'],
  properties: { uuid: { type: 'string' }, name: { type: 'string' }, issuer: { type: 'string' }, authorization_url: { type: 'string' } },
} as const;
const samlProviderSchema = {
  type: 'object',
  required: ['uuid', 'name', 'single_signon_service'],
  properties: { uuid: { type: 'string' }, name: { type: 'string' }, single_signon_service: nstr },
} as const;
const providersResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['sso_required', 'oidc_providers', 'saml_providers', 'transaction_uuid'],
      properties: {
        sso_required: { type: 'boolean' },
        oidc_providers: { type: 'array', items: oidcProviderSchema },
        saml_providers: { type: 'array', items: samlProviderSchema },
        transaction_uuid: { ...nstr, description: 'State of the first OIDC provider’s sign-in; null when the domain has no OIDC provider.' },
      },
    },
  },
} as const;
const signupUserSchema = {
  type: 'object',
  required: ['email', 'first_name', 'last_name', 'created_by'],
  properties: {
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    created_by: {
      type: ['string', 'null'],
      enum: ['user', 'sso', 'scim', 'upload', 'acs', null],
      description: 'Who created the existing account; null when there is none',
    },
  },
} as const;
const callbackResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      description:
        "'authenticated': the user is signed in (LoginResponse fields). 'signup': the email is verified; finish with POST /sso/v2/authenticate.",
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'string', enum: ['authenticated', 'signup'] },
        user: {
          description: 'The signed-in User when authenticated; the sign-up prefill when status is signup.',
          anyOf: [{ $ref: 'User#' }, signupUserSchema],
        },
        token: { type: 'string' },
        expires_in: { type: 'integer' },
        refresh_token: {
          type: 'object',
          required: ['token', 'expires_in'],
          properties: { token: { type: 'string' }, expires_in: { type: 'integer' } },
        },
        transaction_uuid: { type: 'string' },
      },
    },
  },
} as const;

const trimName = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');

/** Single sign-on: the providers of an email domain, the OpenID Connect callback and the SSO sign-up. */
export async function ssoRoutes(app: Api) {
  const { db, clock, tokens } = app.deps;
  const rp = new OidcRelyingParty();

  /** The redirect URI must be this app's own login page: http(s) on one of the brand hosts (any port). */
  const checkRedirectUri = async (value: string): Promise<string> => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw httpError(400, 'redirect_uri must be an absolute http(s) URL', 'invalid_redirect_uri');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.hash) {
      throw httpError(400, 'redirect_uri must be an absolute http(s) URL without credentials or fragment', 'invalid_redirect_uri');
    }
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    if (!(await isBrandHost(db, host))) throw httpError(400, `redirect_uri host ${host} is not a host of this app`, 'invalid_redirect_uri');
    return url.toString();
  };

  app.get(
    '/sso/v1/providers/:source',
    {
      config: sensitive(app),
      schema: {
        tags: ['sso'],
        summary: 'Single sign-on providers of an email or domain; starts an OpenID Connect sign-in for each OIDC provider',
        params: {
          type: 'object',
          required: ['source'],
          properties: { source: { type: 'string', minLength: 1, maxLength: 254, description: 'An email address or an email domain' } },
        },
        querystring: {
          type: 'object',
          properties: {
            source: { type: 'string', maxLength: 50, description: 'The calling client, e.g. tenantweb' },
            redirect_uri: {
              type: 'string',
              maxLength: 2000,
              description: 'The app page the provider sends the user back to (required when the domain has OIDC providers)',
            },
          },
        },
        response: { 200: providersResponse, ...ssoErrors },
      },
    },
    async (request) => {
      const source = normalizeEmail(request.params.source);
      const isEmail = source.includes('@');
      if (isEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(source)) throw httpError(400, 'Invalid Email', 'invalid_email');
      const domain = isEmail ? emailDomain(source) : source;
      if (!/^[a-z0-9.-]+$/.test(domain)) throw httpError(400, 'Invalid email or domain', 'invalid_domain');
      const redirectUri = request.query.redirect_uri !== undefined ? await checkRedirectUri(request.query.redirect_uri) : undefined;

      const known = await findEmailDomain(db, domain);
      if (!known) throw httpError(403, COMPANY_EMAIL_NOT_FOUND, 'domain_not_found');
      const providers = known.sso_mode === 'none' ? [] : await domainProviders(db, domain);
      const oidc = providers.filter((p) => p.kind === 'oidc' && p.issuer && p.client_id);
      const saml = providers.filter((p) => p.kind === 'saml');
      if (oidc.length && !redirectUri) throw httpError(400, 'redirect_uri is required to start single sign-on', 'redirect_uri_required');

      const now = clock.now();
      // Old, never finished sign-ins are of no use to anyone.
      await deleteTransactionsBefore(db, addSeconds(now, -24 * 60 * 60));
      // One transaction per OIDC provider: its uuid is the state, so the callback knows the provider to ask.
      const oidcOut: { uuid: string; name: string; issuer: string; authorization_url: string; state: string }[] = [];
      let unreachable: unknown;
      for (const provider of oidc) {
        const settings = { issuer: provider.issuer!, client_id: provider.client_id!, client_secret: provider.client_secret };
        try {
          // Discovery first, so an unreachable provider leaves no transaction behind.
          await rp.discover(settings.issuer);
        } catch (error) {
          // Another provider of the domain may still work; with none left the caller hears why.
          request.log.warn({ err: error, issuer: settings.issuer }, 'SSO provider discovery failed');
          unreachable ??= error;
          continue;
        }
        const nonce = randomToken(24);
        const codeVerifier = randomToken(48);
        const state = await createTransaction(db, {
          domain,
          email: isEmail ? source : null,
          providerId: provider.id,
          nonce,
          codeVerifier,
          redirectUri,
          createdAt: now,
        });
        const authorizationUrl = await rp.authorizationUrl(settings, {
          redirectUri: redirectUri!,
          state,
          nonce,
          codeVerifier,
          scope: SSO_SCOPE,
          loginHint: isEmail ? source : null,
        });
        oidcOut.push({ uuid: provider.uuid, name: provider.name, issuer: settings.issuer, authorization_url: authorizationUrl, state });
      }
      if (unreachable && !oidcOut.length && !saml.length) throw unreachable;
      return {
        data: {
          sso_required: known.sso_mode === 'required',
          oidc_providers: oidcOut.map(({ state: _state, ...p }) => p),
          saml_providers: saml.map((p) => ({ uuid: p.uuid, name: p.name, single_signon_service: p.single_signon_service })),
          transaction_uuid: oidcOut[0]?.state ?? null,
        },
      };
    },
  );

  app.get(
    '/sso/v1/callback/oidc',
    {
      config: sensitive(app),
      schema: {
        tags: ['sso'],
        summary: 'Finish an OpenID Connect sign-in: exchange the code; sign the user in, or answer the verified details for sign-up',
        querystring: {
          type: 'object',
          required: ['code', 'state'],
          properties: {
            code: { type: 'string', minLength: 1, maxLength: 2048 },
            state: { type: 'string', minLength: 1, maxLength: 200 },
            iss: { type: 'string', maxLength: 2000, description: 'The issuer the provider named in its redirect (RFC 9207), checked when given' },
            tenantweb: { type: 'boolean' },
          },
        },
        response: { 200: callbackResponse, ...ssoErrors },
      },
    },
    async (request) => {
      const { code, state } = request.query;
      const unknown = () => httpError(400, 'This single sign-on attempt is not known. Please start single sign-on again.', 'sso_state_unknown');
      if (!UUID.test(state)) throw unknown();
      const transaction = await findTransaction(db, state);
      if (!transaction || !transaction.provider_id) throw unknown();
      const used = () => httpError(400, 'This single sign-on attempt has already been used. Please start single sign-on again.', 'sso_state_used');
      if (transaction.callback_at || transaction.completed_at) throw used();
      const now = clock.now();
      if (now.getTime() - new Date(transaction.created_at).getTime() > SSO_CALLBACK_WINDOW * 1000) {
        throw httpError(400, 'This single sign-on attempt has expired. Please start single sign-on again.', 'sso_state_expired');
      }
      // Spend the state before talking to the provider, so a replayed callback cannot race this one.
      if (!(await claimCallback(db, state, now))) throw used();
      const provider = await findProvider(db, transaction.provider_id);
      if (!provider?.issuer || !provider.client_id) throw unknown();
      if (request.query.iss !== undefined && request.query.iss !== provider.issuer) {
        throw httpError(400, 'The sign-in answer names another identity provider than the one it was started with', 'sso_issuer_mismatch');
      }

      const claims = await rp.exchangeCode(
        { issuer: provider.issuer, client_id: provider.client_id, client_secret: provider.client_secret },
        { code, redirectUri: transaction.redirect_uri ?? '', codeVerifier: transaction.code_verifier ?? '', nonce: transaction.nonce ?? '' },
      );
      const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
      if (!email) throw httpError(403, 'The identity provider did not share an email address', 'sso_email_missing');
      if (claims.email_verified !== true && claims.email_verified !== 'true') {
        throw httpError(403, 'The identity provider has not verified this email address', 'sso_email_unverified');
      }
      if (emailDomain(email) !== transaction.domain) {
        throw httpError(403, `The identity provider signed in ${email}, which is not an address of ${transaction.domain}`, 'sso_domain_mismatch');
      }

      const user = await findUserByEmail(db, email);
      if (user?.deactivated) throw httpError(403, 'This account has been deactivated', 'deactivated');
      const firstName = user?.first_name || trimName(claims.given_name);
      const lastName = user?.last_name || trimName(claims.family_name);
      if (user && user.confirmed && user.terms_accepted) {
        await saveVerified(db, state, { email, firstName, lastName, subject: claims.sub ?? null, completedAt: now });
        return { data: { status: 'authenticated' as const, user: publicUser(user), ...(await tokens.startSession(user)) } };
      }
      await saveVerified(db, state, {
        email,
        firstName: trimName(claims.given_name) || firstName,
        lastName: trimName(claims.family_name) || lastName,
        subject: claims.sub ?? null,
      });
      return {
        data: {
          status: 'signup' as const,
          transaction_uuid: transaction.uuid,
          user: { email, first_name: firstName, last_name: lastName, created_by: user?.created_by ?? null },
        },
      };
    },
  );

  app.post(
    '/sso/v2/authenticate',
    {
      config: sensitive(app),
      schema: {
        tags: ['sso'],
        summary: 'Finish an SSO sign-up: create (or complete a pre-created) account for the verified email and sign it in',
        querystring: {
          type: 'object',
          required: ['email', 'uuid'],
          properties: {
            email: emailField,
            uuid: { type: 'string', minLength: 1, maxLength: 100, description: 'transaction_uuid from the callback' },
          },
        },
        body: {
          type: 'object',
          required: ['first_name', 'last_name', 'is_term_accepted'],
          properties: {
            first_name: nameField,
            last_name: nameField,
            building_uuid: { type: ['string', 'null'], format: 'uuid' },
            is_term_accepted: { type: 'boolean' },
            is_email_accepted: { type: 'boolean' },
          },
          additionalProperties: true,
        },
        response: { 200: { $ref: 'LoginResponse#' }, ...ssoErrors },
      },
    },
    async (request) => {
      const body = request.body;
      const email = normalizeEmail(request.query.email);
      const uuid = request.query.uuid.trim();
      const { firstName, lastName } = checkSignupForm(body);
      const unknown = () => httpError(400, 'This single sign-on sign-up is not known. Please start single sign-on again.', 'sso_transaction_unknown');
      if (!UUID.test(uuid)) throw unknown();
      const transaction = await findTransaction(db, uuid);
      if (!transaction) throw unknown();
      if (!transaction.verified_email) throw httpError(403, 'Single sign-on has not verified an email for this sign-up yet', 'sso_not_verified');
      if (transaction.verified_email !== email)
        throw httpError(403, 'This single sign-on sign-up belongs to another email address', 'sso_email_mismatch');
      if (transaction.completed_at) throw httpError(409, 'This single sign-on sign-up has already been completed', 'sso_completed');
      const now = clock.now();
      const verifiedAt = new Date(transaction.callback_at ?? transaction.created_at).getTime();
      if (now.getTime() - verifiedAt > SSO_SIGNUP_WINDOW * 1000) {
        throw httpError(400, 'This single sign-on sign-up has expired. Please start single sign-on again.', 'sso_transaction_expired');
      }

      const domain = transaction.domain;
      const known = await findEmailDomain(db, domain);
      if (!known) throw httpError(403, COMPANY_EMAIL_NOT_FOUND, 'domain_not_found');
      const existing = await findUserByEmail(db, email);
      if (existing?.deactivated) throw httpError(403, 'This account has been deactivated', 'deactivated');
      if (existing?.confirmed && existing.terms_accepted)
        throw httpError(409, 'An account with this email already exists; sign in with single sign-on', 'exists');

      const buildingId = await signupBuilding(db, domain, body.building_uuid, !!existing);

      const { userId, issued } = await db.transaction(async (tx) => {
        if (!(await completeTransaction(tx, uuid, now)))
          throw httpError(409, 'This single sign-on sign-up has already been completed', 'sso_completed');
        const emailAccepted = body.is_email_accepted ?? false;
        let id: number;
        if (existing) {
          // An account created for this person (SCIM, upload, admin) or an unfinished sign-up: SSO proved the email. A
          // password somebody set before (or a sign-up somebody started) is not the owner's: it goes, with any session.
          const details = { first_name: firstName, last_name: lastName, building_id: buildingId, email_accepted: emailAccepted, user_type_id: null };
          await completeSignup(tx, existing.id, { passwordHash: null, now, reason: 'sso sign-up', details });
          id = existing.id;
        } else {
          id = await createSsoUser(tx, { email, firstName, lastName, buildingId, companyId: known.company_id, emailAccepted });
          if (buildingId) await addBuildingMember(tx, id, buildingId);
        }
        const user = (await findUserById(tx, id))!;
        return { userId: id, issued: await tokens.startSession(user, tx) };
      });
      const user = (await findUserById(db, userId))!;
      return { user: publicUser(user), ...issued };
    },
  );
}
