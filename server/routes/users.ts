import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, ref, dataOf, okData } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { httpError } from '../lib/errors.js';
import { PASSWORD_POLICY } from '../lib/throttle.js';
import { hashPassword, passwordProblems, verifyPassword } from '../lib/passwords.js';
import { findUserById, isoUpdatedAt, publicUser, recentPasswordHashes, rememberPassword } from '../lib/users.js';
import { queryBuildings, withoutId } from '../lib/buildings.js';
import { PASSWORD_REUSED } from './verification.js';

const buildingList = { type: 'array', items: ref('Building') } as const;
const nameField = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
export const PROFILE_CONFLICT = 'Your profile was changed elsewhere. Please review and save again.';
/** The six brands whose users see only their own brand's buildings; any other brand scope is ALL. */
export const SCOPED_BRANDS = ['atrium', 'harbor', 'summit', 'meridian', 'crescent', 'foundry'] as const;

export async function userRoutes(app: Api) {
  const { db } = app.deps;
  const secured = { preHandler: app.requireUser };
  const security = [{ bearer: [] }];

  const currentUser = async (userId: number) => {
    const user = await findUserById(db, userId);
    if (!user || user.deactivated) throw httpError(401, 'The session has ended', 'session_revoked');
    return user;
  };

  app.get(
    '/users/current',
    { ...secured, schema: { tags: ['users'], summary: 'The signed-in user', security, response: { 200: dataOf(ref('User')), ...errorResponses } } },
    async (request) => ({ data: publicUser(await currentUser(request.auth!.userId)) }),
  );

  app.put(
    '/users/current',
    {
      ...secured,
      schema: {
        tags: ['users'],
        summary: "Update the signed-in user; with updated_at, 409 when the profile changed since that version",
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
      const user = await currentUser(request.auth!.userId);
      const body = request.body;
      let buildingId: number | null | undefined;
      if (body.default_building_uuid !== undefined) {
        if (body.default_building_uuid === null) buildingId = null;
        else {
          const [own] = await queryBuildings(db, {
            where: 'b.uuid = $1 AND b.id IN (SELECT building_id FROM user_buildings WHERE user_id = $2)',
            params: [body.default_building_uuid, user.id],
          });
          if (!own) throw httpError(400, 'The default building must be one of your buildings', 'building_not_allowed');
          buildingId = own.id;
        }
      }
      // The version check and the write are one statement, so two saves from the same version cannot both win.
      // A write that changes nothing keeps the version: it cannot conflict with anyone.
      const written = await db.query(
        `UPDATE users SET
           first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
           default_building_id = CASE WHEN $4::boolean THEN $5::integer ELSE default_building_id END,
           terms_accepted = COALESCE($6, terms_accepted), email_accepted = COALESCE($7, email_accepted),
           updated_at = CASE
             WHEN (COALESCE($2, first_name), COALESCE($3, last_name),
                   CASE WHEN $4::boolean THEN $5::integer ELSE default_building_id END,
                   COALESCE($6, terms_accepted), COALESCE($7, email_accepted))
                  IS DISTINCT FROM (first_name, last_name, default_building_id, terms_accepted, email_accepted)
             THEN now() ELSE updated_at END
         WHERE id = $1 AND ($8::text IS NULL OR ${isoUpdatedAt('updated_at')} = $8::text)
         RETURNING id`,
        [user.id, body.first_name?.trim() ?? null, body.last_name?.trim() ?? null, buildingId !== undefined, buildingId ?? null,
          body.is_term_accepted ?? null, body.is_email_accepted ?? null, body.updated_at ?? null],
      );
      if (!written.length) throw httpError(409, PROFILE_CONFLICT, 'profile_conflict');
      // `confirmed` is accepted for the specification's payload but only an emailed code confirms an account.
      return { data: publicUser(await currentUser(user.id)) };
    },
  );

  app.put(
    '/users/current/password',
    {
      ...secured,
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
      const user = await currentUser(request.auth!.userId);
      // A stolen access token must not buy unlimited guesses at the password it would need to take the account over.
      await app.deps.throttle.attempt(PASSWORD_POLICY, user.email);
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        throw httpError(400, 'The current password is not correct', 'wrong_password');
      }
      await app.deps.throttle.clear(PASSWORD_POLICY, user.email);
      const problems = passwordProblems(request.body.new_password);
      if (problems.length) throw httpError(400, `The password needs ${problems.join(', ')}`, 'weak_password');
      for (const old of await recentPasswordHashes(db, user.id)) {
        if (await verifyPassword(old, request.body.new_password)) throw httpError(409, PASSWORD_REUSED, 'password_has_been_used');
      }
      const passwordHash = await hashPassword(request.body.new_password);
      await db.transaction(async (tx) => {
        // updated_at versions the profile (names, default building, consents): a new password is not a profile edit,
        // so a profile form open beside the password tab can still save.
        await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash]);
        await rememberPassword(tx, user.id, passwordHash);
        // Whoever else holds a session (a stolen token, a forgotten device) is signed out; this one goes on.
        await app.deps.tokens.revokeOtherSessions(user.id, request.auth!.familyId, 'password changed', tx);
      });
      return { data: { ok: true } };
    },
  );

  app.get(
    '/users/current/buildings',
    { ...secured, schema: { tags: ['buildings'], summary: "The signed-in user's buildings", security, response: { 200: dataOf(buildingList), ...errorResponses } } },
    async (request) => ({
      data: (await queryBuildings(db, { where: 'b.id IN (SELECT building_id FROM user_buildings WHERE user_id = $1)', params: [request.auth!.userId] })).map(withoutId),
    }),
  );

  app.get(
    '/tenant/v1/users/current/buildings',
    {
      ...secured,
      schema: {
        tags: ['buildings'],
        summary: "The signed-in user's buildings, with languages; brand_scope keeps one brand's buildings (ALL: every brand)",
        security,
        querystring: { type: 'object', properties: { include: { type: 'string' }, brand_scope: { type: 'string' } } },
        response: { 200: dataOf({ type: 'object', required: ['buildings'], properties: { buildings: buildingList } }), ...errorResponses },
      },
    },
    async (request) => {
      const scope = request.query.brand_scope ?? 'ALL';
      const scoped = scope !== 'ALL' && (SCOPED_BRANDS as readonly string[]).includes(scope);
      const buildings = await queryBuildings(db, {
        where: `b.id IN (SELECT building_id FROM user_buildings WHERE user_id = $1) AND ($2::text IS NULL OR br.identifier = $2)`,
        params: [request.auth!.userId, scoped ? scope : null],
        withLanguages: (request.query.include ?? '').split(',').includes('languages'),
      });
      return { data: { buildings: buildings.map(withoutId) } };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id',
    {
      ...secured,
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
      const [building] = await queryBuildings(db, {
        where: 'b.uuid = $1',
        params: [request.params.id],
        withLanguages: (request.query.include ?? '').split(',').includes('languages'),
      });
      if (!building) throw httpError(404, 'No building with this id', 'unknown_building');
      const [member] = await db.query('SELECT 1 FROM user_buildings WHERE user_id = $1 AND building_id = $2', [request.auth!.userId, building.id]);
      if (!member) throw httpError(403, 'You do not have access to this building', 'not_a_member');
      const out = withoutId(building);
      if (!request.query.attachPortfolioCompanyUuid) out.portfolio_company_uuid = null;
      return { data: out };
    },
  );

  app.get(
    '/user-permissions/v1',
    {
      ...secured,
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
      const split = (list?: string[]) => (list ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
      const buildings = split(request.query.buildings);
      const wanted = split(request.query.permissions);
      const rows = await db.query<{ uuid: string; permission: string }>(
        `SELECT b.uuid::text, p.permission FROM user_permissions p JOIN buildings b ON b.id = p.building_id
          WHERE p.user_id = $1 AND (cardinality($2::text[]) = 0 OR b.uuid::text = ANY($2))
            AND (cardinality($3::text[]) = 0 OR p.permission = ANY($3)) ORDER BY p.permission`,
        [request.auth!.userId, buildings, wanted],
      );
      const data: Record<string, string[]> = Object.fromEntries(buildings.map((uuid) => [uuid, [] as string[]]));
      for (const row of rows) (data[row.uuid] ??= []).push(row.permission);
      return { data };
    },
  );
}
