import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { SheddingConfig } from '../config.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether requests are being shed now (under pressure, and start-up's samples past). */
    isShedding(): boolean;
  }
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
  // Start-up (migrations, the first compiles) holds the event loop: the samples that cover it say nothing of load, so
  // nothing is shed until a whole sample has been taken after the server was ready.
  let servingFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    servingFrom = performance.now() + 2 * config.sampleMs;
  });
  const settled = () => performance.now() >= servingFrom;
  app.decorate('isShedding', () => settled() && app.isUnderPressure());
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    maxHeapUsedBytes: config.maxHeapUsedMb * mb,
    maxRssBytes: config.maxRssMb * mb,
    sampleInterval: config.sampleMs,
    // Utilization of the last sample only, not since the start (which a long quiet morning would keep low).
    eventLoopUtilizationMode: 'interval',
    pressureHandler: (request) => {
      if (request.routeOptions.config?.shed === false || !settled()) return undefined;
      // A rejected promise reaches the error handler (lib/errors.ts): the app's JSON error and its Retry-After.
      return Promise.reject(overloaded(config.retryAfter));
    },
  });
}

export interface WorkGateOptions {
  /** Runs at once. */
  atOnce: number;
  /** Runs waiting for a turn; one more is refused at once. */
  waiting: number;
  /** A run that waited this long for its turn is refused instead (its client has waited enough). */
  maxWaitMs: number;
  /** Seconds a refused run's client is told to wait. */
  retryAfter: number;
}

/**
 * A bounded queue in front of work that runs off the event loop, where under-pressure does not see it pile up: the
 * password hashes run on libuv's four threads, and a burst of sign-ins queued there for seconds leaves the event loop
 * idle. Past `waiting` queued runs, or `maxWaitMs` in the queue, a run is refused with the shed answer (503 overloaded).
 */
export function workGate(options: WorkGateOptions) {
  let running = 0;
  const queue: { since: number; start: () => void; refuse: () => void }[] = [];
  /** Gives free places to the runs waiting, oldest first; those that waited too long are refused without running. */
  const next = () => {
    while (running < options.atOnce && queue.length > 0) {
      const turn = queue.shift()!;
      if (performance.now() - turn.since > options.maxWaitMs) {
        turn.refuse();
        continue;
      }
      running += 1;
      turn.start();
    }
  };
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < options.atOnce) {
      running += 1;
    } else {
      if (queue.length >= options.waiting) throw overloaded(options.retryAfter);
      // The place is taken for this run by next() before it starts.
      await new Promise<void>((start, reject) =>
        queue.push({ since: performance.now(), start, refuse: () => reject(overloaded(options.retryAfter)) }),
      );
    }
    try {
      return await work();
    } finally {
      running -= 1;
      next();
    }
  };
}
