import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { httpError } from '../lib/errors.js';
import { isLocalRequest } from '../lib/local.js';
import { eventStreams } from '../lib/eventStream.js';
import { FLAG_NAMES, FlagStore, isFlagName, unknownFlagMessage, type FlagUser } from '../lib/flags.js';
import { compareEventIds, type BusEvent } from '../lib/eventBus.js';
import { dataOf, errorResponses, ref } from '../schemas.js';
import { userBuildingUuids } from '../stores/buildings.js';

export interface FlagRoutesOptions {
  /** The token of the admin endpoints; FLAGS_ADMIN_TOKEN when not given. */
  adminToken?: string | undefined;
  /** Milliseconds between the comment lines that keep an idle event stream open through proxies. */
  heartbeatMs?: number;
  /**
   * Milliseconds between looks for changes made by another process; 0 for none. Default: once a second on Postgres
   * without Redis (other instances, or the flags command, may write to it and cannot tell this one); never with Redis
   * (every instance and the flags command publish on the shared bus) nor on PGlite (only this process opens it).
   */
  pollMs?: number;
}

/** The event bus channel of flag changes. */
export const FLAGS_CHANNEL = 'flags';
const versionOf = (event: BusEvent) => Number((event.data as { version?: unknown }).version) || 0;

const bool = { type: 'boolean' } as const;
const flagNames = { type: 'string', enum: FLAG_NAMES } as const;
const everyFlag = (schema: object) =>
  ({
    type: 'object',
    required: FLAG_NAMES,
    additionalProperties: false,
    properties: Object.fromEntries(FLAG_NAMES.map((n) => [n, schema])),
  }) as const;
const reason = { type: 'string', enum: ['TARGETING_MATCH', 'STATIC', 'DEFAULT'] } as const;

const flagUserSchema = {
  type: 'object',
  description: 'The flag user: the signed-in user, or an anonymous user when signed out.',
  required: ['key', 'anonymous', 'admin', 'roles', 'buildingUuids', 'hqo', 'host'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 200 },
    anonymous: bool,
    admin: bool,
    roles: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } },
    buildingUuids: { type: 'array', maxItems: 1000, items: { type: 'string', format: 'uuid' } },
    hqo: bool,
    host: { type: 'string', maxLength: 253 },
  },
} as const;

const changeSchema = {
  type: 'object',
  required: ['name', 'value', 'building_uuid', 'version'],
  properties: { name: flagNames, value: { type: ['boolean', 'null'] }, building_uuid: { type: ['string', 'null'] }, version: { type: 'integer' } },
} as const;

const nameParam = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 200, description: `One of: ${FLAG_NAMES.join(', ')}` } },
} as const;

function sameSecret(presented: string, expected: string) {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Feature flags: evaluation for a flag user, a server-sent event stream that says when any flag changed, and the
 * admin endpoints that change them. Registered beside the API plugin rather than inside it, because the browser's
 * EventSource cannot send the x-api-key header: this plugin checks the API key itself and, on the stream only, also
 * takes it as `?key=`.
 */
export async function flagRoutes(app: Api, options: FlagRoutesOptions) {
  const { db, clock, config, tokens, events } = app.deps;
  const store = new FlagStore(db, clock);
  const adminToken = options.adminToken ?? process.env.FLAGS_ADMIN_TOKEN ?? '';
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const pollMs = options.pollMs ?? (db.kind === 'postgres' && !config.redisUrl ? 1000 : 0);

  if (config.apiKey) {
    app.addHook('onRequest', async (request) => {
      const fromQuery = request.routeOptions.url?.endsWith('/flags/v1/stream') ? (request.query as { key?: string }).key : undefined;
      if ((request.headers['x-api-key'] ?? fromQuery) !== config.apiKey) throw httpError(401, 'A valid API key is required', 'invalid_api_key');
    });
  }

  // Every change this process makes (or its poll finds) goes out on the event bus, to this instance's streams and, on
  // Redis, to every other instance's (decision 221-events-across-instances).
  const stopPublishing = store.onChange((version) => {
    events
      .publish(FLAGS_CHANNEL, 'flags.changed', { version })
      .catch((error: unknown) => app.log.error(error, 'A flag change could not be published'));
  });
  app.addHook('onClose', async () => stopPublishing());
  // With PGlite only this process can open the database, so every change comes through it; a Postgres server without
  // Redis may be shared by several instances (or written by the flags command while no server ran).
  if (pollMs > 0) {
    const stop = store.watch(pollMs);
    app.addHook('onClose', async () => stop());
  }

  /**
   * The admin rule: with FLAGS_ADMIN_TOKEN set, the token (bearer or x-admin-token) is required; without it, only
   * outside production and only from this machine (a loopback address, not through a proxy).
   */
  const requireFlagAdmin = async (request: FastifyRequest) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const header = request.headers['x-admin-token'];
    const presented = bearer ?? (typeof header === 'string' ? header : undefined);
    if (adminToken) {
      if (!presented) throw httpError(401, 'An admin token is required (authorization: Bearer <token> or x-admin-token)', 'admin_token_required');
      if (!sameSecret(presented, adminToken)) throw httpError(401, 'The admin token is not valid', 'invalid_admin_token');
      return;
    }
    if (config.production) throw httpError(403, 'Flag administration is off: set FLAGS_ADMIN_TOKEN to use it', 'flags_admin_off');
    if (!isLocalRequest(request))
      throw httpError(403, 'Without FLAGS_ADMIN_TOKEN, flags can be changed only from this machine', 'flags_admin_local_only');
  };
  const admin = { preHandler: requireFlagAdmin };
  const adminSecurity = [{ bearer: [] }];

  /** The user's building uuids as the database knows them, when the bearer is valid and belongs to the flag user. */
  const knownBuildings = async (request: FastifyRequest, user: FlagUser): Promise<string[]> => {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || user.anonymous) return [];
    try {
      const claims = await tokens.verifyAccess(bearer);
      if (claims.userUuid !== user.key) return [];
      return await userBuildingUuids(db, claims.userId);
    } catch {
      return []; // an expired bearer still gets flags, from what the body says
    }
  };

  app.post(
    '/flags/v1/evaluate',
    {
      schema: {
        tags: ['flags'],
        summary: 'Every feature flag evaluated for a flag user',
        description:
          "Precedence: an override on one of the user's buildings (on wins when they disagree), then the global value, then the " +
          "specification's default. With a valid bearer of the same user, the user's buildings are also taken from the database.",
        body: flagUserSchema,
        response: {
          200: dataOf({
            type: 'object',
            required: ['flags', 'reasons', 'version'],
            properties: { flags: everyFlag(bool), reasons: everyFlag(reason), version: { type: 'integer' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.body;
      const buildingUuids = [...user.buildingUuids, ...(await knownBuildings(request, user))];
      return { data: await store.evaluate({ buildingUuids }) };
    },
  );

  const streams = eventStreams(app, () => ({ heartbeatMs }));
  app.get(
    '/flags/v1/stream',
    {
      schema: {
        tags: ['flags'],
        summary: 'Server-sent events: `flags.version` on connect, then `flags.changed` with data {"version":N} on every change',
        description:
          'Needs `accept: text/event-stream`. A comment line every 15 seconds keeps idle connections open. Every ' +
          '`flags.changed` has an `id:`; a client that reconnects (to any instance) with `Last-Event-ID` is first sent the ' +
          'changes it missed, then `flags.version`. When the missed ones are no longer kept, `flags.version` alone tells it to ' +
          'reload the flags.',
        querystring: { type: 'object', properties: { key: { type: 'string', description: 'The API key, when the server requires one' } } },
        response: {
          200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          401: ref('Error'),
          406: ref('Error'),
          429: ref('Error'),
          503: ref('Error'),
        },
      },
    },
    async (request, reply) => {
      const place = await streams.take(request);
      // Live events wait in a queue until the missed ones are sent, so none is lost or sent twice in between.
      let queue: BusEvent[] | null = [];
      let write: (event: BusEvent) => void = () => {};
      const unsubscribe = events.subscribe(FLAGS_CHANNEL, (event) => (queue ? queue.push(event) : write(event)));
      let version: number;
      let missed: BusEvent[] | null = null;
      const lastEventId = request.headers['last-event-id'];
      try {
        // Read before taking the socket over, so a database failure is still an ordinary error answer.
        version = await store.version();
        if (typeof lastEventId === 'string' && lastEventId.length <= 40) missed = await events.since(FLAGS_CHANNEL, lastEventId);
      } catch (error) {
        unsubscribe();
        place.release();
        throw error;
      }
      const stream = streams.open(request, reply, place);
      stream.onClose(unsubscribe);
      let lastSent = '';
      write = (event) => {
        if (lastSent && compareEventIds(event.id, lastSent)! <= 0) return;
        lastSent = event.id;
        stream.send(event.type, event.data, event.id);
      };
      for (const event of missed ?? []) write(event);
      // The version on connect lets a client that reconnects after a gap see that it missed a change (and reload the
      // flags when the gap is longer than the bus keeps events for).
      stream.send('flags.version', { version: Math.max(version, ...(missed ?? []).map(versionOf)) });
      for (const event of queue) write(event);
      queue = null;
    },
  );

  app.get(
    '/admin/flags',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every flag with its default, global value and building overrides (admin token)',
        security: adminSecurity,
        response: {
          200: dataOf({
            type: 'object',
            required: ['version', 'flags'],
            properties: {
              version: { type: 'integer' },
              flags: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'default', 'value', 'overrides'],
                  properties: {
                    name: flagNames,
                    default: bool,
                    value: { type: ['boolean', 'null'] },
                    overrides: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['building_uuid', 'building_name', 'value'],
                        properties: { building_uuid: { type: 'string' }, building_name: { type: 'string' }, value: bool },
                      },
                    },
                  },
                },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async () => ({ data: await store.list() }),
  );

  app.put(
    '/admin/flags/:name',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Set a flag globally, or for one building (admin token); open event streams hear of it at once',
        security: adminSecurity,
        params: nameParam,
        body: {
          type: 'object',
          required: ['value'],
          additionalProperties: false,
          properties: { value: bool, building_uuid: { type: ['string', 'null'], format: 'uuid' } },
        },
        response: { 200: dataOf(changeSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!isFlagName(name)) throw httpError(400, unknownFlagMessage(name), 'unknown_flag');
      return { data: await store.set(name, request.body.value, request.body.building_uuid ?? null, 'admin-api') };
    },
  );

  app.delete(
    '/admin/flags/:name',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Remove a flag's global value (back to the default) or a building's override (admin token)",
        security: adminSecurity,
        params: nameParam,
        querystring: { type: 'object', additionalProperties: false, properties: { building_uuid: { type: 'string', format: 'uuid' } } },
        response: {
          200: dataOf({
            ...changeSchema,
            required: [...changeSchema.required, 'removed'],
            properties: { ...changeSchema.properties, removed: bool },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!isFlagName(name)) throw httpError(400, unknownFlagMessage(name), 'unknown_flag');
      return { data: await store.unset(name, request.query.building_uuid ?? null, 'admin-api') };
    },
  );
}
