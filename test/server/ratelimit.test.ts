import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';

const LIMIT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sensitiveRateLimit: LIMIT });
});
afterAll(() => server.close());

/** A request from a given client address (each address has its own allowance). */
let nextAddress = 1;
const newAddress = () => `10.0.0.${nextAddress++}`;
async function from(
  address: string,
  method: InjectOptions['method'],
  path: string,
  options: { body?: object; token?: string; headers?: Record<string, string> } = {},
) {
  const response = await server.app.inject({
    method,
    url: `${server.config.apiBase}${path}`,
    remoteAddress: address,
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body ? { payload: options.body } : {}),
  });
  let body: any = response.body;
  try {
    body = response.json();
  } catch {
    /* not JSON */
  }
  return { status: response.statusCode, body, headers: response.headers };
}

function expectLimited(res: { status: number; body: any; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  expect(res.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sensitive routes are rate limited per client address', () => {
  it('the fourth login in a minute answers 429 with a JSON message', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      const res = await from(address, 'POST', '/auth/v2/login', { body: DEMO_LOGIN });
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
    }
    const fourth = await from(address, 'POST', '/auth/v2/login', { body: DEMO_LOGIN });
    expectLimited(fourth);
    expect(fourth.body).not.toHaveProperty('token');
  });

  it('counts failed attempts too, and a forged X-Forwarded-For does not reset the count', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect((await from(address, 'POST', '/auth/v2/login', { body: { ...DEMO_LOGIN, password: `Guess!${i}aA` } })).status).toBe(401);
    }
    expectLimited(await from(address, 'POST', '/auth/v2/login', { body: DEMO_LOGIN }));
    expectLimited(await from(address, 'POST', '/auth/v2/login', { body: DEMO_LOGIN, headers: { 'x-forwarded-for': '203.0.113.9' } }));
  });

  it('another address keeps its own allowance', async () => {
    const busy = newAddress();
    for (let i = 0; i < LIMIT; i++) await from(busy, 'POST', '/auth/v2/login', { body: DEMO_LOGIN });
    expectLimited(await from(busy, 'POST', '/auth/v2/login', { body: DEMO_LOGIN }));
    expect((await from(newAddress(), 'POST', '/auth/v2/login', { body: DEMO_LOGIN })).status).toBe(200);
  });

  it('limits every sensitive route, each with its own count', async () => {
    const address = newAddress();
    const token = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
    const routes: [InjectOptions['method'], string, { body?: object; token?: string }][] = [
      ['POST', '/auth/validate-email', { body: { email: DEMO_LOGIN.email } }],
      ['POST', '/auth/v2/validate-email', { body: { email: DEMO_LOGIN.email } }],
      ['POST', '/auth/register', { body: { email: DEMO_LOGIN.email, first_name: 'Re', last_name: 'Peat', password: 'x', is_term_accepted: true } }],
      ['PUT', '/user-verification/code/1234/consume?email=pending%40northwind.example', {}],
      // The mail routes each with an address of its own: an address's codes an hour count across them (MAIL_POLICY).
      ['POST', '/user-verification/code/resend', { body: { email: 'nobody1@northwind.example' } }],
      ['POST', '/user-verification/code/reset-password/send', { body: { email: 'nobody2@northwind.example' } }],
      ['POST', '/user-verification/v2/code/reset-password/send', { body: { email: 'nobody3@northwind.example' } }],
      ['POST', '/user-verification/code/reset-password/resend', { body: { email: 'nobody4@northwind.example' } }],
      [
        'PUT',
        '/user-verification/code/reset-password/consume',
        { body: { email: 'nobody@northwind.example', code: '1234', new_password: 'Aa1!aaaaa' } },
      ],
      ['PUT', '/users/current/password', { token, body: { password: 'wrong', new_password: 'Aa1!aaaaa' } }],
      ['GET', '/public/buildings?domain=globex.example', {}],
      // Mails the help desk: a flood of support requests is limited like sign-in (decision 058).
      ['POST', '/helpdesk-service/v1/records/create', { token, body: { subject: 'x' } }],
    ];
    for (const [method, path, options] of routes) {
      for (let i = 0; i < LIMIT; i++) {
        const res = await from(address, method, path, options);
        expect(res.status, `${method} ${path} #${i + 1}`).not.toBe(429);
      }
      const over = await from(address, method, path, options);
      expect(over.status, `${method} ${path} over the limit`).toBe(429);
      expectLimited(over);
    }
  });

  it('does not limit ordinary routes', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await from(address, 'GET', '/healthcheck')).status).toBe(200);
      expect((await from(address, 'GET', '/public/guest-buildings')).status).toBe(200);
    }
    const { refresh } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD);
    let token = refresh;
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await from(address, 'POST', '/auth/v2/refresh', { body: { refresh_token: token } });
      expect(res.status).toBe(200);
      token = res.body.refresh_token.token;
    }
  });
});
