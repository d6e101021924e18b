import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// The plugin's own stores (it exports only the plugin; these files are its public store implementations).
// @ts-expect-error: no type declarations for the store files
import RedisStoreModule from '@fastify/rate-limit/store/RedisStore.js';
// @ts-expect-error: no type declarations for the store files
import LocalStoreModule from '@fastify/rate-limit/store/LocalStore.js';
import { HttpError } from './errors.js';
import type { Redis } from './redis.js';

type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => FastifyRateLimitStore & StoreRead;
interface StoreRead {
  read?: FastifyRateLimitStore['incr'];
}
const RedisStore = RedisStoreModule as StoreCtor;
const LocalStore = LocalStoreModule as StoreCtor;

/** Seconds a refused request is told to wait while Redis is unreachable. */
export const LIMITS_DOWN_RETRY_AFTER = 5;

/**
 * A limit that must hold across instances could not be counted (Redis is unreachable): the request is refused with a
 * 503 and Retry-After rather than let through uncounted (sign-in, codes, the email check: a guess not counted is a
 * guess for free).
 */
export function limitsUnavailable(): HttpError {
  const error = new HttpError(503, 'This cannot be checked right now. Please try again in a few seconds.', 'limits_unavailable');
  error.retryAfter = LIMITS_DOWN_RETRY_AFTER;
  return error;
}

interface RouteLimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  /** The plugin's own flag, read here as the route's choice for a Redis that is down: true allows (counted in memory). */
  skipOnError?: boolean;
  /** The route's method and path, which the plugin's Redis store puts in its keys. */
  routeInfo?: { method?: string; url?: string };
}

/**
 * The rate-limit plugin's Redis store (its own Lua script and keys, under `nameSpace`), with what a route does when
 * Redis cannot be reached decided per route by its `skipOnError`:
 *  - false (the default; the sensitive routes): the request is refused, 503 `limits_unavailable` with Retry-After;
 *  - true (the per-person write limits): the request is counted in this instance's memory meanwhile (the plugin's
 *    local store), so a person's limit still holds on each instance, as it did before Redis.
 */
export function sharedLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class SharedLimitStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore & StoreRead;
    private readonly local: FastifyRateLimitStore & StoreRead;
    private readonly allowWhenDown: boolean;

    constructor(options: FastifyRateLimitOptions & RouteLimitOptions, parent?: { shared: FastifyRateLimitStore; local: FastifyRateLimitStore }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.allowWhenDown = options.skipOnError ?? false;
      if (parent) {
        // A limit made with createRateLimit (the write limits) has no route: its keys are `<nameSpace>write-<name>:…`
        // rather than the plugin's `undefinedundefined-<name>:…`.
        const named = options.routeInfo?.method ? options : { ...options, routeInfo: { method: 'write', url: '' } };
        this.shared = parent.shared.child(named as never);
        this.local = parent.local.child(options as never);
      } else {
        this.shared = new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
        this.local = new LocalStore(continueExceeding, exponentialBackoff, options.cache);
      }
    }

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          if (!this.allowWhenDown) return callback(limitsUnavailable());
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    read(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      this.shared.read!(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          if (!this.allowWhenDown) return callback(limitsUnavailable());
          this.local.read!(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedLimitStore(routeOptions as unknown as RouteLimitOptions, { shared: this.shared, local: this.local });
    }
  }
  return SharedLimitStore;
}
