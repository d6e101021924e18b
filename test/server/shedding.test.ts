import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { readConfig, type SheddingConfig } from '../../server/config.js';

/**
 * Load shedding (issue 27, lib/shedding.ts): past a ceiling the server answers 503 with Retry-After and the app's JSON
 * error at once; the health check is never shed. The pressure is forced: a heap ceiling under what any process uses,
 * and an event loop kept busy on purpose; the tests wait for the plugin's next sample, not for a fixed time.
 */
const off: SheddingConfig = { ...readConfig({}).shedding, maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxHeapUsedMb: 0, maxRssMb: 0 };
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
    await vi.waitFor(() => expect(server!.app.isUnderPressure()).toBe(true), { timeout: 5000, interval: 5 });
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
      await vi.waitFor(() => expect(server!.app.isUnderPressure()).toBe(true), { timeout: 5000, interval: 5 });
      const shed = await get('/public/guest-buildings');
      expectShed(shed, shed.headers);
      expect((await get('/healthcheck')).status).toBe(200);
    } finally {
      busy = false;
    }
    // The loop is free again: a later sample lets requests through.
    await vi.waitFor(() => expect(server!.app.isUnderPressure()).toBe(false), { timeout: 5000, interval: 5 });
    expect((await get('/public/guest-buildings')).status).toBe(200);
  });

  it('sheds nothing with every ceiling off (as the other server tests run)', async () => {
    server = await startTestServer({ shedding: off });
    expect(server.app.hasDecorator('isUnderPressure')).toBe(true);
    expect((await get('/public/guest-buildings')).status).toBe(200);
  });
});
