import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';
import { consumeSignupPath, expectError, freshEmail, strongPassword, wrongCodes } from './helpers.js';

const RETRY_LIMIT = 'The retry attempt limit is reached';
const INVALID_CODE = 'Please enter a valid code';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A new, unconfirmed account with its mailed code. */
async function signUp() {
  const email = freshEmail();
  const password = strongPassword();
  const res = await server.call('POST', '/auth/register', {
    body: { email, password, first_name: 'Vera', last_name: 'Verify', is_term_accepted: true },
  });
  expect(res.status).toBe(200);
  expect(res.body.user.confirmed).toBe(false);
  return { email, password, code: await server.latestCode(email) };
}
/** Confirms with a code, choosing the password then (the registration's own password unless told otherwise). */
const consume = (code: string, email: string, password: string = strongPassword()) =>
  server.call('PUT', consumeSignupPath(code, email), { body: { password } });
const resend = (email: string) => server.call('POST', '/user-verification/code/resend', { body: { email } });
const loginStatus = async (email: string, password: string) => (await server.call('POST', '/auth/v2/login', { body: { email, password } })).status;
const isConfirmed = async (email: string) =>
  (await server.db.query<{ confirmed: boolean }>('SELECT confirmed FROM users WHERE email = $1', [email]))[0]!.confirmed;

describe('PUT /user-verification/code/{code}/consume', () => {
  it('confirms the account with the right code; then sign-in works and the code is spent', async () => {
    const { email, password, code } = await signUp();
    // Before the code, the password given at registration opens nothing.
    expect(await loginStatus(email, password)).toBe(401);
    const res = await consume(code, email.toUpperCase(), password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.verified).toBe(true);
    expect(res.body.data.user).toMatchObject({ email, confirmed: true });
    expect(res.body.data.user).not.toHaveProperty('password_hash');
    expect(await isConfirmed(email)).toBe(true);
    expect(await loginStatus(email, password)).toBe(200);
    const again = await consume(code, email);
    expectError(again, 409);
    expect(again.body.code).toBe('already_confirmed');
  });

  it("answers 400 'Please enter a valid code' for a wrong code and leaves the account unconfirmed", async () => {
    const { email, code } = await signUp();
    const [wrong] = wrongCodes(code);
    const res = await consume(wrong!, email);
    expectError(res, 400, INVALID_CODE);
    expect(res.body.code).toBe('invalid_code');
    expect(await isConfirmed(email)).toBe(false);
    const [row] = await server.db.query<{ attempts: number }>(
      `SELECT c.attempts FROM verification_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.purpose = 'signup'`,
      [email],
    );
    expect(row!.attempts).toBe(1);
    // A wrong try does not spend the code.
    expect((await consume(code, email)).status).toBe(200);
  });

  it("answers 403 'The retry attempt limit is reached' from the fifth wrong try on, even for the right code", async () => {
    const { email, password, code } = await signUp();
    const wrong = wrongCodes(code, 5);
    for (const attempt of wrong.slice(0, 4)) expectError(await consume(attempt, email), 400, INVALID_CODE);
    const fifth = await consume(wrong[4]!, email);
    expectError(fifth, 403, RETRY_LIMIT);
    expect(fifth.body.code).toBe('retry_limit');
    const right = await consume(code, email, password);
    expectError(right, 403, RETRY_LIMIT);
    expect(await isConfirmed(email)).toBe(false);
    expect(await loginStatus(email, password)).toBe(401);

    // A new code (resend) is the way out.
    expect((await resend(email)).status).toBe(200);
    const fresh = await server.latestCode(email);
    expect((await consume(fresh, email, password)).status).toBe(200);
    expect(await loginStatus(email, password)).toBe(200);
  });

  it('accepts the code until 24 hours have passed, then answers 410', async () => {
    const early = await signUp();
    const late = await signUp();
    server.clock.advance(24 * 60 * 60 - 60);
    expect((await consume(early.code, early.email)).status).toBe(200);
    server.clock.advance(61);
    const res = await consume(late.code, late.email);
    expectError(res, 410, /expired/);
    expect(res.body.code).toBe('code_expired');
    expect(await isConfirmed(late.email)).toBe(false);
    // A resent code starts a new 24 hours.
    expect((await resend(late.email)).status).toBe(200);
    expect((await consume(await server.latestCode(late.email), late.email)).status).toBe(200);
  });

  it('answers 400 when no code was ever sent', async () => {
    // csv.user was uploaded and never mailed a code.
    expectError(await consume('1234', 'csv.user@northwind.example'), 400, INVALID_CODE);
  });

  it('answers 400 password_required without a password, and a weak one, before looking at the code', async () => {
    const { email, code } = await signUp();
    const bare = await server.call('PUT', consumeSignupPath(code, email));
    expectError(bare, 400, 'Choose a password to finish signing up');
    expect(bare.body.code).toBe('password_required');
    expectError(await consume(code, email, 'weak'), 400, /The password needs/);
    expect(await isConfirmed(email)).toBe(false);
    // Neither spent a try: the code still works.
    expect((await consume(code, email)).status).toBe(200);
  });

  it('mails no reset code for an address whose sign-up is not finished, so a reset code cannot stand in', async () => {
    const { email } = await signUp();
    const before = await server.db.query('SELECT id FROM dev_mail WHERE to_address = $1', [email]);
    expect((await server.call('POST', '/user-verification/code/reset-password/send', { body: { email } })).status).toBe(200);
    const after = await server.db.query('SELECT id FROM dev_mail WHERE to_address = $1', [email]);
    expect(after.length).toBe(before.length);
    expect(await isConfirmed(email)).toBe(false);
  });

  it('answers an unknown or deactivated address as a wrong code (nothing to tell apart), and 409 for a confirmed one', async () => {
    expectError(await consume('1234', 'nobody@northwind.example'), 400, INVALID_CODE);
    expectError(await consume('1234', 'former@globex.example'), 400, INVALID_CODE);
    expectError(await consume('1234', DEMO_LOGIN.email), 409);
  });

  it('answers 400 for a malformed code or address', async () => {
    const { email } = await signUp();
    for (const code of ['12a4', '123', '12345', 'abcd', '%20%20%20%20']) {
      expectError(await server.call('PUT', `/user-verification/code/${code}/consume?email=${encodeURIComponent(email)}`), 400);
    }
    expectError(await server.call('PUT', '/user-verification/code/1234/consume'), 400);
    expectError(await server.call('PUT', '/user-verification/code/1234/consume?email=not-an-email'), 400);
    expect(await isConfirmed(email)).toBe(false);
  });
});

describe('POST /user-verification/code/resend', () => {
  it('mails a new code and the old one stops working', async () => {
    const { email, password, code: old } = await signUp();
    let fresh = old;
    // Codes are random: on the rare draw of the same four digits, ask again.
    for (let i = 0; fresh === old && i < 5; i++) {
      const res = await resend(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ok: true } });
      fresh = await server.latestCode(email);
    }
    expect(fresh).not.toBe(old);
    const [live] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM verification_codes c JOIN users u ON u.id = c.user_id
        WHERE u.email = $1 AND c.purpose = 'signup' AND c.replaced_at IS NULL AND c.consumed_at IS NULL`,
      [email],
    );
    expect(live!.n).toBe(1);
    expectError(await consume(old, email), 400, INVALID_CODE);
    expect((await consume(fresh, email, password)).status).toBe(200);
    expect(await loginStatus(email, password)).toBe(200);
  });

  it('answers the same for an unknown address and a confirmed account, mailing nothing; 400 for a bad body', async () => {
    for (const email of ['nobody@northwind.example', DEMO_LOGIN.email, 'former@globex.example']) {
      const res = await resend(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ok: true } });
      expect(await server.db.query('SELECT id FROM dev_mail WHERE to_address = $1', [email])).toEqual([]);
    }
    expectError(await resend('not-an-email'), 400);
    expectError(await server.call('POST', '/user-verification/code/resend', { body: {} }), 400);
  });
});

describe('GET /user-verification/samlResponse', () => {
  it('answers 501: the reference server has no SAML identity provider', async () => {
    const res = await server.call('GET', '/user-verification/samlResponse?serviceprovider=x&url=y');
    expectError(res, 501, /SAML/);
  });
});
