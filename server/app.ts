import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config.js';
import type { Db } from './db/index.js';
import type { Clock } from './lib/clock.js';
import { CodeService } from './lib/codes.js';
import { installErrorHandling, httpError } from './lib/errors.js';
import type { Mailer } from './lib/mail.js';
import { TokenService, type AccessClaims } from './lib/tokens.js';
import type { MiniAppTokens } from './lib/miniAppTokens.js';
import { bearerToken, requireMember, type MemberScope } from './lib/buildings.js';
import { installPerson, signedIn } from './lib/signedIn.js';
import type { Throttle } from './lib/throttle.js';
import { sharedSchemas } from './schemas.js';
import { dateTimeFormat, installInputGuard } from './lib/inputGuard.js';
import { loggerOptions, type LogTarget } from './lib/logging.js';
import { registeredMiniApps } from './stores/miniApps.js';
import { brandHosts, farmUrls } from './stores/brands.js';
import { appCsp, installSecurityHeaders, originOf } from './lib/securityHeaders.js';
import { authRoutes } from './routes/auth.js';
import { verificationRoutes } from './routes/verification.js';
import { userRoutes } from './routes/users.js';
import { publicRoutes } from './routes/public.js';
import { ssoRoutes } from './routes/sso.js';
import { devRoutes } from './routes/dev.js';
import { analyticsRoutes } from './routes/analytics.js';
import { flagRoutes } from './routes/flags.js';
import { installMiniAppOriginSplit, miniAppRoutes } from './routes/miniApps.js';
import { runtimeConfigFrom, runtimeConfigRoutes } from './routes/runtimeConfig.js';
import { contentRoutes } from './routes/content.js';
import { directoryRoutes } from './routes/directory.js';
import { smartBuildingRoutes } from './routes/smartBuilding.js';
import { emergencyRoutes } from './routes/emergency.js';
import { serviceRequestRoutes } from './routes/serviceRequests.js';
import { helpDeskRoutes } from './routes/helpDesk.js';
import { bookingRoutes } from './routes/bookings.js';
import { resourceRoutes } from './routes/resources.js';
import { notificationRoutes, notificationStreamRoutes } from './routes/notifications.js';
import { cardVaultRoutes, paymentRoutes } from './routes/payments.js';
import { cardFramePage } from './routes/cardFrame.js';
import { cardFrameParents, hostOf } from './lib/cardFrame.js';
import { jwksRoutes, miniAppPlatformRoutes } from './routes/miniAppPlatform.js';
import { installMiniAppCors, kioskVisitRoutes, visitRoutes } from './routes/visits.js';
import { appPageSender, assetCacheControl } from './lib/appPage.js';
import { FlagStore } from './lib/flags.js';
import type { EventBus } from './lib/eventBus.js';
import type { Redis } from './lib/redis.js';
import type { Counters } from './lib/counters.js';
import { sharedLimitStore } from './lib/limitStore.js';
import { installShedding } from './lib/shedding.js';
import { lazySchemaCompilers } from './lib/lazySchemas.js';

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenService;
  /** Mini-app tokens (ES256) and their published key. */
  miniAppTokens: MiniAppTokens;
  codes: CodeService;
  throttle: Throttle;
  /** What the open event streams are told (flag changes, notifications): memory in one process, shared by several. */
  events: EventBus;
  /** The Redis that several instances share (REDIS_URL, `lib/redis.ts`); null for one instance. */
  redis: Redis | null;
  /** Counts of what is held open (event streams) and their caps: in memory, or in Redis with REDIS_URL (`lib/counters.ts`). */
  counters: Counters;
  /** Folder of the built app to serve beside the API; none in API-only tests. */
  staticDir?: string | undefined;
  /** Mounts extra handlers (the local OpenID provider) on the root instance. */
  mount?: (app: FastifyInstance) => Promise<void>;
  /** Request logging (LOG_REQUESTS=1); a stream in tests. Secrets are redacted (lib/logging.ts). */
  logger?: LogTarget;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Compiles every route's validators and serializers now (they are made at a route's first call otherwise). */
    compileSchemas: () => void;
    /** preHandler: the bearer token must be valid; sets request.auth. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler of routes under a building (`:id`): requireUser and the membership in one query; sets request.member. */
    requireMember: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
    member: MemberScope | null;
  }
  interface FastifyContextConfig {
    /** Marks a route as sensitive (see lib/sensitive.ts, which also sets its tight per-address rate limit). */
    sensitive?: boolean;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    schemaController: { compilersFactory: schemas.compilersFactory },
    logger: loggerOptions(deps.logger),
    bodyLimit: 1024 * 1024,
    // A mini-app's storage key (128 characters) is a path parameter; longer ones get the route's own 400.
    routerOptions: { maxParamLength: 300 },
    trustProxy: config.trustProxy,
    // A slow client is cut off: its whole request within requestTimeout, its headers within headersTimeout.
    requestTimeout: config.requestTimeout * 1000,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, allowUnionTypes: true },
      plugins: [dateTimeFormat],
    },
  });
  app.server.headersTimeout = config.headersTimeout * 1000;
  // How often Node looks for requests past those limits (its default, 30 s, would let them live that much longer).
  if ('connectionsCheckingInterval' in app.server) (app.server as { connectionsCheckingInterval: number }).connectionsCheckingInterval = 2000;
  app.decorate('deps', deps);
  app.decorate('compileSchemas', schemas.compileAll);
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.auth = await deps.tokens.verifyAccess(bearerToken(request));
  });
  app.decorate('requireMember', requireMember(deps.db, deps.tokens));
  installPerson(app);
  installErrorHandling(app);
  installInputGuard(app);
  const registered = await registeredMiniApps(deps.db);
  // What the app frames and calls: each mini-app's base URL's origin and the origins it registered.
  const miniApps = [...registered.map((m) => m.baseUrl), ...registered.flatMap((m) => m.origins)];
  const farms = await farmUrls(deps.db);
  const runtimeConfig = runtimeConfigFrom(config, process.env, registered);
  const cardParents = cardFrameParents(config.publicOrigin, await brandHosts(deps.db), config.cardFrameParents);
  if (cardParents.includes(config.cardFrameOrigin)) throw new Error('CARD_FRAME_ORIGIN must be an origin of its own, not one of the app’s');
  if (cardParents.includes(config.miniAppOrigin) || config.miniAppOrigin === config.cardFrameOrigin)
    throw new Error('MINI_APP_ORIGIN must be an origin of its own, neither one of the app’s nor the card frame’s');
  installSecurityHeaders(app, {
    apiBase: config.apiBase,
    framedElsewhere: config.frameAncestors.length > 0,
    csp: appCsp({
      connect: [
        originOf(runtimeConfig.apiBase),
        originOf(runtimeConfig.farmListUrl),
        ...farms.map(originOf),
        originOf(runtimeConfig.sentryDsn),
        ...miniApps.map(originOf),
        ...config.cspConnect,
      ].filter((o): o is string => !!o),
      script: [originOf(runtimeConfig.analyticsTagUrl)].filter((o): o is string => !!o),
      frame: [...miniApps.map(originOf), config.miniAppOrigin, config.cardFrameOrigin, originOf(runtimeConfig.embeddedWidget?.url)].filter(
        (o): o is string => !!o,
      ),
      frameAncestors: config.frameAncestors,
    }),
  });
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Atrium tenant API', version: '1.0.0', description: 'The reference API the Atrium app calls.' },
      servers: [{ url: config.apiBase }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json) => String(json.$id) },
  });

  // Before every route: a request the server cannot serve in time is answered 503 at once (lib/shedding.ts).
  await installShedding(app, config.shedding);
  await app.register(rateLimit, {
    global: false,
    max: config.sensitiveRateLimit,
    timeWindow: '1 minute',
    // With REDIS_URL the counts are one budget across instances (the plugin's Redis store); a route that takes
    // skipOnError is counted in memory while Redis is down, any other is refused with a 503 (lib/limitStore.ts).
    ...(deps.redis ? { store: sharedLimitStore(deps.redis, `${config.redisKeyPrefix}limits:`) } : {}),
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(
    async (api) => {
      if (config.apiKey) {
        api.addHook('onRequest', async (request) => {
          if (request.headers['x-api-key'] !== config.apiKey) throw httpError(401, 'A valid API key is required', 'invalid_api_key');
        });
      }
      // A route module whose every route needs the person is a signed-in scope (server/lib/signedIn.ts); authRoutes
      // holds its own signed-in scopes beside the sign-in routes.
      await api.register(authRoutes);
      await api.register(verificationRoutes);
      await api.register(signedIn(userRoutes));
      await api.register(publicRoutes);
      await api.register(ssoRoutes);
      await api.register(analyticsRoutes);
      await api.register(signedIn(contentRoutes));
      await api.register(signedIn(directoryRoutes));
      await api.register(signedIn(smartBuildingRoutes));
      await api.register(signedIn(emergencyRoutes));
      await api.register(signedIn(serviceRequestRoutes));
      await api.register(signedIn(helpDeskRoutes));
      await api.register(signedIn(bookingRoutes));
      await api.register(signedIn(resourceRoutes));
      await api.register(signedIn(notificationRoutes));
      await api.register(signedIn(paymentRoutes));
      await api.register(signedIn(miniAppPlatformRoutes));
      await api.register(signedIn(kioskVisitRoutes));
      if (!config.production) await api.register(devRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: config.apiBase },
  );
  // Beside the API plugin: the card frame has no API key; its one-time session is its permission (decision 121).
  await app.register(cardVaultRoutes, { prefix: config.apiBase, frameOrigin: config.cardFrameOrigin });
  await app.register(notificationStreamRoutes, { prefix: config.apiBase }); // beside the API plugin: EventSource sends no key (its ticket cookie is its permission)
  await app.register(flagRoutes, { prefix: config.apiBase }); // beside the API plugin: checks the API key itself (EventSource sends no headers)
  // Beside the API plugin: a mini-app calls these from its own origin with its token, which is its permission (no API key).
  installMiniAppCors(app, { apiBase: config.apiBase, origins: [...new Set(registered.flatMap((m) => m.origins))] });
  await app.register(visitRoutes, { prefix: config.apiBase });
  await app.register(jwksRoutes, { apiBase: config.apiBase });

  await app.register(runtimeConfigRoutes, { runtimeConfig });
  const miniAppOrigin = {
    origin: config.miniAppOrigin,
    appOrigins: cardParents,
    connect: [originOf(runtimeConfig.apiBase)].filter((o): o is string => !!o),
    sdkDir: deps.staticDir ? path.join(deps.staticDir, 'sdk') : undefined,
    miniAppsDir: deps.staticDir ? path.join(deps.staticDir, 'miniapps') : undefined,
    production: config.production,
  };
  installMiniAppOriginSplit(app, miniAppOrigin);
  await app.register(miniAppRoutes, miniAppOrigin);
  if (deps.mount) await deps.mount(app);
  await cardFramePage(app, { frameOrigin: config.cardFrameOrigin, parents: cardParents, apiBase: config.apiBase, staticDir: deps.staticDir });

  const staticDir = deps.staticDir && existsSync(path.join(deps.staticDir, 'index.html')) ? deps.staticDir : undefined;
  const sendAppPage = staticDir
    ? appPageSender({ db: deps.db, runtimeConfig, flags: new FlagStore(deps.db, deps.clock) }, path.resolve(staticDir, 'index.html'))
    : null;
  if (staticDir) {
    const root = path.resolve(staticDir);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build wrote brotli and gzip copies (scripts/build/precompress.ts): sent by Accept-Encoding, with Vary.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const relative = path.relative(root, file);
        void reply.header('cache-control', assetCacheControl(relative));
        // The mini-app authors' kit (/sdk/…, issue 23) is public: any mini-app's origin may load it.
        if (relative.startsWith(`sdk${path.sep}`))
          void reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  const appsHost = hostOf(config.miniAppOrigin);
  app.setNotFoundHandler((request, reply) => {
    // The mini-app origin never gets the app's page.
    const onApps = (request.headers.host ?? '').toLowerCase() === appsHost;
    const isApi = request.url === config.apiBase || request.url.startsWith(`${config.apiBase}/`);
    // A missing file (a name with an extension: an old build's chunk, /favicon.ico) is a 404, not the app's page,
    // which a browser would try to run as a script or show as an icon.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split(/[?#]/)[0] ?? '');
    if (!isApi && !isFile && !onApps && sendAppPage && (request.method === 'GET' || request.method === 'HEAD')) {
      // Every other path belongs to the app's router, which shows its own not-found page.
      return sendAppPage(request, reply);
    }
    return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}
