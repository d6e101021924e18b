import type { FastifyContextConfig, FastifyInstance } from 'fastify';

/**
 * The route config of a sensitive route (sign-in, email check, codes, passwords): the tight per-address limit.
 * The limit is set on the route itself because @fastify/rate-limit reads `config.rateLimit` in its own onRoute
 * hook, which runs before the one in app.ts that would otherwise add it (so that one came too late).
 */
export function sensitive(app: FastifyInstance): FastifyContextConfig {
  return { sensitive: true, rateLimit: { max: app.deps.config.sensitiveRateLimit, timeWindow: '1 minute' } };
}
