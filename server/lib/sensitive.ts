import type { FastifyContextConfig, FastifyInstance } from 'fastify';

/**
 * The route config of a sensitive route (sign-in, email check, codes, passwords): the tight per-address limit.
 * The limit is set on the route itself because @fastify/rate-limit reads `config.rateLimit` in its own onRoute
 * hook, which runs before the one in app.ts that would otherwise add it (so that one came too late). With REDIS_URL the
 * count is one across every instance.
 */
export function sensitive(app: FastifyInstance): FastifyContextConfig {
  // With REDIS_URL, a Redis that is down refuses these routes (503, lib/limitStore.ts) rather than count no guess.
  return { sensitive: true, rateLimit: { max: app.deps.config.sensitiveRateLimit, timeWindow: '1 minute', skipOnError: false } };
}
