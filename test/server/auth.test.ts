import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { expectError } from './helpers.js';

const WRONG_LOGIN = "User email or password doesn't match";

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
    expect(body.user).toMatchObject({
      first_name: 'Dana',
      last_name: 'Demo',
      confirmed: true,
      terms_accepted: true,
      deactivated: false,
      created_by: 'user',
      company_name: 'Northwind Traders',
      roles: [{ name: 'tenant' }],
    });
    expect(body.expires_in).toBe(server.config.accessTokenTtl);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh_token.token).toMatch(/\S{20,}/);
    expect(body.refresh_token.expires_in).toBe(server.config.refreshTokenTtl);
    // The access token is a working bearer token for this very user.
    const me = await server.call('GET', '/users/current', { token: body.token });
    expect(me.status).toBe(200);
    expect(me.body.data.uuid).toBe(body.user.uuid);
  });

  it('accepts the email in any case and with the domain in capitals', async () => {
    const { status, body } = await server.call('POST', '/auth/v2/login', { body: { ...DEMO_LOGIN, email: 'Demo@NorthWind.EXAMPLE' } });
    expect(status).toBe(200);
    expect(body.user.email).toBe(DEMO_LOGIN.email);
  });

  it('answers 401 with the specification message for a wrong password or unknown email', async () => {
    for (const body of [
      { ...DEMO_LOGIN, password: 'Wrong!2026' },
      { email: 'nobody@northwind.example', password: 'x' },
    ]) {
      const res = await server.call('POST', '/auth/v2/login', { body });
      expectError(res, 401, WRONG_LOGIN);
      expect(res.body.code).toBe('wrong_credentials');
      expect(res.body).not.toHaveProperty('token');
    }
  });

  it('answers 401 for an account that has no password (SSO-created on an optional-SSO domain)', async () => {
    await server.db.query(
      `INSERT INTO users (email, first_name, last_name, confirmed, terms_accepted, created_by) VALUES ('no.password@umbrella.example', 'No', 'Password', true, true, 'sso')`,
    );
    const res = await server.call('POST', '/auth/v2/login', { body: { email: 'no.password@umbrella.example', password: DEMO_PASSWORD } });
    expectError(res, 401, WRONG_LOGIN);
  });

  it('refuses password sign-in on a domain whose SSO is required, for every address of it', async () => {
    for (const email of ['sam.sso@initech.example', 'nobody@initech.example']) {
      const res = await server.call('POST', '/auth/v2/login', { body: { email, password: DEMO_PASSWORD } });
      expectError(res, 403);
      expect(res.body.code).toBe('sso_required');
    }
  });

  it('refuses a deactivated account with 403, but only once the password is right', async () => {
    const res = await server.call('POST', '/auth/v2/login', { body: { email: 'former@globex.example', password: DEMO_PASSWORD } });
    expectError(res, 403);
    expect(res.body.code).toBe('deactivated');
    // A wrong password says nothing about the account's state.
    const wrong = await server.call('POST', '/auth/v2/login', { body: { email: 'former@globex.example', password: 'Wrong!2026' } });
    expectError(wrong, 401, WRONG_LOGIN);
  });

  it('answers 401 for a sign-up nobody confirmed: it has no password until its code is entered', async () => {
    const res = await server.call('POST', '/auth/v2/login', { body: { email: 'pending@northwind.example', password: DEMO_PASSWORD } });
    expectError(res, 401, WRONG_LOGIN);
    expect(res.body).not.toHaveProperty('token');
  });

  it('answers a token without letting any cache keep it', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email: DEMO_LOGIN.email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 400 with a message for missing fields, wrong types and malformed JSON', async () => {
    const missing = await server.call('POST', '/auth/v2/login', { body: {} });
    expectError(missing, 400, /email/);
    const noPassword = await server.call('POST', '/auth/v2/login', { body: { email: DEMO_LOGIN.email } });
    expectError(noPassword, 400, /password/);
    const wrongType = await server.call('POST', '/auth/v2/login', { body: { email: 5, password: true } });
    expectError(wrongType, 400);
    const malformed = await server.call('POST', '/auth/v2/login', { payload: '{bad', headers: { 'content-type': 'application/json' } });
    expectError(malformed, 400, /JSON/);
  });

  it('answers 400, never 500, for every kind of unusable body', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: { payload?: string; body?: unknown; headers?: Record<string, string> }[] = [
      {},
      { payload: '', headers: json },
      { payload: 'null', headers: json },
      { payload: '[]', headers: json },
      { payload: '"text"', headers: json },
      { payload: '42', headers: json },
      { payload: '{"email": "demo@northwind.example", "password": "x"', headers: json },
      { body: { email: 'not-an-email', password: 'x' } },
      { body: { email: '', password: 'x' } },
      { body: { email: DEMO_LOGIN.email, password: '' } },
      { body: { email: DEMO_LOGIN.email, password: null } },
      { body: { email: DEMO_LOGIN.email, password: { $ne: '' } } },
      { body: { email: { $gt: '' }, password: 'x' } },
      { body: { email: DEMO_LOGIN.email, password: 'A'.repeat(201) } },
      { body: { email: `${'a'.repeat(250)}@northwind.example`, password: 'x' } },
    ];
    for (const options of cases) {
      const res = await server.call('POST', '/auth/v2/login', options);
      expect(res.status, `${JSON.stringify(options)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('answers a JSON 4xx for a body that is not JSON', async () => {
    const form = await server.call('POST', '/auth/v2/login', {
      payload: `email=${encodeURIComponent(DEMO_LOGIN.email)}&password=${encodeURIComponent(DEMO_LOGIN.password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(form, 415);
    const text = await server.call('POST', '/auth/v2/login', { payload: JSON.stringify(DEMO_LOGIN), headers: { 'content-type': 'text/plain' } });
    expectError(text, 400);
  });
});

describe('POST /auth/validate-email and /auth/v2/validate-email', () => {
  for (const path of ['/auth/validate-email', '/auth/v2/validate-email']) {
    it(`${path}: says a usable account is there, with no names or other detail`, async () => {
      const res = await server.call('POST', path, { body: { email: 'DEMO@northwind.example' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        email: DEMO_LOGIN.email,
        terms_accepted: true,
        confirmed: true,
        deactivated: false,
        created_by: null,
        sso_mode: 'none',
        building_count: 1,
      });
    });

    it(`${path}: answers a new address in the same shape, echoing it`, async () => {
      const res = await server.call('POST', path, { body: { email: 'Someone.New@globex.example' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        email: 'someone.new@globex.example',
        terms_accepted: false,
        confirmed: false,
        deactivated: false,
        created_by: null,
        sso_mode: 'none',
        building_count: 3,
      });
    });

    it(`${path}: answers 403 'Company Email Not Found' for an unknown domain`, async () => {
      const res = await server.call('POST', path, { body: { email: 'someone@unknown-company.example' } });
      expectError(res, 403, 'Company Email Not Found');
      expect(res.body.code).toBe('domain_not_found');
    });
  }

  it('reports the sign-in mode and building count of each domain', async () => {
    const expected: [string, string, number][] = [
      ['x@northwind.example', 'none', 1],
      ['x@globex.example', 'none', 3],
      ['x@initech.example', 'required', 1],
      ['x@umbrella.example', 'optional', 2],
    ];
    for (const [email, mode, count] of expected) {
      const res = await server.call('POST', '/auth/v2/validate-email', { body: { email } });
      expect(res.status).toBe(200);
      expect(res.body.data.sso_mode, email).toBe(mode);
      expect(res.body.data.building_count, email).toBe(count);
    }
  });

  it('names only who made a pre-created account; an unfinished sign-up reads as no account, a deactivated one as usable', async () => {
    const check = async (email: string) => (await server.call('POST', '/auth/v2/validate-email', { body: { email } })).body.data;
    const csv = await check('csv.user@northwind.example');
    expect(csv).toEqual({
      email: 'csv.user@northwind.example',
      created_by: 'upload',
      confirmed: false,
      terms_accepted: false,
      deactivated: false,
      sso_mode: 'none',
      building_count: 1,
    });
    expect(await check('scim.user@initech.example')).toMatchObject({ created_by: 'scim', sso_mode: 'required', confirmed: false });
    const acs = await check('invited@globex.example');
    expect(acs).toMatchObject({ created_by: 'acs' });
    expect(acs).not.toHaveProperty('first_name');
    // The attacker's view: a started sign-up, a deactivated account and an unknown address tell nothing beyond the next step.
    const unknown = await check('nobody.here@northwind.example');
    const pending = await check('pending@northwind.example');
    expect({ ...pending, email: null }).toEqual({ ...unknown, email: null });
    const former = await check('former@globex.example');
    const active = await check('admin@globex.example');
    expect({ ...former, email: null }).toEqual({ ...active, email: null });
  });

  it('answers 400 for a missing or invalid email', async () => {
    expectError(await server.call('POST', '/auth/v2/validate-email', { body: {} }), 400);
    expectError(await server.call('POST', '/auth/v2/validate-email', { body: { email: 'no-at-sign' } }), 400);
    expectError(await server.call('POST', '/auth/validate-email', { payload: 'null', headers: { 'content-type': 'application/json' } }), 400);
  });
});

describe('POST /auth/v2/generate-auth-link', () => {
  it('returns a one-time token stored (hashed) for the user, valid for 60 seconds', async () => {
    const { token, user } = await server.login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const res = await server.call('POST', '/auth/v2/generate-auth-link', { token });
    expect(res.status).toBe(200);
    const ott: string = res.body.data.ott;
    expect(ott).toMatch(/^[\w-]{20,}$/);
    const hash = createHash('sha256').update(ott).digest('hex');
    const [row] = await server.db.query<{ user_id: number; expires_at: Date; used_at: Date | null }>(
      'SELECT user_id, expires_at, used_at FROM one_time_tokens WHERE token_hash = $1',
      [hash],
    );
    expect(row).toBeDefined();
    expect(row!.user_id).toBe(user.id);
    expect(row!.used_at).toBeNull();
    expect(new Date(row!.expires_at).getTime() - server.clock.now().getTime()).toBe(60_000);
    // Each call gives a new token.
    const again = await server.call('POST', '/auth/v2/generate-auth-link', { token });
    expect(again.body.data.ott).not.toBe(ott);
  });

  it('requires a bearer token', async () => {
    const res = await server.call('POST', '/auth/v2/generate-auth-link');
    expectError(res, 401);
    expect(res.body.code).toBe('missing_token');
  });
});

describe('unknown routes', () => {
  it('answer a JSON 404 under the API base', async () => {
    const res = await server.call('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No route/);
  });
});
