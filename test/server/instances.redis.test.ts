import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, testRedis, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';
import { WRITE_LIMITS } from '../../server/lib/writeLimits.js';

/**
 * Two instances of the server in one process, on one database (the run's Postgres with TEST_DATABASE_URL, else one
 * PGlite) and one Redis (TEST_REDIS_URL, the machine's by default; a key prefix of this file's own): what one instance
 * counts, the other sees (issue 27).
 */
const LIMIT = 3;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer({ ...testRedis(), sensitiveRateLimit: LIMIT, writeLimitFactor: 1 });
  b = await a.startAnother();
});
afterAll(() => a.close());

let nextAddress = 1;
const newAddress = () => `10.27.0.${nextAddress++}`;

async function from(server: TestServer, address: string, method: InjectOptions['method'], path: string, body?: object) {
  const response = await server.app.inject({
    method,
    url: `${server.config.apiBase}${path}`,
    remoteAddress: address,
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code?: string; message?: string }, headers: response.headers };
}

describe('two instances on one Redis', () => {
  it('share one per-address budget on the sign-in route: A, B, A pass and the fourth, on B, is refused', async () => {
    const address = newAddress();
    const turns = [a, b, a];
    for (const [i, server] of turns.entries()) {
      const res = await from(server, address, 'POST', '/auth/v2/login', DEMO_LOGIN);
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
    }
    const fourth = await from(b, address, 'POST', '/auth/v2/login', DEMO_LOGIN);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Another address keeps its own budget on either instance.
    expect((await from(b, newAddress(), 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
  });

  it('share the email check and code routes’ budgets too, each route its own', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect((await from(i % 2 ? b : a, address, 'POST', '/auth/v2/validate-email', { email: DEMO_LOGIN.email })).status).toBe(200);
    }
    expect((await from(b, address, 'POST', '/auth/v2/validate-email', { email: DEMO_LOGIN.email })).status).toBe(429);
    // The sign-in route's count is its own.
    expect((await from(a, address, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
  });

  it('share a write limit: an address’s analytics events are counted once across both', async () => {
    const address = newAddress();
    const event = { event: 'page_view', properties: { previousUrl: null, url: '/home' } };
    const { max } = WRITE_LIMITS.analytics;
    for (let i = 0; i < max; i++) {
      const res = await from(i % 2 ? b : a, address, 'POST', '/analytics/v2/track', event);
      expect(res.status, `event ${i + 1}`).toBeLessThan(300);
    }
    const over = await from(a, address, 'POST', '/analytics/v2/track', event);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('too_many_requests');
  });

  it('without Redis each instance counts alone (one instance’s behaviour, unchanged)', async () => {
    const solo = await startTestServer({ sensitiveRateLimit: LIMIT });
    try {
      const other = await solo.startAnother();
      const address = newAddress();
      for (let i = 0; i < LIMIT; i++) expect((await from(solo, address, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
      expect((await from(solo, address, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(429);
      expect((await from(other, address, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
    } finally {
      await solo.close();
    }
  });
});

describe('open event streams counted across instances', () => {
  it('caps a client’s streams across both instances, and a closed one frees its place on either', async () => {
    const shared = testRedis();
    const first = await startTestServer({ ...shared, eventStreamsPerClient: 2 }, { listen: true });
    const controllers: AbortController[] = [];
    const open = async (server: TestServer) => {
      const controller = new AbortController();
      controllers.push(controller);
      return fetch(`${server.config.publicOrigin}/api/flags/v1/stream`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    };
    try {
      const second = await first.startAnother({}, { listen: true });
      expect((await open(first)).status).toBe(200);
      expect((await open(second)).status).toBe(200);
      const third = await open(first);
      expect(third.status).toBe(429);
      expect(((await third.json()) as { code: string }).code).toBe('streams_per_client');
      expect((await open(second)).status).toBe(429);
      controllers[1]!.abort();
      // The instance that held it gives the place back when it sees the connection close.
      await vi.waitFor(async () => expect((await open(first)).status).toBe(200), { timeout: 5000 });
    } finally {
      for (const controller of controllers) controller.abort();
      await first.close();
    }
  });
});
