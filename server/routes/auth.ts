import type { FastifyInstance } from 'fastify';
import { emailField, errorResponses, ref, dataOf, okData } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { httpError } from '../lib/errors.js';
import { hashPassword, passwordProblems, verifyPassword } from '../lib/passwords.js';
import { emailDomain, findUserByEmail, findUserById, normalizeEmail, publicUser, rememberPassword } from '../lib/users.js';
import { randomToken, sha256 } from '../lib/random.js';
import { addSeconds } from '../lib/clock.js';
import { sendSignupCode } from './verification.js';

export const WRONG_LOGIN = "User email or password doesn't match";
export const COMPANY_EMAIL_NOT_FOUND = 'Company Email Not Found';

const nameField = { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S' } as const;
const passwordField = { type: 'string', minLength: 1, maxLength: 200 } as const;

export async function authRoutes(app: FastifyInstance) {
  const { db, tokens, clock } = app.deps;

  app.post<{ Body: { email: string; password: string } }>(
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
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      const ok = await verifyPassword(user?.password_hash, request.body.password);
      if (!user || !ok) throw httpError(401, WRONG_LOGIN, 'wrong_credentials');
      if (user.deactivated) throw httpError(403, 'This account has been deactivated', 'deactivated');
      if (!user.confirmed) throw httpError(403, 'Please confirm your email address with the code we sent you', 'unconfirmed');
      return { user: publicUser(user), ...(await tokens.startSession(user)) };
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'End this session (revokes its refresh tokens)', security: [{ bearer: [] }], response: { 200: okData, ...errorResponses } },
    },
    async (request) => {
      await tokens.revokeFamily(request.auth!.familyId, 'logout');
      return { data: { ok: true } };
    },
  );

  app.post<{ Body: { refresh_token: string } }>(
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

  app.post(
    '/auth/upgrade',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'Exchange a token of an older version for a version 3 session', security: [{ bearer: [] }], response: { 200: ref('LoginResponse'), ...errorResponses } },
    },
    async (request) => {
      const user = await findUserById(db, request.auth!.userId);
      if (!user || user.deactivated) throw httpError(401, 'The session has ended', 'session_revoked');
      await db.query('UPDATE users SET token_version = 3 WHERE id = $1', [user.id]);
      await tokens.revokeFamily(request.auth!.familyId, 'upgraded');
      return { user: publicUser(user), ...(await tokens.startSession(user)) };
    },
  );

  app.post(
    '/auth/v2/generate-auth-link',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'A one-time token (60 seconds) for opening the admin site signed in',
        security: [{ bearer: [] }],
        response: { 200: dataOf({ type: 'object', required: ['ott'], properties: { ott: { type: 'string' } } }), ...errorResponses },
      },
    },
    async (request) => {
      const ott = randomToken(24);
      await db.query('INSERT INTO one_time_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        sha256(ott),
        request.auth!.userId,
        addSeconds(clock.now(), 60),
      ]);
      return { data: { ott } };
    },
  );

  const validateEmail = {
    config: sensitive(app),
    schema: {
      tags: ['auth'],
      summary: 'What is known of an email: its account (if any), how its domain signs in, how many buildings it has',
      body: { type: 'object', required: ['email'], properties: { email: emailField } },
      response: { 200: dataOf(ref('EmailRecord')), ...errorResponses },
    },
  } as const;
  const validateEmailHandler = async (request: { body: { email: string } }) => {
    const domain = emailDomain(request.body.email);
    const [known] = await db.query<{ sso_mode: 'none' | 'required' | 'optional'; building_count: number }>(
      `SELECT d.sso_mode, (SELECT count(*)::int FROM domain_buildings db WHERE db.domain = d.domain) AS building_count
         FROM email_domains d WHERE d.domain = $1`,
      [domain],
    );
    if (!known) throw httpError(403, COMPANY_EMAIL_NOT_FOUND, 'domain_not_found');
    const user = await findUserByEmail(db, request.body.email);
    return {
      data: {
        email: user?.email ?? null,
        first_name: user?.first_name ?? null,
        last_name: user?.last_name ?? null,
        terms_accepted: user?.terms_accepted ?? false,
        confirmed: user?.confirmed ?? false,
        deactivated: user?.deactivated ?? false,
        created_by: user?.created_by ?? null,
        sso_mode: known.sso_mode,
        building_count: known.building_count,
      },
    };
  };
  app.post<{ Body: { email: string } }>('/auth/validate-email', validateEmail, validateEmailHandler);
  app.post<{ Body: { email: string } }>('/auth/v2/validate-email', validateEmail, validateEmailHandler);

  interface RegisterBody {
    email: string;
    first_name: string;
    last_name: string;
    password: string;
    building_uuid?: string | null;
    user_type_id?: number;
    is_term_accepted: boolean;
    is_email_accepted?: boolean;
  }
  app.post<{ Body: RegisterBody }>(
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
      // The schema counts the spaces the names are trimmed of; a name needs two characters once trimmed.
      if (body.first_name.trim().length < 2 || body.last_name.trim().length < 2) {
        throw httpError(400, 'First and last name need at least two characters', 'invalid_name');
      }
      if (!body.is_term_accepted) throw httpError(400, 'The terms must be accepted to sign up', 'terms_required');
      const problems = passwordProblems(body.password);
      if (problems.length) throw httpError(400, `The password needs ${problems.join(', ')}`, 'weak_password');
      const email = normalizeEmail(body.email);
      const domain = emailDomain(email);
      const [known] = await db.query<{ domain: string; company_id: number | null }>('SELECT domain, company_id FROM email_domains WHERE domain = $1', [domain]);
      if (!known) throw httpError(403, COMPANY_EMAIL_NOT_FOUND, 'domain_not_found');
      const domainBuildings = await db.query<{ id: number; uuid: string }>(
        'SELECT b.id, b.uuid::text FROM domain_buildings d JOIN buildings b ON b.id = d.building_id WHERE d.domain = $1 ORDER BY b.id',
        [domain],
      );
      const existing = await findUserByEmail(db, email);
      if (existing?.deactivated) throw httpError(403, 'This account has been deactivated', 'deactivated');
      if (existing?.confirmed && existing.terms_accepted) throw httpError(409, 'An account with this email already exists', 'exists');

      let buildingId: number | null = null;
      if (body.building_uuid) {
        const chosen = domainBuildings.find((b) => b.uuid === body.building_uuid);
        if (!chosen) throw httpError(400, 'The building is not available for this email domain', 'building_not_allowed');
        buildingId = chosen.id;
      } else if (domainBuildings.length === 1) {
        buildingId = domainBuildings[0]!.id;
      } else if (!existing) {
        throw httpError(400, 'Please choose a building', 'building_required');
      }

      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        let id: number;
        if (existing) {
          // Claiming an account someone created for this person, or finishing an unconfirmed sign-up.
          await tx.query(
            `UPDATE users SET first_name = $2, last_name = $3, password_hash = $4, terms_accepted = true,
                    email_accepted = $5, default_building_id = COALESCE($6, default_building_id), updated_at = now()
              WHERE id = $1`,
            [existing.id, body.first_name.trim(), body.last_name.trim(), passwordHash, body.is_email_accepted ?? false, buildingId],
          );
          id = existing.id;
        } else {
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO users (email, first_name, last_name, password_hash, default_building_id, company_id,
                                terms_accepted, email_accepted, user_type_id, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, 'user') RETURNING id`,
            [email, body.first_name.trim(), body.last_name.trim(), passwordHash, buildingId, known.company_id, body.is_email_accepted ?? false, body.user_type_id ?? 1],
          );
          id = row!.id;
        }
        if (buildingId) {
          await tx.query('INSERT INTO user_buildings (user_id, building_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, buildingId]);
        }
        await rememberPassword(tx, id, passwordHash);
        return id;
      });
      const user = (await findUserById(db, userId))!;
      if (!user.confirmed) await sendSignupCode(app, user);
      return { user: publicUser(user) };
    },
  );
}
