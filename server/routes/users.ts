import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, ref, dataOf, okData } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { httpError } from '../lib/errors.js';
import { PASSWORD_POLICY } from '../lib/throttle.js';
import { hashPassword, requireStrongPassword, requireUnusedPassword, verifyPassword } from '../lib/passwords.js';
import { publicUser, sessionUser } from '../lib/users.js';
import { memberBuilding, withoutId } from '../lib/buildings.js';
import { scopedBrand } from '../../contracts/brands.js';
import { rememberPassword, setPassword, updateProfile, userPermissions } from '../stores/users.js';
import { buildingByUuid, portfolioForUser, userBuilding, userBuildings } from '../stores/buildings.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

const buildingList = { type: 'array', items: ref('Building') } as const;
const nameField = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
export const PROFILE_CONFLICT = 'Your profile was changed elsewhere. Please review and save again.';

export async function userRoutes(app: Api) {
  const { db } = app.deps;
  const security = [{ bearer: [] }];

  app.get(
    '/users/current',
    { schema: { tags: ['users'], summary: 'The signed-in user', security, response: { 200: dataOf(ref('User')), ...errorResponses } } },
    async (request) => ({ data: publicUser(await sessionUser(db, request.person.userId)) }),
  );

  app.put(
    '/users/current',
    {
      preHandler: [writeLimits(app, WRITE_LIMITS.profile)],
      schema: {
        tags: ['users'],
        summary: 'Update the signed-in user; with updated_at, 409 when the profile changed since that version',
        description:
          'Optimistic concurrency: a client that sends the `updated_at` it last read gets 409 (code profile_conflict) and ' +
          'nothing is written when the profile has changed since. Without `updated_at` the last write wins.',
        security,
        body: {
          type: 'object',
          properties: {
            first_name: nameField,
            last_name: nameField,
            default_building_uuid: { type: ['string', 'null'], format: 'uuid' },
            is_term_accepted: { type: 'boolean' },
            is_email_accepted: { type: 'boolean' },
            confirmed: { type: 'boolean' },
            updated_at: { type: 'string', minLength: 1, maxLength: 64 },
          },
          additionalProperties: false,
        },
        response: { 200: dataOf(ref('User')), ...errorResponses },
      },
    },
    async (request) => {
      const user = await sessionUser(db, request.person.userId);
      const body = request.body;
      let buildingId: number | null | undefined;
      if (body.default_building_uuid !== undefined) {
        if (body.default_building_uuid === null) buildingId = null;
        else {
          const own = await userBuilding(db, user.id, body.default_building_uuid);
          if (!own) throw httpError(400, 'The default building must be one of your buildings', 'building_not_allowed');
          buildingId = own.id;
        }
      }
      const changes = {
        first_name: body.first_name?.trim() ?? null,
        last_name: body.last_name?.trim() ?? null,
        ...(buildingId !== undefined ? { default_building_id: buildingId } : {}),
        terms_accepted: body.is_term_accepted ?? null,
        email_accepted: body.is_email_accepted ?? null,
      };
      if (!(await updateProfile(db, user.id, changes, body.updated_at ?? null))) throw httpError(409, PROFILE_CONFLICT, 'profile_conflict');
      // `confirmed` is accepted for the specification's payload but only an emailed code confirms an account.
      return { data: publicUser(await sessionUser(db, user.id)) };
    },
  );

  app.put(
    '/users/current/password',
    {
      preHandler: [writeLimits(app, WRITE_LIMITS.profile)],
      config: sensitive(app),
      schema: {
        tags: ['users'],
        summary: 'Change the password; 409 when the new one was used before',
        security,
        body: {
          type: 'object',
          required: ['password', 'new_password'],
          properties: { password: { type: 'string', minLength: 1, maxLength: 200 }, new_password: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: { 200: okData, ...errorResponses },
      },
    },
    async (request) => {
      const user = await sessionUser(db, request.person.userId);
      // A stolen access token must not buy unlimited guesses at the password it would need to take the account over.
      await app.deps.throttle.attempt(PASSWORD_POLICY, user.email);
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        throw httpError(400, 'The current password is not correct', 'wrong_password');
      }
      await app.deps.throttle.clear(PASSWORD_POLICY, user.email);
      requireStrongPassword(request.body.new_password);
      await requireUnusedPassword(db, user.id, request.body.new_password);
      const passwordHash = await hashPassword(request.body.new_password);
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, passwordHash);
        await rememberPassword(tx, user.id, passwordHash);
        // Whoever else holds a session (a stolen token, a forgotten device) is signed out; this one goes on.
        await app.deps.tokens.revokeOtherSessions(user.id, request.person.familyId, 'password changed', tx);
      });
      return { data: { ok: true } };
    },
  );

  app.post(
    '/users/current/password/check',
    {
      config: sensitive(app),
      schema: {
        tags: ['users'],
        summary: 'Check my password without changing anything (leaving kiosk mode asks for it); 400 wrong_password',
        security,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: { 200: okData, ...errorResponses },
      },
    },
    async (request) => {
      const user = await sessionUser(db, request.person.userId);
      // The same guess limit as sign-in and the password change: a kiosk left signed in is no way to guess a password.
      await app.deps.throttle.attempt(PASSWORD_POLICY, user.email);
      if (!(await verifyPassword(user.password_hash, request.body.password))) throw httpError(400, 'The password is not correct', 'wrong_password');
      await app.deps.throttle.clear(PASSWORD_POLICY, user.email);
      return { data: { ok: true } };
    },
  );

  app.get(
    '/users/current/buildings',
    {
      schema: {
        tags: ['buildings'],
        summary: "The signed-in user's buildings",
        security,
        response: { 200: dataOf(buildingList), ...errorResponses },
      },
    },
    async (request) => ({
      data: (await userBuildings(db, request.person.userId)).map(withoutId),
    }),
  );

  app.get(
    '/tenant/v1/users/current/buildings',
    {
      schema: {
        tags: ['buildings'],
        summary: "The signed-in user's buildings, with languages; brand_scope keeps one brand's buildings (ALL: every brand)",
        security,
        querystring: { type: 'object', properties: { include: { type: 'string' }, brand_scope: { type: 'string' } } },
        response: { 200: dataOf({ type: 'object', required: ['buildings'], properties: { buildings: buildingList } }), ...errorResponses },
      },
    },
    async (request) => {
      const buildings = await userBuildings(db, request.person.userId, {
        brand: scopedBrand(request.query.brand_scope),
        withLanguages: (request.query.include ?? '').split(',').includes('languages'),
      });
      return { data: { buildings: buildings.map(withoutId) } };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'One of the signed-in user’s buildings',
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        querystring: { type: 'object', properties: { include: { type: 'string' }, attachPortfolioCompanyUuid: { type: 'boolean' } } },
        response: { 200: dataOf(ref('Building')), ...errorResponses },
      },
    },
    async (request) => {
      await memberBuilding(db, request.person.userId, { uuid: request.params.id });
      const building = await buildingByUuid(db, request.params.id, (request.query.include ?? '').split(',').includes('languages'));
      const out = withoutId(building!);
      if (!request.query.attachPortfolioCompanyUuid) out.portfolio_company_uuid = null;
      return { data: out };
    },
  );

  app.get(
    '/admin/v1/portfolios/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'The portfolio of one of the signed-in user’s buildings: its name, logo and help-desk categories',
        description: 'Answers under data.portfolio. 404 for a portfolio that does not exist; 403 when none of its buildings is the caller’s.',
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        response: {
          200: dataOf({ type: 'object', required: ['portfolio'], properties: { portfolio: ref('Portfolio') } }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const found = await portfolioForUser(db, request.params.id, request.person.userId);
      if (!found) throw httpError(404, 'No portfolio with this id', 'unknown_portfolio');
      if (!found.member) throw httpError(403, 'None of your buildings is in this portfolio', 'not_a_member');
      const { member: _member, ...portfolio } = found;
      return { data: { portfolio } };
    },
  );

  app.get(
    '/user-permissions/v1',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's permissions per building (comma lists of building uuids and permission names)",
        security,
        querystring: {
          type: 'object',
          properties: { buildings: { type: 'array', items: { type: 'string' } }, permissions: { type: 'array', items: { type: 'string' } } },
        },
        response: { 200: dataOf({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }), ...errorResponses },
      },
    },
    async (request) => {
      const split = (list?: string[]) =>
        (list ?? [])
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean);
      const buildings = split(request.query.buildings);
      const wanted = split(request.query.permissions);
      const rows = await userPermissions(db, request.person.userId, buildings, wanted);
      const data: Record<string, string[]> = Object.fromEntries(buildings.map((uuid) => [uuid, [] as string[]]));
      for (const row of rows) (data[row.uuid] ??= []).push(row.permission);
      return { data };
    },
  );
}
