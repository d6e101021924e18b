import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { freePort, startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';
import { WRITE_LIMITS } from '../../server/lib/writeLimits.js';

/**
 * What the server does when its Redis cannot be reached (decision 222-shared-limits-and-shedding): the routes whose
 * limit stops guessing (sign-in, the email check, codes) refuse at once with 503 and Retry-After; the rest answer, their
 * write limits counted in the instance's memory meanwhile, and open streams capped per instance. Once Redis is back,
 * the shared counts are used again.
 */

/** A redis-server of this test's own on a free port (the machine's is never stopped), or the same port again. */
async function startRedis(port?: number): Promise<{ port: number; url: string; stop(): Promise<void> }> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null) return reject(new Error('redis-server exited'));
        const socket = connect(chosen, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.once('error', reject);
      }),
    { timeout: 10_000, interval: 20 },
  );
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // As a crash would: no goodbye to the clients.
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

let nextAddress = 1;
const newAddress = () => `10.28.0.${nextAddress++}`;

async function from(server: TestServer, address: string, method: InjectOptions['method'], path: string, body?: object) {
  const started = performance.now();
  const response = await server.app.inject({
    method,
    url: `${server.config.apiBase}${path}`,
    remoteAddress: address,
    ...(body ? { payload: body } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as { statusCode?: number; error?: string; code?: string; message?: string },
    headers: response.headers,
    ms: performance.now() - started,
  };
}

function expectRefusedForNow(res: Awaited<ReturnType<typeof from>>) {
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    code: 'limits_unavailable',
    message: 'This cannot be checked right now. Please try again in a few seconds.',
  });
  expect(res.headers['retry-after']).toBe('5');
  // Refused at once, not after a wait for Redis.
  expect(res.ms).toBeLessThan(1500);
}

const pageView = { event: 'page_view', properties: { previousUrl: null, url: '/home' } };

describe('a Redis that cannot be reached from the start (a closed port)', () => {
  it('refuses sign-in, the email check and codes with 503; serves reads; counts writes in memory', async () => {
    const closedPort = await freePort();
    const server = await startTestServer(
      { redisUrl: `redis://127.0.0.1:${closedPort}`, redisKeyPrefix: 'atrium-test-down:', sensitiveRateLimit: 3, writeLimitFactor: 1 },
      { listen: true },
    );
    stops.push(() => server.close());
    const address = newAddress();
    expectRefusedForNow(await from(server, address, 'POST', '/auth/v2/login', DEMO_LOGIN));
    expectRefusedForNow(await from(server, address, 'POST', '/auth/v2/validate-email', { email: DEMO_LOGIN.email }));
    expectRefusedForNow(await from(server, address, 'PUT', '/user-verification/code/1234/consume?email=pending%40northwind.example'));
    // Reads answer as ever.
    expect((await from(server, address, 'GET', '/healthcheck')).status).toBe(200);
    expect((await from(server, address, 'GET', '/public/guest-buildings')).status).toBe(200);
    // A write limit still holds, on this instance: the address's analytics events pass up to the limit, then 429.
    for (let i = 0; i < WRITE_LIMITS.analytics.max; i++)
      expect((await from(server, address, 'POST', '/analytics/v2/track', pageView)).status).toBeLessThan(300);
    expect((await from(server, address, 'POST', '/analytics/v2/track', pageView)).status).toBe(429);
    // An event stream opens, capped by this instance's own count.
    const controller = new AbortController();
    try {
      const stream = () =>
        fetch(`${server.config.publicOrigin}/api/flags/v1/stream`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
      expect((await stream()).status).toBe(200);
    } finally {
      controller.abort();
    }
  });
});

describe('a Redis that stops mid-way and comes back', () => {
  it('refuses sign-in on both instances while it is down, serves the rest, and shares the counts again once it is back', async () => {
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const config = { redisUrl: redis.url, redisKeyPrefix: `atrium-test-mid:${process.pid}:`, sensitiveRateLimit: 3 };
    const a = await startTestServer(config);
    stops.push(() => a.close());
    const b = await a.startAnother();
    const address = newAddress();
    expect((await from(a, address, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);

    await redis.stop();
    expectRefusedForNow(await from(b, address, 'POST', '/auth/v2/login', DEMO_LOGIN));
    expectRefusedForNow(await from(a, address, 'POST', '/auth/v2/login', DEMO_LOGIN));
    expectRefusedForNow(await from(b, newAddress(), 'POST', '/auth/v2/validate-email', { email: DEMO_LOGIN.email }));
    expect((await from(a, address, 'GET', '/public/guest-buildings')).status).toBe(200);
    expect((await from(b, address, 'POST', '/analytics/v2/track', pageView)).status).toBeLessThan(300);

    const again = await startRedis(redis.port);
    stops.push(() => again.stop());
    // Both reconnect (every 2 s at most) and count in the new Redis as one budget: two more sign-ins pass, the third is refused.
    await vi.waitFor(async () => expect((await from(a, newAddress(), 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect((await from(b, newAddress(), 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    const later = newAddress();
    expect((await from(a, later, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
    expect((await from(b, later, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
    expect((await from(a, later, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(200);
    expect((await from(b, later, 'POST', '/auth/v2/login', DEMO_LOGIN)).status).toBe(429);
  });
});
