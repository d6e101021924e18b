import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SHEDDING, startTestServer, type TestServer } from './harness.js';
import type { SheddingConfig } from '../../server/config.js';
import { workGate } from '../../server/lib/shedding.js';
import { HttpError } from '../../server/lib/errors.js';

/**
 * Load shedding (issue 27, lib/shedding.ts): past a ceiling the server answers 503 with Retry-After and the app's JSON
 * error at once; the health check is never shed. The pressure is forced: a heap ceiling under what any process uses,
 * and an event loop kept busy on purpose; the tests wait for the plugin's next sample, not for a fixed time.
 */
const off: SheddingConfig = NO_SHEDDING;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectShed(res: { status: number; body: unknown }, headers: Record<string, unknown>) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    code: 'overloaded',
    message: 'The server is busy. Please try again in a few seconds.',
  });
  expect(headers['retry-after']).toBe('3');
}

async function get(path: string) {
  const response = await server!.app.inject({ method: 'GET', url: `${server!.config.apiBase}${path}` });
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

describe('load shedding', () => {
  it('sheds every route but the health check while the heap is past its ceiling', async () => {
    server = await startTestServer({ shedding: { ...off, maxHeapUsedMb: 1, sampleMs: 10, retryAfter: 3 } });
    await server.app.ready();
    await vi.waitFor(() => expect(server!.app.isShedding()).toBe(true), { timeout: 5000, interval: 5 });
    const shed = await get('/public/guest-buildings');
    expectShed(shed, shed.headers);
    const signIn = await server.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email: 'a@b.example', password: 'x' } });
    expectShed({ status: signIn.statusCode, body: signIn.json() }, signIn.headers);
    const health = await get('/healthcheck');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'OK' });
  });

  it('sheds while the event loop is kept busy past its delay ceiling, and serves again once it is free', async () => {
    server = await startTestServer({ shedding: { ...off, maxEventLoopDelayMs: 25, sampleMs: 100, retryAfter: 3 } });
    await server.app.ready();
    await vi.waitFor(() => expect(server!.app.memoryUsage().eventLoopDelay).toBeLessThan(25), { timeout: 5000, interval: 5 });
    expect((await get('/public/guest-buildings')).status).toBe(200);
    // Keep the event loop busy in 60 ms slices, as requests that each compute that long would; requests are still
    // taken between the slices, and the samples see the delay for as long as it lasts.
    let busy = true;
    const slice = () => {
      if (!busy) return;
      const until = performance.now() + 60;
      while (performance.now() < until) {
        /* busy */
      }
      setImmediate(slice);
    };
    slice();
    try {
      await vi.waitFor(() => expect(server!.app.isShedding()).toBe(true), { timeout: 5000, interval: 5 });
      const shed = await get('/public/guest-buildings');
      expectShed(shed, shed.headers);
      expect((await get('/healthcheck')).status).toBe(200);
    } finally {
      busy = false;
    }
    // The loop is free again: a later sample lets requests through.
    await vi.waitFor(() => expect(server!.app.isShedding()).toBe(false), { timeout: 5000, interval: 5 });
    expect((await get('/public/guest-buildings')).status).toBe(200);
  });

  it('sheds nothing with every ceiling off (as the other server tests run)', async () => {
    server = await startTestServer({ shedding: off });
    expect(server.app.hasDecorator('isUnderPressure')).toBe(true);
    expect((await get('/public/guest-buildings')).status).toBe(200);
  });
});

describe('the work gate in front of the password hashes', () => {
  const held = () => {
    let release = () => {};
    const done = new Promise<string>((resolve) => (release = () => resolve('done')));
    return { done, release };
  };

  it('runs so many at once, queues so many, and sheds the next at once with the shed answer', async () => {
    const run = workGate({ atOnce: 1, waiting: 1, maxWaitMs: 60_000, retryAfter: 2 });
    const first = held();
    const second = held();
    const running = run(() => first.done);
    let secondStarted = false;
    const queued = run(() => {
      secondStarted = true;
      return second.done;
    });
    const refused = await run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'overloaded', retryAfter: 2 });
    expect(secondStarted).toBe(false);
    first.release();
    expect(await running).toBe('done');
    await vi.waitFor(() => expect(secondStarted).toBe(true));
    second.release();
    expect(await queued).toBe('done');
    // Free again: the next runs at once.
    expect(await run(async () => 'next')).toBe('next');
  });

  it('sheds a queued run that waited past its bound instead of running it late', async () => {
    const run = workGate({ atOnce: 1, waiting: 5, maxWaitMs: -1, retryAfter: 2 });
    const first = held();
    const running = run(() => first.done);
    let lateStarted = false;
    const late = run(async () => {
      lateStarted = true;
      return 'late';
    }).catch((error: unknown) => error);
    first.release();
    await running;
    expect(await late).toMatchObject({ statusCode: 503, code: 'overloaded' });
    expect(lateStarted).toBe(false);
  });
});
