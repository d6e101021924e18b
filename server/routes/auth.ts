import type { Api } from '../lib/typedRoutes.js';
import { emailField, errorResponses, ref, dataOf, okData } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { httpError } from '../lib/errors.js';
import { requireStrongPassword, verifyPassword } from '../lib/passwords.js';
import { emailDomain, normalizeEmail, publicUser, sessionUser } from '../lib/users.js';
import {
  ACCOUNT_EXISTS_MESSAGE,
  checkSignupForm,
  emailRecord,
  isEstablished,
  requireEmailDomain,
  signupBuilding,
  SSO_REQUIRED_MESSAGE,
} from '../lib/signup.js';
import { findEmailDomain, saveSignupRequest } from '../stores/signup.js';
import { createSignupUser, findUserByEmail, findUserById, setTokenVersion } from '../stores/users.js';
import { saveOneTimeToken } from '../stores/sessions.js';
import { PASSWORD_POLICY } from '../lib/throttle.js';
import { TOKEN_VERSION } from '../lib/tokens.js';
import { randomToken, sha256 } from '../lib/random.js';
import { addSeconds } from '../lib/clock.js';
import { sendSignupCode } from './verification.js';
import { signedIn } from '../lib/signedIn.js';

export const WRONG_LOGIN = "User email or password doesn't match";

const nameField = { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S' } as const;
const passwordField = { type: 'string', minLength: 1, maxLength: 200 } as const;

export async function authRoutes(app: Api) {
  const { db, tokens, clock, throttle } = app.deps;

  app.post(
    '/auth/v2/login',
    {
      config: sensitive(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: emailField, password: passwordField },
          additionalProperties: true,
        },
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const domain = await findEmailDomain(db, emailDomain(email));
      if (domain?.sso_mode === 'required') throw httpError(403, SSO_REQUIRED_MESSAGE, 'sso_required');
      // Counted per address whether or not it has an account, and before the check, so parallel guesses count too.
      await throttle.attempt(PASSWORD_POLICY, email);
      const user = await findUserByEmail(db, email);
      // The hash work is the same without an account (verifyPassword), so timing does not tell which addresses exist.
      const ok = await verifyPassword(user?.password_hash, request.body.password);
      if (!user || !ok) throw httpError(401, WRONG_LOGIN, 'wrong_credentials');
      await throttle.clear(PASSWORD_POLICY, email);
      // Only the right password learns that the account is deactivated.
      if (user.deactivated) throw httpError(403, 'This account has been deactivated', 'deactivated');
      if (!user.confirmed) throw httpError(403, 'Please confirm your email address with the code we sent you', 'unconfirmed');
      void reply.header('cache-control', 'no-store');
      return { user: publicUser(user), ...(await tokens.startSession(user)) };
    },
  );

  // Signed-in routes in scopes of their own (server/lib/signedIn.ts), in the document's order.
  await app.register(
    signedIn(async (app) => {
      app.post(
        '/auth/logout',
        {
          schema: {
            tags: ['auth'],
            summary: 'End this session (revokes its refresh tokens)',
            security: [{ bearer: [] }],
            response: { 200: okData, ...errorResponses },
          },
        },
        async (request) => {
          await tokens.revokeFamily(request.person.familyId, 'logout');
          return { data: { ok: true } };
        },
      );
    }),
  );

  app.post(
    '/auth/v2/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for new tokens; a reused refresh token ends its whole session',
        body: { type: 'object', required: ['refresh_token'], properties: { refresh_token: { type: 'string', minLength: 1 } } },
        response: { 200: ref('LoginResponse'), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, tokens: issued } = await tokens.rotate(request.body.refresh_token);
      const user = await findUserById(db, userId);
      return { user: publicUser(user!), ...issued };
    },
  );

  await app.register(
    signedIn(async (app) => {
      app.post(
        '/auth/upgrade',
        {
          schema: {
            tags: ['auth'],
            summary: 'Exchange an access token of an older version for version 3 tokens of the same session',
            description:
              'Only a token of another version is upgraded (409 for a current one). The session stays the same: its refresh token ' +
              "expires when the session's newest one does, so an access token never buys a longer session.",
            security: [{ bearer: [] }],
            response: { 200: ref('LoginResponse'), ...errorResponses },
          },
        },
        async (request) => {
          const auth = request.person;
          if (auth.version === TOKEN_VERSION) throw httpError(409, 'This session is already current', 'token_current');
          const user = await sessionUser(db, auth.userId);
          const issued = await tokens.continueSession(user, auth.familyId);
          await setTokenVersion(db, user.id, TOKEN_VERSION);
          return { user: publicUser(user), ...issued };
        },
      );

      app.post(
        '/auth/v2/generate-auth-link',
        {
          schema: {
            tags: ['auth'],
            summary: 'A one-time token (60 seconds) for opening the admin site signed in',
            security: [{ bearer: [] }],
            response: { 200: dataOf({ type: 'object', required: ['ott'], properties: { ott: { type: 'string' } } }), ...errorResponses },
          },
        },
        async (request) => {
          const ott = randomToken(24);
          await saveOneTimeToken(db, { hash: sha256(ott), userId: request.person.userId, expiresAt: addSeconds(clock.now(), 60) });
          return { data: { ott } };
        },
      );
    }),
  );

  const validateEmail = {
    config: sensitive(app),
    schema: {
      tags: ['auth'],
      summary: 'The next sign-in step for an email: whether it has a usable account, how its domain signs in, its building count',
      description: 'The same shape for every address of a known domain; no names, and nothing of unfinished sign-ups or deactivation.',
      body: { type: 'object', required: ['email'], properties: { email: emailField } },
      response: { 200: dataOf(ref('EmailRecord')), ...errorResponses },
    },
  } as const;
  for (const path of ['/auth/validate-email', '/auth/v2/validate-email']) {
    app.post(path, validateEmail, async (request) => {
      const email = normalizeEmail(request.body.email);
      const known = await requireEmailDomain(db, emailDomain(email));
      return { data: emailRecord(email, await findUserByEmail(db, email), known) };
    });
  }

  app.post(
    '/auth/register',
    {
      config: sensitive(app),
      schema: {
        tags: ['auth'],
        summary: 'Create an account, or claim one created for the user (SCIM, upload, admin); mails a sign-up code',
        body: {
          type: 'object',
          required: ['email', 'first_name', 'last_name', 'password', 'is_term_accepted'],
          properties: {
            email: emailField,
            first_name: nameField,
            last_name: nameField,
            password: passwordField,
            building_uuid: { type: ['string', 'null'], format: 'uuid' },
            user_type_id: { type: 'integer', enum: [1, 2] },
            is_term_accepted: { type: 'boolean' },
            is_email_accepted: { type: 'boolean' },
          },
        },
        response: { 200: { type: 'object', required: ['user'], properties: { user: ref('User') } }, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const { firstName, lastName } = checkSignupForm(body);
      requireStrongPassword(body.password);
      const email = normalizeEmail(body.email);
      const known = await requireEmailDomain(db, emailDomain(email));
      if (known.sso_mode === 'required') throw httpError(403, SSO_REQUIRED_MESSAGE, 'sso_required');
      const existing = await findUserByEmail(db, email);
      // A deactivated account answers as any existing one: the sign-up form must not tell which are deactivated.
      if (existing && (isEstablished(existing) || existing.deactivated)) throw httpError(409, ACCOUNT_EXISTS_MESSAGE, 'exists');
      const buildingId = await signupBuilding(db, known.domain, body.building_uuid, !!existing);

      // Nothing of this sign-up reaches the account until its code is entered (lib/signup.ts): not the names, not the
      // building, and not the password, which is given again with the code by whoever proves the mailbox.
      const user = await db.transaction(async (tx) => {
        const account = existing ?? (await createSignupUser(tx, { email, companyId: known.company_id, userTypeId: body.user_type_id ?? 1 }));
        const request = {
          first_name: firstName,
          last_name: lastName,
          building_id: buildingId,
          email_accepted: body.is_email_accepted ?? false,
          user_type_id: body.user_type_id ?? 1,
        };
        await saveSignupRequest(tx, account.id, request, clock.now());
        return { id: account.id, email: account.email };
      });
      await sendSignupCode(app, user);
      return { user: publicUser((await findUserById(db, user.id))!) };
    },
  );
}
