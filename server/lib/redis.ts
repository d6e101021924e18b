import { Redis, type RedisOptions } from 'ioredis';

/**
 * The one place a Redis connection is opened (REDIS_URL; issue 27). Everything that must be shared by several instances
 * and is not in Postgres goes through it: the request limits' counts (the rate-limit plugin's Redis store), the open
 * event streams' counters (`lib/counters.ts`) and the event bus. Without REDIS_URL there is none, and those stay in
 * the process's memory as they were.
 *
 * A Redis that is down must not hold requests: no offline queue (a command while disconnected fails at once), one retry
 * of a command across a reconnect, a command timeout, and reconnects that keep trying every few seconds. What a route
 * does when its command fails (refuse or allow) is the route's choice (decision 222-shared-limits-and-shedding).
 */
export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // A Redis that accepts the connection but does not answer (a partition, a stuck server) still fails within a second.
  commandTimeout: 1000,
  connectTimeout: 2000,
  // Reconnect at 100 ms, 200 ms … then every 2 s, for as long as the server runs.
  retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  // The rate-limit store's Lua scripts are defined on the connection; a reconnect keeps them.
  enableReadyCheck: true,
};

export interface RedisConnectionOptions {
  /** A name the server gives its connection (CLIENT SETNAME), seen in `redis-cli client list`. */
  name?: string;
  /** Where the connection's troubles are told (once per outage, not per failed command); console.warn by default. */
  warn?: (message: string) => void;
  /** Options of this connection unlike the others' (the event bus's reader waits on XREAD BLOCK longer than a command may). */
  overrides?: RedisOptions;
}

/** A connection to `url` with the options above; its errors are reported once per outage, never thrown as events. */
export function openRedis(url: string, options: RedisConnectionOptions = {}): Redis {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const redis = new Redis(url, { ...REDIS_OPTIONS, connectionName: options.name ?? 'atrium', ...options.overrides });
  let down = false;
  // Without a listener, ioredis prints every failed reconnect as an unhandled error event.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    warn(`Redis at ${safeUrl(url)} is unreachable (${error.message}); requests that need it are answered without it or refused until it is back.`);
  });
  redis.on('ready', () => {
    if (down) warn(`Redis at ${safeUrl(url)} is reachable again.`);
    down = false;
  });
  return redis;
}

/**
 * Waits until the connection is ready, at most `ms`; answers whether it is (a refused connection answers false at once).
 * A server starts either way.
 */
export async function redisReady(redis: Redis, ms = 2000): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onEnd);
      redis.off('end', onEnd);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onEnd = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    redis.once('ready', onReady);
    redis.once('error', onEnd);
    redis.once('end', onEnd);
  });
}

/** Closes the connection: QUIT when it is up, a disconnect otherwise (a QUIT to a down server would fail). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

export type { Redis };
