import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /auth/v2/login', () => {
  it('signs the demo tenant in with tokens and the user', async () => {
    const { status, body } = await server.call('POST', '/auth/v2/login', { body: DEMO_LOGIN });
    expect(status).toBe(200);
    expect(body.user.email).toBe(DEMO_LOGIN.email);
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.expires_in).toBe(server.config.accessTokenTtl);
    expect(body.refresh_token.token).toMatch(/\S{20,}/);
  });

  it('answers 401 with the specification message for a wrong password or unknown email', async () => {
    for (const body of [{ ...DEMO_LOGIN, password: 'Wrong!2026' }, { email: 'nobody@northwind.example', password: 'x' }]) {
      const res = await server.call('POST', '/auth/v2/login', { body });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("User email or password doesn't match");
    }
  });

  it('answers 400 with a message for missing fields, wrong types and malformed JSON', async () => {
    const missing = await server.call('POST', '/auth/v2/login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/email/);
    const wrongType = await server.call('POST', '/auth/v2/login', { body: { email: 5, password: true } });
    expect(wrongType.status).toBe(400);
    const malformed = await server.call('POST', '/auth/v2/login', { payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
  });

  it('refuses a deactivated account', async () => {
    const res = await server.call('POST', '/auth/v2/login', { body: { email: 'former@globex.example', password: DEMO_LOGIN.password } });
    expect(res.status).toBe(403);
  });
});

describe('unknown routes', () => {
  it('answer a JSON 404 under the API base', async () => {
    const res = await server.call('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No route/);
  });
});
