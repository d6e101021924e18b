import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { migrate, openDb, type Db } from './db/index.js';
import { DEMO_MINI_APP_UUIDS, seedDemoData } from './db/seed.js';
import { systemClock, type Clock } from './lib/clock.js';
import { CodeService } from './lib/codes.js';
import { createMailer } from './lib/mail.js';
import { TokenService } from './lib/tokens.js';
import { MiniAppTokens } from './lib/miniAppTokens.js';
import { placeDemoMiniApps } from './stores/miniApps.js';
import { Throttle } from './lib/throttle.js';
import { memoryEventBus, type EventBus } from './lib/eventBus.js';
import { openRedisEventBus } from './lib/redisEventBus.js';
import { closeRedis, openRedis, redisReady, type Redis } from './lib/redis.js';
import { memoryCounters, redisCounters } from './lib/counters.js';
import { startupLock } from './db/startupLock.js';
import type { LogTarget } from './lib/logging.js';
import { mountDevOidc } from './oidc/devProvider.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export interface CreateServerOptions {
  clock?: Clock;
  staticDir?: string;
  /** An open database to use instead of the one the config names (tests share one per file). */
  db?: Db;
  logger?: LogTarget;
  /** The event bus to use; when not given, one on Redis with REDIS_URL set, else one in memory. */
  events?: EventBus;
  /** Where the Redis connection's troubles are told (console.warn by default). */
  warn?: (message: string) => void;
}

/** Opens the database, migrates and seeds it, and builds the API (plus the app's files and the dev OpenID provider). */
export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<RunningServer> {
  const db = options.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Instances that start at once on one Postgres take turns here: one migrates and seeds, the others find it done.
  await startupLock(db, async () => {
    await migrate(db);
    await seedDemoData(db, { production: config.production });
  });
  // Before the server makes its own secrets: the copy is of the demo data only.
  await db.keepAsTemplate?.().catch((error: unknown) => console.warn('The data folder template could not be kept:', error));
  // The demo mini-apps (and the seeded links to them) on this server's mini-app origin, whatever port the copy was made on.
  await placeDemoMiniApps(db, config.miniAppOrigin, DEMO_MINI_APP_UUIDS);
  const clock = options.clock ?? systemClock;
  const tokens = new TokenService(db, await TokenService.secretFor(db, process.env.JWT_SECRET), clock, config);
  const throttle = new Throttle(db, clock);
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const redis: Redis | null = config.redisUrl ? openRedis(config.redisUrl, { warn }) : null;
  // A Redis that is down at start does not stop the server: it serves what does not need Redis and retries meanwhile.
  if (redis && !(await redisReady(redis))) warn('Starting without Redis: it did not answer within 2 s.');
  const counters = redis ? redisCounters(redis, { prefix: `${config.redisKeyPrefix}counters:`, warn }) : memoryCounters();
  const events =
    options.events ?? (config.redisUrl ? await openRedisEventBus(config.redisUrl, { prefix: config.redisKeyPrefix, warn }) : memoryEventBus());
  const app = await buildApp({
    redis,
    counters,
    db,
    config,
    clock,
    tokens,
    miniAppTokens: await MiniAppTokens.create(db, config.miniAppSigningKey, clock, config.publicOrigin),
    throttle,
    events,
    codes: new CodeService(db, clock, throttle),
    mailer: createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    staticDir: options.staticDir,
    logger: options.logger ?? false,
    mount: config.devOidc ? (root) => mountDevOidc(root, db, config) : undefined,
  });
  return {
    app,
    db,
    async close() {
      await app.close();
      if (!options.events) await events.close();
      await counters.close();
      if (redis) await closeRedis(redis);
      if (!options.db) await db.close();
    },
  };
}
