/**
 * The attacker's steps of the account-security issue, one `describe` per hole that was found, each written the way
 * it was probed from outside. Every one of them succeeded before the change that closes it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer, NO_SHEDDING } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { consumeSignupPath, createConfirmedUser, expectError, freshEmail, strongPassword, wrongCodes } from './helpers.js';
import { readConfig } from '../../server/config.js';
import { createServer } from '../../server/server.js';
import { redactUrl } from '../../server/lib/logging.js';
import { CODE_LOADER, CODE_LOADER_HASH } from '../../server/lib/firstPaint.js';
import { createHash } from 'node:crypto';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const OUTSIDE = '203.0.113.7';
const register = (body: Record<string, unknown>) => server.call('POST', '/auth/register', { body });
const signup = (email: string, password: string, names = { first_name: 'Real', last_name: 'Owner' }) =>
  register({ email, password, ...names, is_term_accepted: true });
const confirm = (email: string, code: string, password?: string) =>
  server.call('PUT', consumeSignupPath(code, email), password === undefined ? {} : { body: { password } });
const loginFrom = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password }, remoteAddress });
const mailCount = async (email: string) =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dev_mail WHERE to_address = $1', [email]))[0]!.n;

describe('1. the dev mailbox is not readable from the network', () => {
  it('refuses a caller on another machine, and one that comes through a proxy, but answers this machine', async () => {
    await createConfirmedUser(server, { email: freshEmail() });
    const url = `/api/dev/mailbox?to=${encodeURIComponent(DEMO_LOGIN.email)}`;
    const remote = await server.app.inject({ method: 'GET', url, remoteAddress: OUTSIDE });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'dev_local_only' });
    const proxied = await server.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': OUTSIDE } });
    expect(proxied.statusCode).toBe(403);
    const local = await server.app.inject({ method: 'GET', url });
    expect(local.statusCode).toBe(200);
  });

  it('holds the same rule for adding content', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/dev/contents',
      payload: { building_uuid: '00000000-0000-4000-8000-000000000000', type: 'post', title: 'x' },
      remoteAddress: OUTSIDE,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('2. pre-account takeover', () => {
  it("an attacker's registration does not decide the password: the owner chooses it with the mailed code", async () => {
    const victim = freshEmail();
    const attackerPassword = strongPassword('Evil');
    expect((await signup(victim, attackerPassword, { first_name: 'Mallory', last_name: 'Attacker' })).status).toBe(200);
    // The owner finds a code in their mailbox and finishes the sign-up, choosing a password as they do.
    const ownerPassword = strongPassword('Mine');
    const confirmed = await confirm(victim, await server.latestCode(victim), ownerPassword);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await loginFrom(victim, attackerPassword)).statusCode).toBe(401);
    expect((await loginFrom(victim, ownerPassword)).statusCode).toBe(200);
  });

  it('the owner who starts again replaces the pending sign-up, and the attacker’s code-less confirmation goes nowhere', async () => {
    const victim = freshEmail();
    const attackerPassword = strongPassword('Evil');
    await signup(victim, attackerPassword, { first_name: 'Mallory', last_name: 'Attacker' });
    const ownerPassword = strongPassword('Mine');
    await signup(victim, ownerPassword);
    // A confirmation with no password (as the attacker's old client would send) cannot finish the sign-up.
    const bare = await confirm(victim, await server.latestCode(victim));
    expectError(bare, 400);
    expect(bare.body.code).toBe('password_required');
    const done = await confirm(victim, await server.latestCode(victim), ownerPassword);
    expect(done.body.data.user).toMatchObject({ first_name: 'Real', last_name: 'Owner' });
    expect((await loginFrom(victim, attackerPassword)).statusCode).toBe(401);
  });

  it('a pre-created account keeps its names and gets no password until the owner enters the code', async () => {
    const email = 'csv.user@northwind.example';
    const attackerPassword = strongPassword('Evil');
    expect((await signup(email, attackerPassword, { first_name: 'Mallory', last_name: 'Attacker' })).status).toBe(200);
    const [row] = await server.db.query<{ first_name: string; password_hash: string | null; confirmed: boolean }>(
      'SELECT first_name, password_hash, confirmed FROM users WHERE email = $1',
      [email],
    );
    expect(row).toEqual({ first_name: 'Cass', password_hash: null, confirmed: false });
    expect((await loginFrom(email, attackerPassword)).statusCode).toBe(401);
  });

  it('a domain whose SSO is required gets no password account, and takes no password sign-in', async () => {
    const email = freshEmail('initech.example');
    const res = await signup(email, strongPassword());
    expectError(res, 403);
    expect(res.body.code).toBe('sso_required');
    expect(await server.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
    const login = await loginFrom('sam.sso@initech.example', DEMO_PASSWORD);
    expect(login.statusCode).toBe(403);
  });
});

describe('3. guessing is capped', () => {
  it('wrong codes across re-sends lock the account’s sign-up for a while, with a clear message, then it opens', async () => {
    const email = freshEmail();
    const password = strongPassword();
    await signup(email, password);
    let wrongTries = 0;
    let locked: { status: number; body: any } | null = null;
    // Four wrong tries a code (under the per-code limit of five), then a new code: the old way around the limit.
    for (let round = 0; round < 4 && !locked; round++) {
      if (round > 0) expect((await server.call('POST', '/user-verification/code/resend', { body: { email } })).status).toBe(200);
      const code = await server.latestCode(email);
      for (const wrong of wrongCodes(code, 4)) {
        const res = await confirm(email, wrong, password);
        if (res.status === 403) {
          locked = res;
          break;
        }
        expect(res.status).toBe(400);
        wrongTries++;
      }
    }
    expect(wrongTries).toBe(10);
    expect(locked).not.toBeNull();
    expect(locked!.body.message).toMatch(/^The retry attempt limit is reached\. You can try again in 15 minutes\.$/);
    // Even the right code waits for the lock.
    const right = await server.latestCode(email);
    expectError(await confirm(email, right, password), 403);
    server.clock.advance(15 * 60 + 1);
    expect((await confirm(email, right, password)).status).toBe(200);
  });

  it('wrong passwords from four source addresses count against the one account, then wait a growing delay', async () => {
    const { email, password } = await createConfirmedUser(server);
    const sources = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await loginFrom(email, `Wrong!${i}pass`, sources[i % 4])).statusCode);
    // Five wrong tries, the fifth locking; the rest are refused without a check.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const refused = await loginFrom(email, password, sources[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many sign-in attempts for this email\. Please try again in \d+ seconds\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    server.clock.advance(31);
    expect((await loginFrom(email, 'Wrong!again1', sources[1])).statusCode).toBe(401);
    // The next lock is longer (60 s): 31 s is not enough now.
    server.clock.advance(31);
    expect((await loginFrom(email, password, sources[2])).statusCode).toBe(429);
    server.clock.advance(30);
    expect((await loginFrom(email, password, sources[3])).statusCode).toBe(200);
    // A success starts the count again.
    expect((await loginFrom(email, 'Wrong!after1')).statusCode).toBe(401);
  });

  it('guesses sent side by side cannot all slip in under the limit', async () => {
    const { email } = await createConfirmedUser(server);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(email, `Wrong!${i}side`, `198.51.100.${i + 10}`)));
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(20 - checked);
  });

  it('an unknown address locks the same way, so the lock tells nothing about accounts', async () => {
    const email = freshEmail('northwind.example', 'nobody');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await loginFrom(email, `Wrong!${i}pass`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('caps the codes mailed to one address in an hour', async () => {
    const email = freshEmail();
    await signup(email, strongPassword());
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await server.call('POST', '/user-verification/code/resend', { body: { email } })).status);
    // The registration's mail was the first of five; the rest are refused with a 429 until the hour is over.
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429, 429, 429]);
    expect(await mailCount(email)).toBe(5);
    const refused = await server.call('POST', '/user-verification/code/resend', { body: { email } });
    expect(refused.body.message).toMatch(/Too many codes were sent to this address\. Please try again in 60 minutes\./);
    server.clock.advance(60 * 60 + 1);
    expect((await server.call('POST', '/user-verification/code/resend', { body: { email } })).status).toBe(200);
  });
});

describe('3b. the reset code resend (POST /user-verification/code/reset-password/resend)', () => {
  const RESEND = '/user-verification/code/reset-password/resend';
  const resend = (email: string) => server.call('POST', RESEND, { body: { email } });
  const check = (email: string, code: string) => server.call('POST', '/user-verification/code/reset-password/check', { body: { email, code } });

  it('wrong codes across re-sends lock the reset for a while, the right code too, then it opens', async () => {
    const { email } = await createConfirmedUser(server);
    expect((await server.call('POST', '/user-verification/code/reset-password/send', { body: { email } })).status).toBe(200);
    let wrongTries = 0;
    let locked: { status: number; body: any } | null = null;
    // Four wrong tries a code (under the per-code limit of five), then a new code from the resend route.
    for (let round = 0; round < 4 && !locked; round++) {
      if (round > 0) expect((await resend(email)).status).toBe(200);
      const code = await server.latestCode(email);
      for (const wrong of wrongCodes(code, 4)) {
        const res = await check(email, wrong);
        if (res.status === 403) {
          locked = res;
          break;
        }
        expect(res.status).toBe(400);
        wrongTries++;
      }
    }
    expect(wrongTries).toBe(10);
    expect(locked!.body.message).toMatch(/^The retry attempt limit is reached\. You can try again in 15 minutes\.$/);
    const right = await server.latestCode(email);
    expectError(await check(email, right), 403);
    server.clock.advance(15 * 60 + 1);
    expect((await check(email, right)).status).toBe(200);
  });

  it('caps the codes mailed to one address in an hour, and caps an unknown address alike so the cap tells nothing', async () => {
    const { email } = await createConfirmedUser(server);
    // The sign-up's own code leaves the count of this hour.
    server.clock.advance(60 * 60 + 1);
    const mailedBefore = await mailCount(email);
    const unknown = freshEmail('northwind.example', 'nobody');
    const known: number[] = [];
    const stranger: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push((await resend(email)).status);
      stranger.push((await resend(unknown)).status);
    }
    expect(known).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(stranger).toEqual(known);
    expect((await mailCount(email)) - mailedBefore).toBe(5);
    expect(await mailCount(unknown)).toBe(0);
    const refused = await resend(unknown);
    expect(refused.body.message).toMatch(/Too many codes were sent to this address\. Please try again in 60 minutes\./);
    server.clock.advance(60 * 60 + 1);
    expect((await resend(email)).status).toBe(200);
    expect((await resend(unknown)).status).toBe(200);
  });
});

describe('4. accounts are not enumerable', () => {
  it('the email check answers a known and an unknown address in the same shape, without names', async () => {
    const known = await server.call('POST', '/auth/v2/validate-email', { body: { email: DEMO_LOGIN.email } });
    const unknown = await server.call('POST', '/auth/v2/validate-email', { body: { email: 'nobody.at.all@northwind.example' } });
    expect(Object.keys(known.body.data).sort()).toEqual(Object.keys(unknown.body.data).sort());
    expect(JSON.stringify(known.body)).not.toMatch(/Dana|Demo/);
    expect(known.body.data.email).toBe(DEMO_LOGIN.email);
    expect(unknown.body.data.email).toBe('nobody.at.all@northwind.example');
  });

  it('a deactivated account tells nothing with a wrong password, and the reset form answers every address alike', async () => {
    expect((await loginFrom('former@globex.example', 'Wrong!2026x')).statusCode).toBe(401);
    expect((await loginFrom('former@globex.example', DEMO_PASSWORD)).statusCode).toBe(403);
    for (const email of ['former@globex.example', 'nobody.at.all@globex.example', 'admin@globex.example']) {
      const res = await server.call('POST', '/user-verification/v2/code/reset-password/send', { body: { email } });
      expect(res).toEqual({ status: 200, body: { data: { ok: true } } });
    }
  });
});

describe('5. sessions end when they should', () => {
  it('a password change ends every other session (access and refresh tokens), and only those', async () => {
    const { email, password } = await createConfirmedUser(server);
    const stolen = await server.login(email, password);
    const mine = await server.login(email, password);
    const changed = await server.call('PUT', '/users/current/password', { token: mine.token, body: { password, new_password: strongPassword() } });
    expect(changed.status).toBe(200);
    expectError(await server.call('GET', '/users/current', { token: stolen.token }), 401);
    expectError(await server.call('POST', '/auth/v2/refresh', { body: { refresh_token: stolen.refresh } }), 401);
    expect((await server.call('GET', '/users/current', { token: mine.token })).status).toBe(200);
    expect((await server.call('POST', '/auth/v2/refresh', { body: { refresh_token: mine.refresh } })).status).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const { email, password } = await createConfirmedUser(server);
    const session = await server.login(email, password);
    await server.call('POST', '/user-verification/v2/code/reset-password/send', { body: { email } });
    const reset = await server.call('PUT', '/user-verification/code/reset-password/consume', {
      body: { email, code: await server.latestCode(email), new_password: strongPassword() },
    });
    expect(reset.status).toBe(200);
    expectError(await server.call('GET', '/users/current', { token: session.token }), 401);
  });

  it('every answer that carries a token says no-store', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email: DEMO_LOGIN.email, password: DEMO_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/v2/refresh',
      payload: { refresh_token: login.json().refresh_token.token },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    const link = await server.app.inject({
      method: 'POST',
      url: '/api/auth/v2/generate-auth-link',
      headers: { authorization: `Bearer ${refresh.json().token}` },
    });
    expect(link.headers['cache-control']).toBe('no-store');
  });
});

describe('6. tokens stay out of logs, and only registered mini-apps are named to the app', () => {
  it('redacts tokens, codes and keys from logged request URLs', () => {
    expect(redactUrl('/mfe-survey/?survey=x&authToken=eyJhbGciOi.abc.def&locale=en')).toBe('/mfe-survey/?survey=x&authToken=[redacted]&locale=en');
    expect(redactUrl('/api/user-verification/code/1234/consume?email=a%40b.c')).toBe('/api/user-verification/code/[redacted]/consume?email=a%40b.c');
    expect(redactUrl('/login?code=abc&state=xyz')).toBe('/login?code=[redacted]&state=[redacted]');
    expect(redactUrl('/api/flags/v1/stream?key=secret')).toBe('/api/flags/v1/stream?key=[redacted]');
    expect(redactUrl('/api/healthcheck')).toBe('/api/healthcheck');
  });

  it('writes no token into the request log (LOG_REQUESTS=1)', async () => {
    const lines: string[] = [];
    const logged = await createServer(
      { ...readConfig({}), shedding: NO_SHEDDING, devOidc: false },
      { db: server.db, logger: { stream: { write: (line) => void lines.push(line) } } },
    );
    const secret = 'eyJhbGciOiJIUzI1NiJ9.secret-payload.signature';
    const res = await logged.app.inject({
      method: 'GET',
      url: `/mfe-survey/?survey=commute&authToken=${secret}`,
      headers: { host: new URL(logged.app.deps.config.miniAppOrigin).host },
    });
    expect(res.statusCode).toBe(200);
    await logged.app.close();
    expect(lines.join('')).toContain('/mfe-survey/?survey=commute&authToken=[redacted]');
    expect(lines.join('')).not.toContain('secret-payload');
  });

  it('lists the registered mini-apps in the runtime configuration, with the names their frames show', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/config.json' });
    const apps = server.config.miniAppOrigin;
    // Outside production the bridge's test mini-apps (issue 23) are registered too: every scope, and one (user only).
    expect(res.json().miniAppUrls).toEqual([
      `${apps}/mfe-visitors/`,
      `${apps}/mfe-survey/`,
      `${apps}/mfe-bridge-test/`,
      `${apps}/mfe-bridge-test/limited/`,
    ]);
    expect(res.json().miniAppNames).toEqual({
      [`${apps}/mfe-visitors/`]: 'Visitors',
      [`${apps}/mfe-survey/`]: 'Survey',
      [`${apps}/mfe-bridge-test/`]: 'Bridge test',
      [`${apps}/mfe-bridge-test/limited/`]: 'Bridge test (user only)',
    });
    expect(res.json().miniApps.find((m: { name: string }) => m.name === 'Bridge test (user only)')).toMatchObject({
      baseUrl: `${apps}/mfe-bridge-test/limited/`,
      origins: [apps],
      scopes: ['user'],
    });
  });

  it('serves the bridge-test mini-app on the mini-app origin, framed by the app’s origins only, and never in production', async () => {
    const host = new URL(server.config.miniAppOrigin).host;
    const page = await server.app.inject({ method: 'GET', url: '/mfe-bridge-test/', headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors http://localhost:8080');
    expect(String(page.headers['content-security-policy'])).not.toContain("'unsafe-inline'");
    expect((await server.app.inject({ method: 'GET', url: '/mfe-bridge-test/limited/', headers: { host } })).statusCode).toBe(200);
    // Not on the app's own origin.
    expect((await server.app.inject({ method: 'GET', url: '/mfe-bridge-test/' })).statusCode).toBe(404);
    const production = await createServer({ ...readConfig({}), shedding: NO_SHEDDING, production: true, devOidc: false }, { db: server.db });
    const there = await production.app.inject({ method: 'GET', url: '/mfe-bridge-test/', headers: { host } });
    const script = await production.app.inject({ method: 'GET', url: '/mfe-assets/bridge-test.js', headers: { host } });
    await production.app.close();
    expect(there.statusCode).toBe(404);
    expect(script.statusCode).toBe(404);
  });
});

describe('7. browser-side headers', () => {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'atrium-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it('serves the app with a strict policy (no inline script but the one code loader, by its hash), frame-ancestors, nosniff and a referrer policy', async () => {
    const app = await createServer({ ...readConfig({}), shedding: NO_SHEDDING, devOidc: false }, { db: server.db, staticDir });
    const page = await app.app.inject({ method: 'GET', url: '/home' });
    await app.app.close();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${CODE_LOADER_HASH};`);
    expect(CODE_LOADER_HASH).toBe(`'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends no referrer and lets nothing cache a web view page opened with a token in its address', async () => {
    const app = await createServer({ ...readConfig({}), shedding: NO_SHEDDING, devOidc: false }, { db: server.db, staticDir });
    const launch = await app.app.inject({ method: 'GET', url: '/webview?buildingUuid=b&accessToken=secret.jwt&baseUrl=x' });
    const localised = await app.app.inject({ method: 'GET', url: '/webview/de-DE/help-desk?AccessToken=secret.jwt' });
    const later = await app.app.inject({ method: 'GET', url: '/webview/smart-building' });
    const elsewhere = await app.app.inject({ method: 'GET', url: '/home?accessToken=secret.jwt' });
    await app.app.close();
    for (const page of [launch, localised]) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['cache-control']).toBe('no-store');
    }
    expect(later.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(elsewhere.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets configured origins frame the app, and sends HSTS over https behind a trusted proxy', async () => {
    const config = { ...readConfig({}), shedding: NO_SHEDDING, devOidc: false, trustProxy: true, frameAncestors: ['https://kiosk.example.com'] };
    const app = await createServer(config, { db: server.db, staticDir });
    const page = await app.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    await app.app.close();
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://kiosk.example.com");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers the API with no-store, nosniff and a policy that lets nothing load or frame it', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/healthcheck' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('8. bad input is a 400, never a 500', () => {
  const track = (payload: string) =>
    server.app.inject({ method: 'POST', url: '/api/analytics/v2/track', headers: { 'content-type': 'application/json' }, payload });

  it('refuses a NUL in a property key or value, a lone surrogate, and a year-0 timestamp', async () => {
    const cases = [
      '{"event":"page_view","properties":{"a\\u0000b":"x"}}',
      '{"event":"page_view","properties":{"k":"x\\u0000y"}}',
      '{"event":"page_view","properties":{"k":"\\ud800"}}',
      '{"event":"page_view","properties":{"\\udc00":"x"}}',
      '{"event":"page\\u0000view"}',
      '{"event":"page_view","timestamp":"0000-01-01T00:00:00Z"}',
      '{"event":"page_view","timestamp":"2026-02-30T00:00:00Z"}',
      '{"event":"page_view","timestamp":"2026-13-01T00:00:00Z"}',
    ];
    for (const payload of cases) {
      const res = await track(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toMatch(/^Invalid request/);
    }
    expect((await track('{"event":"page_view","properties":{"k":"😀"},"timestamp":"0001-01-01T00:00:00Z"}')).statusCode).toBe(200);
  });

  it('refuses the same text on every other route that stores text', async () => {
    const { token } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD);
    const profile = await server.app.inject({
      method: 'PUT',
      url: '/api/users/current',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"first_name":"Dana\\ud800"}',
    });
    expect(profile.statusCode).toBe(400);
    const query = await server.app.inject({ method: 'GET', url: '/api/public/buildings?domain=%00' });
    expect(query.statusCode).toBe(400);
  });
});

describe('9. slow clients are let go', () => {
  it('cuts off a request whose body never finishes', async () => {
    const slow = await startTestServer({ requestTimeout: 2, headersTimeout: 1 }, { listen: true });
    try {
      const port = Number(new URL(slow.config.publicOrigin).port);
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const started = Date.now();
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/analytics/v2/track HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"event":',
          );
        });
        socket.on('data', () => {});
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('the server held the unfinished body')), 15_000);
      });
      expect(closedAfter).toBeLessThan(15_000);
    } finally {
      await slow.close();
    }
  });

  it('caps open event streams per client and in all', async () => {
    const capped = await startTestServer({ eventStreamsPerClient: 2, eventStreamsTotal: 3 }, { listen: true });
    const controllers: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      controllers.push(controller);
      const res = await fetch(`${capped.config.publicOrigin}/api/flags/v1/stream`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      return res;
    };
    try {
      expect((await open()).status).toBe(200);
      expect((await open()).status).toBe(200);
      const third = await open();
      expect(third.status).toBe(429);
      expect((await third.json()).code).toBe('streams_per_client');
      // A stream closed frees its place.
      controllers[0]!.abort();
      // The server frees the place when it sees the connection close: until then a try is refused.
      await vi.waitFor(async () => expect((await open()).status).toBe(200), { timeout: 5000 });
    } finally {
      for (const c of controllers) c.abort();
      await capped.close();
    }
  });

  it('answers 503 once the server holds its total of streams', async () => {
    const capped = await startTestServer({ eventStreamsPerClient: 10, eventStreamsTotal: 1 }, { listen: true });
    const controller = new AbortController();
    try {
      const stream = (signal?: AbortSignal) =>
        fetch(`${capped.config.publicOrigin}/api/flags/v1/stream`, { headers: { accept: 'text/event-stream' }, signal });
      expect((await stream(controller.signal)).status).toBe(200);
      const full = await stream();
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('30');
      // The rest of the API still answers.
      expect((await fetch(`${capped.config.publicOrigin}/api/healthcheck`)).status).toBe(200);
    } finally {
      controller.abort();
      await capped.close();
    }
  });
});

describe('the guessing counts do not pile up', () => {
  it('prunes counts with no lock and no try for a day, and keeps live ones', async () => {
    const stale = freshEmail('northwind.example', 'stale');
    const live = freshEmail('northwind.example', 'live');
    await loginFrom(stale, 'Wrong!1pass');
    server.clock.advance(25 * 60 * 60);
    await loginFrom(live, 'Wrong!1pass');
    await server.app.deps.throttle.prune();
    const kept = await server.db.query<{ subject: string }>(`SELECT subject FROM auth_throttle WHERE subject IN ($1, $2)`, [stale, live]);
    expect(kept.map((r) => r.subject)).toEqual([live]);
  });
});
