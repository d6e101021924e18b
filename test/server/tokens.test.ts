import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { expectError } from './helpers.js';
import { SignJWT } from 'jose';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (token?: string) => server.call('GET', '/users/current', token ? { token } : {});
const refresh = (refresh_token: string) => server.call('POST', '/auth/v2/refresh', { body: { refresh_token } });
const login = () => server.login(DEMO_LOGIN.email, DEMO_LOGIN.password);

describe('bearer tokens', () => {
  it('answers 401 without a token, with a malformed header, or with a forged token', async () => {
    expect((await me()).status).toBe(401);
    expect((await me()).body.code).toBe('missing_token');
    const basic = await server.call('GET', '/users/current', { headers: { authorization: 'Basic abc' } });
    expectError(basic, 401);
    expectError(await me('not-a-jwt'), 401);
    expect((await me('not-a-jwt')).body.code).toBe('invalid_token');
    // A token whose payload was changed no longer matches its signature.
    const { token } = await login();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, uid: claims.uid + 1 })).toString('base64url')}.${signature}`;
    const res = await me(forged);
    expectError(res, 401);
    expect(res.body.code).toBe('invalid_token');
    // An unsigned token ("alg": "none") is refused too.
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await me(none)).status).toBe(401);
  });

  it('expires after accessTokenTtl seconds on the server clock with code token_expired', async () => {
    const { token } = await login();
    server.clock.advance(server.config.accessTokenTtl - 5);
    expect((await me(token)).status).toBe(200);
    server.clock.advance(10);
    const res = await me(token);
    expectError(res, 401, /expired/);
    expect(res.body.code).toBe('token_expired');
  });

  it('a refresh after the access token expired gives a working access token', async () => {
    const session = await login();
    server.clock.advance(server.config.accessTokenTtl + 1);
    expect((await me(session.token)).body.code).toBe('token_expired');
    const res = await refresh(session.refresh);
    expect(res.status).toBe(200);
    expect((await me(res.body.token)).status).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the access token and the refresh token of the session', async () => {
    const session = await login();
    const other = await login();
    const res = await server.call('POST', '/auth/logout', { token: session.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    const after = await me(session.token);
    expectError(after, 401);
    expect(after.body.code).toBe('session_revoked');
    expectError(await refresh(session.refresh), 401);
    // Another session of the same user is untouched.
    expect((await me(other.token)).status).toBe(200);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('requires a live token (a second logout is 401)', async () => {
    expectError(await server.call('POST', '/auth/logout'), 401);
    const session = await login();
    expect((await server.call('POST', '/auth/logout', { token: session.token })).status).toBe(200);
    expectError(await server.call('POST', '/auth/logout', { token: session.token }), 401);
  });
});

describe('POST /auth/v2/refresh', () => {
  it('rotates: gives new tokens, and the new refresh token works in turn', async () => {
    const session = await login();
    const first = await refresh(session.refresh);
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(DEMO_LOGIN.email);
    expect(first.body.user).not.toHaveProperty('password_hash');
    expect(first.body.expires_in).toBe(server.config.accessTokenTtl);
    expect(first.body.refresh_token.token).not.toBe(session.refresh);
    expect((await me(first.body.token)).status).toBe(200);
    const second = await refresh(first.body.refresh_token.token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token.token).not.toBe(first.body.refresh_token.token);
    expect((await me(second.body.token)).status).toBe(200);
  });

  it('a reused refresh token is refused and ends its whole family', async () => {
    const session = await login();
    const bystander = await login();
    const rotated = await refresh(session.refresh);
    expect(rotated.status).toBe(200);
    const newestRefresh: string = rotated.body.refresh_token.token;
    const newestAccess: string = rotated.body.token;

    const reuse = await refresh(session.refresh);
    expectError(reuse, 401);
    expect(reuse.body.code).toBe('invalid_refresh_token');

    // The family is gone: the newest refresh token and every access token of it fail.
    expectError(await refresh(newestRefresh), 401);
    expect((await me(newestAccess)).body.code).toBe('session_revoked');
    expect((await me(session.token)).body.code).toBe('session_revoked');
    const [family] = await server.db.query<{ revoked_reason: string }>(
      `SELECT f.revoked_reason FROM token_families f JOIN refresh_tokens r ON r.family_id = f.id WHERE r.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [newestRefresh],
    );
    expect(family?.revoked_reason).toBe('refresh token reused');
    // Other sign-ins of the same user are separate families.
    expect((await me(bystander.token)).status).toBe(200);
  });

  it('refuses an unknown, empty or missing refresh token', async () => {
    expectError(await refresh('no-such-token'), 401);
    expectError(await refresh(''), 400);
    expectError(await server.call('POST', '/auth/v2/refresh', { body: {} }), 400);
    expectError(await server.call('POST', '/auth/v2/refresh', { payload: '{', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('refuses a refresh token past refreshTokenTtl', async () => {
    const session = await login();
    server.clock.advance(server.config.refreshTokenTtl + 1);
    expectError(await refresh(session.refresh), 401);
  });

  it("refuses a deactivated user's refresh token, and ends their access tokens at once", async () => {
    const email = 'olivia@umbrella.example';
    const session = await server.login(email, DEMO_PASSWORD);
    expect((await server.call('GET', '/users/current/buildings', { token: session.token })).status).toBe(200);
    await server.db.query('UPDATE users SET deactivated = true WHERE email = $1', [email]);
    try {
      expectError(await refresh(session.refresh), 401);
      expectError(await me(session.token), 401);
      expectError(await server.call('GET', '/users/current/buildings', { token: session.token }), 401);
      expectError(await server.call('POST', '/auth/v2/generate-auth-link', { token: session.token }), 401);
    } finally {
      await server.db.query('UPDATE users SET deactivated = false WHERE email = $1', [email]);
    }
  });
});

describe('POST /auth/upgrade', () => {
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  /** An access token of an older version for the same session, as an older client would hold (signed with the server's key). */
  async function olderToken(token: string, version = 2) {
    const [secret] = await server.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'jwt_secret'`);
    const claims = claimsOf(token);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    return new SignJWT({ uid: claims.uid, fam: claims.fam, ver: version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(secret!.value));
  }

  it('refuses a current token: a stolen 15-minute access token does not become a month-long session', async () => {
    const session = await login();
    const res = await server.call('POST', '/auth/upgrade', { token: session.token });
    expectError(res, 409);
    expect(res.body.code).toBe('token_current');
    expect(res.body).not.toHaveProperty('refresh_token');
    const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE family_id = $1', [
      claimsOf(session.token).fam,
    ]);
    expect(row!.n).toBe(1);
    // The owner's session goes on.
    expect((await refresh(session.refresh)).status).toBe(200);
  });

  it('upgrades an older token within its session, never beyond the session’s own end', async () => {
    const session = await login();
    server.clock.advance(10 * 24 * 60 * 60);
    await server.db.query('UPDATE users SET token_version = 2 WHERE email = $1', [DEMO_LOGIN.email]);
    const res = await server.call('POST', '/auth/upgrade', { token: await olderToken(session.token) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(DEMO_LOGIN.email);
    const claims = claimsOf(res.body.token);
    expect(claims.ver).toBe(3);
    expect(claims.fam).toBe(claimsOf(session.token).fam);
    // Ten of the thirty days have gone: the new refresh token has the twenty left, not thirty new ones.
    expect(res.body.refresh_token.expires_in).toBeLessThanOrEqual(server.config.refreshTokenTtl - 10 * 24 * 60 * 60);
    const [row] = await server.db.query<{ token_version: number }>('SELECT token_version FROM users WHERE email = $1', [DEMO_LOGIN.email]);
    expect(row!.token_version).toBe(3);
    expect((await me(res.body.token)).status).toBe(200);
    // The session's earlier refresh token is spent: if the owner presents it, reuse ends the session for both holders.
    expectError(await refresh(session.refresh), 401);
    expectError(await refresh(res.body.refresh_token.token), 401);
    expectError(await me(res.body.token), 401);
  });

  it('requires a live token', async () => {
    expectError(await server.call('POST', '/auth/upgrade'), 401);
    expectError(await server.call('POST', '/auth/upgrade', { token: 'garbage' }), 401);
  });
});
