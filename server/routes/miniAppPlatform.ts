import type { FastifyInstance } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, ref } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { memberBuilding } from '../lib/buildings.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';
import { miniAppByUuid, storedValue, storeValue, type RegisteredMiniApp } from '../stores/miniApps.js';
import { MINI_APP_STORAGE, MINI_APP_TOKEN_TTL } from '../../contracts/miniApps.js';

const uuid = { type: 'string', format: 'uuid' } as const;
const appParams = { type: 'object', required: ['appUuid'], properties: { appUuid: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

/** A registered mini-app by the path's uuid; 404 otherwise. */
async function knownApp(app: Api, appUuid: string) {
  const found = await miniAppByUuid(app.deps.db, appUuid);
  if (!found) throw httpError(404, 'No mini-app is registered with this uuid', 'unknown_app');
  return found;
}

/** Whether a URL is the mini-app's: its base URL, or an address under it (relative ones read on the app's origin). */
export function isUnderBaseUrl(url: string, registered: RegisteredMiniApp, appOrigin: string): boolean {
  try {
    const given = new URL(url, appOrigin);
    const base = new URL(registered.baseUrl, appOrigin);
    if (given.origin !== base.origin) return false;
    const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return given.pathname === base.pathname || given.pathname.startsWith(basePath);
  } catch {
    return false;
  }
}

/**
 * The mini-app platform's routes for the host app (issue 23), called with the person's own access token: a short-lived
 * token for a mini-app (the bridge's getJWT), and a mini-app's storage (setStorage, getStorage).
 */
export async function miniAppPlatformRoutes(app: Api) {
  const { db, clock, config } = app.deps;

  app.post(
    '/tenant/v1/apps/:appUuid/sessions',
    {
      onRequest: [writeLimits(app, WRITE_LIMITS.miniAppSessions)],
      schema: {
        tags: ['mini-apps'],
        summary: `A token for a mini-app, for the signed-in person in one of their buildings (ES256, ${MINI_APP_TOKEN_TTL} s at most)`,
        description:
          'The token carries iss (the public origin), aud miniapp:<appUuid>, sub (the person uuid), building, scope (the granted scopes, ' +
          'space-separated), iat, exp and jti, signed with the key published at /.well-known/jwks.json. 404 unknown_app; 403 not_a_member ' +
          '(another building) or wrong_base_url (base_url is not under the registered one). The person’s own routes refuse this token.',
        security: [{ bearer: [] }],
        params: appParams,
        body: {
          type: 'object',
          required: ['building_uuid', 'base_url'],
          additionalProperties: false,
          properties: { building_uuid: uuid, base_url: { type: 'string', minLength: 1, maxLength: 2000 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['session'],
            properties: {
              session: {
                type: 'object',
                required: ['token', 'expires_in'],
                properties: { token: { type: 'string' }, expires_in: { type: 'integer', description: 'Seconds the token lives' } },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const registered = await knownApp(app, request.params.appUuid);
      const auth = request.person;
      const building = await memberBuilding(db, auth.userId, { uuid: request.body.building_uuid });
      if (!isUnderBaseUrl(request.body.base_url, registered, config.publicOrigin))
        throw httpError(403, 'base_url is not the address of this mini-app', 'wrong_base_url');
      const session = await app.deps.miniAppTokens.issue({
        appUuid: registered.uuid,
        userUuid: auth.userUuid,
        buildingUuid: building.uuid,
        scopes: registered.scopes,
      });
      return { session };
    },
  );

  const storageParams = {
    type: 'object',
    required: ['appUuid', 'key'],
    properties: { appUuid: appParams.properties.appUuid, key: { type: 'string', minLength: 1, maxLength: MINI_APP_STORAGE.maxKeyLength } },
  } as const;
  const storageQuery = { type: 'object', required: ['building_uuid'], properties: { building_uuid: uuid } } as const;
  const valueAnswer = { type: 'object', required: ['value'], properties: { value: { type: ['string', 'null'] } } } as const;
  const storageNote = `Kept per person, building and mini-app; a key of ${MINI_APP_STORAGE.maxKeyLength} characters at most, a value of ${MINI_APP_STORAGE.maxValueBytes} bytes at most, ${MINI_APP_STORAGE.maxKeys} keys at most.`;

  /** The storage's owner: the person, a building of theirs, a registered mini-app granted `storage`. */
  const storageOwner = async (userId: number, appUuid: string, buildingUuid: string) => {
    const registered = await knownApp(app, appUuid);
    if (!registered.scopes.includes('storage')) throw httpError(403, 'This mini-app is not granted storage', 'scope_not_granted');
    const building = await memberBuilding(db, userId, { uuid: buildingUuid });
    return { userId, buildingId: building.id, appId: registered.id };
  };

  app.get(
    '/tenant/v1/apps/:appUuid/storage/:key',
    {
      schema: {
        tags: ['mini-apps'],
        summary: "A mini-app's stored value for the signed-in person in a building; { value: null } when there is none",
        description: storageNote,
        security: [{ bearer: [] }],
        params: storageParams,
        querystring: storageQuery,
        response: { 200: valueAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const owner = await storageOwner(request.person.userId, request.params.appUuid, request.query.building_uuid);
      return { value: await storedValue(db, { ...owner, key: request.params.key }) };
    },
  );

  app.put(
    '/tenant/v1/apps/:appUuid/storage/:key',
    {
      onRequest: [writeLimits(app, WRITE_LIMITS.miniAppStorage)],
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['mini-apps'],
        summary: "Keeps a mini-app's value for the signed-in person in a building",
        description: `${storageNote} A value too large: 413 value_too_large; a new key past the limit: 413 storage_full.`,
        security: [{ bearer: [] }],
        params: storageParams,
        querystring: storageQuery,
        body: {
          type: 'object',
          required: ['value'],
          additionalProperties: false,
          properties: { value: { type: 'string', maxLength: MINI_APP_STORAGE.maxValueBytes } },
        },
        response: { 200: valueAnswer, ...errorResponses, 413: ref('Error') },
      },
    },
    async (request) => {
      const { value } = request.body;
      if (Buffer.byteLength(value, 'utf8') > MINI_APP_STORAGE.maxValueBytes)
        throw httpError(413, `A value may be ${MINI_APP_STORAGE.maxValueBytes} bytes at most`, 'value_too_large');
      const owner = await storageOwner(request.person.userId, request.params.appUuid, request.query.building_uuid);
      const kept = await storeValue(db, { ...owner, key: request.params.key, value, now: clock.now() }, MINI_APP_STORAGE.maxKeys);
      if (!kept) throw httpError(413, `A mini-app may keep ${MINI_APP_STORAGE.maxKeys} keys at most`, 'storage_full');
      return { value };
    },
  );
}

/** The public half of the mini-app signing key, where a mini-app's own server reads it (beside the API and under it). */
export async function jwksRoutes(app: FastifyInstance, options: { apiBase: string }) {
  const jwksSchema = {
    hide: true,
    response: {
      200: {
        type: 'object',
        required: ['keys'],
        properties: {
          keys: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                kty: { type: 'string' },
                crv: { type: 'string' },
                x: { type: 'string' },
                y: { type: 'string' },
                kid: { type: 'string' },
                alg: { type: 'string' },
                use: { type: 'string' },
              },
            },
          },
        },
      },
    },
  };
  for (const url of ['/.well-known/jwks.json', `${options.apiBase}/.well-known/jwks.json`]) {
    app.get(url, { schema: jwksSchema }, async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
      return app.deps.miniAppTokens.jwks();
    });
  }
}
