import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { createConfirmedUser, expectError, strongPassword, wrongCodes } from './helpers.js';

const REUSED = 'You can not reuse this old password';
const RETRY_LIMIT = 'The retry attempt limit is reached';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SEND_PATHS = ['/user-verification/code/reset-password/send', '/user-verification/v2/code/reset-password/send'];
const send = (email: string, path = SEND_PATHS[0]!) => server.call('POST', path, { body: { email } });
const resetConsume = (body: Record<string, unknown>) => server.call('PUT', '/user-verification/code/reset-password/consume', { body });
const loginStatus = async (email: string, password: string) => (await server.call('POST', '/auth/v2/login', { body: { email, password } })).status;
const resetMails = (email: string) =>
  server.db.query<{ subject: string }>(`SELECT subject FROM dev_mail WHERE to_address = $1 AND subject LIKE '%password reset%' ORDER BY id`, [email]);

/** A confirmed account with a reset code mailed to it. */
async function withResetCode() {
  const account = await createConfirmedUser(server);
  expect((await send(account.email)).status).toBe(200);
  return { ...account, code: await server.latestCode(account.email) };
}

describe('POST reset-password send and resend', () => {
  for (const path of SEND_PATHS) {
    it(`${path} mails a reset code`, async () => {
      const { email } = await createConfirmedUser(server);
      const res = await send(email.toUpperCase(), path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ok: true } });
      const mails = await resetMails(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(await server.latestCode(email));
    });
  }

  it('resend mails a new code and the old one stops working', async () => {
    const { email, code: old } = await withResetCode();
    let fresh = old;
    for (let i = 0; fresh === old && i < 5; i++) {
      expect((await server.call('POST', '/user-verification/code/reset-password/resend', { body: { email } })).status).toBe(200);
      fresh = await server.latestCode(email);
    }
    expect(fresh).not.toBe(old);
    expect((await resetMails(email)).length).toBeGreaterThanOrEqual(2);
    const password = strongPassword();
    expectError(await resetConsume({ email, code: old, new_password: password }), 400, 'Please enter a valid code');
    expect((await resetConsume({ email, code: fresh, new_password: password })).status).toBe(200);
    expect(await loginStatus(email, password)).toBe(200);
  });

  it('answers an unknown or deactivated address as a known one, mailing nothing, and 400 for a bad one', async () => {
    for (const path of [...SEND_PATHS, '/user-verification/code/reset-password/resend']) {
      for (const email of ['nobody@northwind.example', 'former@globex.example']) {
        const res = await send(email, path);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ data: { ok: true } });
      }
      expectError(await send('not-an-email', path), 400);
      expectError(await server.call('POST', path, { body: {} }), 400);
    }
    expect(await resetMails('former@globex.example')).toHaveLength(0);
    expect(await resetMails('nobody@northwind.example')).toHaveLength(0);
  });
});

describe('PUT /user-verification/code/reset-password/consume', () => {
  it('sets the new password: it signs in, the old one no longer does, and the code is spent', async () => {
    const { email, password: old, code } = await withResetCode();
    const password = strongPassword();
    const res = await resetConsume({ email, code, new_password: password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    expect(await loginStatus(email, password)).toBe(200);
    expect(await loginStatus(email, old)).toBe(401);
    expectError(await resetConsume({ email, code, new_password: strongPassword() }), 400, 'Please enter a valid code');
  });

  it('ends every session of the user', async () => {
    const { email, password, code } = await withResetCode();
    const session = await server.login(email, password);
    expect((await server.call('GET', '/users/current', { token: session.token })).status).toBe(200);
    expect((await resetConsume({ email, code, new_password: strongPassword() })).status).toBe(200);
    const after = await server.call('GET', '/users/current', { token: session.token });
    expectError(after, 401);
    expect(after.body.code).toBe('session_revoked');
    expectError(await server.call('POST', '/auth/v2/refresh', { body: { refresh_token: session.refresh } }), 401);
  });

  it("answers 409 'You can not reuse this old password' for the current or an earlier password; the code stays usable", async () => {
    const { email, password: first, code } = await withResetCode();
    const reuse = await resetConsume({ email, code, new_password: first });
    expectError(reuse, 409, REUSED);
    expect(reuse.body.code).toBe('password_has_been_used');
    expect(await loginStatus(email, first)).toBe(200);
    // Same code, another password: accepted.
    const second = strongPassword();
    expect((await resetConsume({ email, code, new_password: second })).status).toBe(200);
    // The first password is in the history now, not current: still refused.
    expect((await send(email)).status).toBe(200);
    const next = await server.latestCode(email);
    expectError(await resetConsume({ email, code: next, new_password: first }), 409, REUSED);
    expect(await loginStatus(email, second)).toBe(200);
  });

  it("answers 409 for a seeded account's own password", async () => {
    const email = 'olivia@umbrella.example';
    expect((await send(email)).status).toBe(200);
    const code = await server.latestCode(email);
    expectError(await resetConsume({ email, code, new_password: DEMO_PASSWORD }), 409, REUSED);
  });

  it("answers 403 'The retry attempt limit is reached' from the fifth wrong code on, even for the right code", async () => {
    const { email, password, code } = await withResetCode();
    const newPassword = strongPassword();
    const wrong = wrongCodes(code, 5);
    for (const attempt of wrong.slice(0, 4)) {
      expectError(await resetConsume({ email, code: attempt, new_password: newPassword }), 400, 'Please enter a valid code');
    }
    const fifth = await resetConsume({ email, code: wrong[4], new_password: newPassword });
    expectError(fifth, 403, RETRY_LIMIT);
    expectError(await resetConsume({ email, code, new_password: newPassword }), 403, RETRY_LIMIT);
    expect(await loginStatus(email, password)).toBe(200);
    expect(await loginStatus(email, newPassword)).toBe(401);
  });

  it('checks a code when it is entered: a right one stays usable, a wrong one is 400, and checks count toward the try limit', async () => {
    const { email, password, code } = await withResetCode();
    const check = (attempt: string, to = email) =>
      server.call('POST', '/user-verification/code/reset-password/check', { body: { email: to, code: attempt } });
    expect(await check(code)).toMatchObject({ status: 200, body: { data: { ok: true } } });
    const wrong = wrongCodes(code, 5);
    expectError(await check(wrong[0]!), 400, 'Please enter a valid code');
    // An unknown address answers as a wrong code (it tells nobody which addresses exist).
    expectError(await check(code, 'nobody@northwind.example'), 400, 'Please enter a valid code');
    // The right code, checked, still sets the password.
    const next = strongPassword();
    expect((await resetConsume({ email, code, new_password: next })).status).toBe(200);
    expect(await loginStatus(email, next)).toBe(200);
    // A new code: wrong checks and wrong consumes share one count.
    const again = await withResetCode();
    const misses = wrongCodes(again.code, 5);
    for (const attempt of misses.slice(0, 3)) expectError(await check(attempt, again.email), 400);
    expectError(await resetConsume({ email: again.email, code: misses[3], new_password: strongPassword() }), 400);
    expectError(await check(misses[4]!, again.email), 403, RETRY_LIMIT);
    expectError(await check(again.code, again.email), 403, RETRY_LIMIT);
    expect(await loginStatus(email, password)).toBe(401);
  });

  it('answers 410 once the code is older than 24 hours', async () => {
    const { email, password, code } = await withResetCode();
    server.clock.advance(24 * 60 * 60 + 1);
    const res = await resetConsume({ email, code, new_password: strongPassword() });
    expectError(res, 410);
    expect(res.body.code).toBe('code_expired');
    expect(await loginStatus(email, password)).toBe(200);
  });

  it('answers 400 with the rules for a weak password, without counting a try', async () => {
    const { email, code } = await withResetCode();
    const res = await resetConsume({ email, code, new_password: 'weakpass' });
    expectError(res, 400, /^The password needs /);
    expect(res.body.message).toContain('an upper-case letter');
    expect(res.body.message).toContain('a number');
    expect(res.body.code).toBe('weak_password');
    const [row] = await server.db.query<{ attempts: number }>(
      `SELECT c.attempts FROM verification_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.purpose = 'reset' AND c.replaced_at IS NULL`,
      [email],
    );
    expect(row!.attempts).toBe(0);
    expect((await resetConsume({ email, code, new_password: strongPassword() })).status).toBe(200);
  });

  it('answers an unknown address as a wrong code', async () => {
    const res = await resetConsume({ email: 'nobody@northwind.example', code: '1234', new_password: strongPassword() });
    expectError(res, 400, 'Please enter a valid code');
    expect(res.body.code).toBe('invalid_code');
  });

  it('does not take the sign-up code as a reset code', async () => {
    const email = 'pending@northwind.example';
    expect((await server.call('POST', '/user-verification/code/resend', { body: { email } })).status).toBe(200);
    const signupCode = await server.latestCode(email);
    expectError(await resetConsume({ email, code: signupCode, new_password: strongPassword() }), 400);
  });

  it('does not finish a sign-up: that takes its own code, which applies what the sign-up asked for', async () => {
    const email = 'pending@northwind.example';
    const before = (await resetMails(email)).length;
    expect((await send(email)).status).toBe(200);
    expect(await resetMails(email)).toHaveLength(before);
    expectError(await resetConsume({ email, code: '1234', new_password: strongPassword() }), 400, 'Please enter a valid code');
  });

  it('answers 400 for a malformed body', async () => {
    const { email, code } = await withResetCode();
    for (const body of [
      {},
      { email, code },
      { email, new_password: strongPassword() },
      { email, code: '12a4', new_password: strongPassword() },
      { email, code: '12345', new_password: strongPassword() },
      { email: 'bad', code, new_password: strongPassword() },
      { email, code, new_password: '' },
    ]) {
      expectError(await resetConsume(body), 400);
    }
    expectError(
      await server.call('PUT', '/user-verification/code/reset-password/consume', { payload: '{', headers: { 'content-type': 'application/json' } }),
      400,
    );
    // None of these counted as a try.
    expect((await resetConsume({ email, code, new_password: strongPassword() })).status).toBe(200);
  });
});
