import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { SheddingConfig } from '../config.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never shed this route (the health check, which a proxy reads to tell a busy instance from a dead one). */
    shed?: boolean;
  }
}

/** What a shed request is told: the app's error shape, 503, with Retry-After. */
export function overloaded(retryAfter: number): HttpError {
  const error = new HttpError(503, 'The server is busy. Please try again in a few seconds.', 'overloaded');
  error.retryAfter = retryAfter;
  return error;
}

/**
 * Load shedding (issue 27): @fastify/under-pressure samples the event loop's delay (and, when set, its utilization),
 * the heap and the resident memory every `sampleMs`; while one is past its ceiling every request is answered 503 at
 * its first hook, before any work, rather than held in a queue it would leave seconds later. Routes whose config says
 * `shed: false` are served as usual. All ceilings 0: nothing is installed.
 */
export async function installShedding(app: FastifyInstance, config: SheddingConfig) {
  const mb = 1024 * 1024;
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    maxHeapUsedBytes: config.maxHeapUsedMb * mb,
    maxRssBytes: config.maxRssMb * mb,
    sampleInterval: config.sampleMs,
    // Utilization of the last sample only, not since the start (which a long quiet morning would keep low).
    eventLoopUtilizationMode: 'interval',
    pressureHandler: (request) => {
      if (request.routeOptions.config?.shed === false) return undefined;
      // A rejected promise reaches the error handler (lib/errors.ts): the app's JSON error and its Retry-After.
      return Promise.reject(overloaded(config.retryAfter));
    },
  });
}
