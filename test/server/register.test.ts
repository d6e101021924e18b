import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { consumeSignupPath, expectError, freshEmail, strongPassword } from './helpers.js';

let server: TestServer;
const buildingUuid: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings'))
    buildingUuid[row.name] = row.uuid;
});
afterAll(() => server.close());

const register = (body: Record<string, unknown>) => server.call('POST', '/auth/register', { body });
const form = (overrides: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  first_name: 'Nina',
  last_name: 'Newcomer',
  password: strongPassword(),
  is_term_accepted: true,
  ...overrides,
});
const mails = (to: string) =>
  server.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM dev_mail WHERE to_address = $1 ORDER BY id', [to]);

describe('POST /auth/register: new accounts', () => {
  it('creates an unconfirmed account on a one-building domain without a building, and mails a code', async () => {
    const body = form({ email: freshEmail('northwind.example', 'Mixed.Case').replace('northwind', 'NorthWind'), is_email_accepted: true });
    const res = await register(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const email = String(body.email).toLowerCase();
    // Until the code is entered the account is a placeholder: nothing the sign-up asked for is on it yet.
    expect(res.body.user).toMatchObject({
      email,
      confirmed: false,
      terms_accepted: false,
      deactivated: false,
      created_by: 'user',
      company_name: 'Northwind Traders',
    });
    expect(res.body.user).not.toHaveProperty('password_hash');
    const [stored] = await server.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(stored!.password_hash).toBeNull();

    const sent = await mails(email);
    expect(sent).toHaveLength(1);
    const code = await server.latestCode(email);
    expect(sent[0]!.subject).toContain(code);
    // The mail does not repeat names somebody else may have typed for this address.
    expect(sent[0]!.text_body).not.toContain('Nina');

    // Not yet confirmed: the registration's password opens nothing until the code is used with it.
    const early = await server.call('POST', '/auth/v2/login', { body: { email, password: body.password } });
    expectError(early, 401);
    const consumed = await server.call('PUT', consumeSignupPath(code, email), { body: { password: body.password } });
    expect(consumed.status).toBe(200);
    expect(consumed.body.data.user).toMatchObject({
      first_name: 'Nina',
      last_name: 'Newcomer',
      confirmed: true,
      terms_accepted: true,
      email_accepted: true,
      default_building_uuid: buildingUuid['One Atrium Plaza'],
    });
    const [membership] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_buildings ub JOIN users u ON u.id = ub.user_id WHERE u.email = $1',
      [email],
    );
    expect(membership!.n).toBe(1);
    const session = await server.login(email, String(body.password));
    expect(session.user.confirmed).toBe(true);
  });

  it('stores trimmed names and the user type', async () => {
    const body = form({ first_name: '  Ann  ', last_name: ' Lee ', user_type_id: 2 });
    const res = await register(body);
    expect(res.status).toBe(200);
    const email = String(body.email);
    const consumed = await server.call('PUT', consumeSignupPath(await server.latestCode(email), email), { body: { password: body.password } });
    expect(consumed.body.data.user.first_name).toBe('Ann');
    expect(consumed.body.data.user.last_name).toBe('Lee');
    const [row] = await server.db.query<{ user_type_id: number }>('SELECT user_type_id FROM users WHERE email = $1', [body.email]);
    expect(row!.user_type_id).toBe(2);
    expectError(await register(form({ user_type_id: 3 })), 400);
  });

  it('requires a building on a domain with several, and only one of that domain', async () => {
    const missing = await register(form({ email: freshEmail('globex.example') }));
    expectError(missing, 400);
    expect(missing.body.code).toBe('building_required');

    const otherDomains = await register(form({ email: freshEmail('globex.example'), building_uuid: buildingUuid['Maison du Port'] }));
    expectError(otherDomains, 400);
    expect(otherDomains.body.code).toBe('building_not_allowed');
    const unknown = await register(form({ email: freshEmail('globex.example'), building_uuid: '00000000-0000-4000-8000-000000000000' }));
    expectError(unknown, 400);
    expect(unknown.body.code).toBe('building_not_allowed');
    expectError(await register(form({ email: freshEmail('globex.example'), building_uuid: 'not-a-uuid' })), 400);

    const email = freshEmail('globex.example');
    const password = strongPassword();
    const ok = await register(form({ email, password, building_uuid: buildingUuid['Harbor Point'] }));
    expect(ok.status).toBe(200);
    expect(ok.body.user.company_name).toBe('Globex Corporation');
    const consumed = await server.call('PUT', consumeSignupPath(await server.latestCode(email), email), { body: { password } });
    expect(consumed.body.data.user.default_building_uuid).toBe(buildingUuid['Harbor Point']);
    // Nothing is created by the refused attempts.
    const [count] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'new.%@globex.example'`);
    expect(count!.n).toBe(1);
  });

  it('refuses when the terms are not accepted', async () => {
    const res = await register(form({ is_term_accepted: false }));
    expectError(res, 400);
    expect(res.body.code).toBe('terms_required');
    const { is_term_accepted: _omitted, ...withoutTerms } = form();
    expectError(await register(withoutTerms), 400, /is_term_accepted/);
  });

  it('refuses a weak password with a message naming what is missing', async () => {
    const cases: [string, string[]][] = [
      ['password', ['an upper-case letter', 'a number', 'a special character']],
      ['Sh0rt!', ['at least 8 characters']],
      ['ALLUPPER1!', ['a lower-case letter']],
      ['NoDigits!!', ['a number']],
      ['NoSpecial12', ['a special character']],
    ];
    for (const [password, needs] of cases) {
      const email = freshEmail();
      const res = await register(form({ email, password }));
      expectError(res, 400, /^The password needs /);
      expect(res.body.code).toBe('weak_password');
      for (const need of needs) expect(res.body.message, password).toContain(need);
      const [row] = await server.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      expect(row).toBeUndefined();
    }
  });

  it('refuses names shorter than two characters', async () => {
    for (const names of [
      { first_name: 'A' },
      { last_name: 'B' },
      { first_name: '' },
      { first_name: '   ' },
      { first_name: ' A ' },
      { last_name: 'x'.repeat(101) },
    ]) {
      const res = await register(form(names));
      expectError(res, 400);
    }
    const trimmedToOne = await register(form({ first_name: ' A ' }));
    expect(trimmedToOne.body.code).toBe('invalid_name');
    expect(trimmedToOne.body.message).toMatch(/two characters/);
    for (const names of [{ first_name: 'Al' }, { last_name: ' Li ' }]) {
      expect((await register(form(names))).status, JSON.stringify(names)).toBe(200);
    }
  });

  it('answers 400 for missing fields, wrong types and bad JSON, never 500', async () => {
    const json = { 'content-type': 'application/json' };
    expectError(await server.call('POST', '/auth/register', { body: {} }), 400);
    expectError(await server.call('POST', '/auth/register'), 400);
    expectError(await server.call('POST', '/auth/register', { payload: '{"email":', headers: json }), 400);
    expectError(await server.call('POST', '/auth/register', { payload: 'null', headers: json }), 400);
    expectError(await register(form({ email: 'not-an-email' })), 400);
    expectError(await register(form({ is_term_accepted: 'maybe' })), 400);
    expectError(await register(form({ first_name: { a: 1 } })), 400);
  });

  it("answers 403 'Company Email Not Found' for a domain with no buildings", async () => {
    const res = await register(form({ email: 'someone@unknown-company.example' }));
    expectError(res, 403, 'Company Email Not Found');
  });
});

describe('POST /auth/register: existing accounts', () => {
  it('answers 409 for a confirmed account, and leaves its password alone', async () => {
    const res = await register(form({ email: DEMO_LOGIN.email.toUpperCase(), password: 'Taken!2026x' }));
    expectError(res, 409);
    expect(res.body.code).toBe('exists');
    await server.login(DEMO_LOGIN.email, DEMO_PASSWORD);
    const stolen = await server.call('POST', '/auth/v2/login', { body: { email: DEMO_LOGIN.email, password: 'Taken!2026x' } });
    expect(stolen.status).toBe(401);
  });

  it('answers a deactivated account as any existing one (409), so the form does not tell it apart', async () => {
    const res = await register(form({ email: 'former@globex.example' }));
    expectError(res, 409);
    expect(res.body.code).toBe('exists');
  });

  it("refuses password registration on a domain whose SSO is required, and keeps the address's accounts as they were", async () => {
    for (const email of [freshEmail('initech.example'), 'scim.user@initech.example']) {
      const res = await register(form({ email }));
      expectError(res, 403);
      expect(res.body.code).toBe('sso_required');
      expect(await mails(email)).toHaveLength(0);
    }
  });

  it('lets a person claim an account uploaded for them (csv), keeping who created it', async () => {
    const email = 'csv.user@northwind.example';
    const [before] = await server.db.query<{ uuid: string }>('SELECT uuid::text FROM users WHERE email = $1', [email]);
    const password = strongPassword();
    const res = await register(form({ email, password, first_name: 'Cassie', last_name: 'Uploaded', is_email_accepted: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Claiming changes nothing on the account until the code proves the mailbox: the upload's names stay.
    expect(res.body.user).toMatchObject({
      uuid: before!.uuid,
      email,
      first_name: 'Cass',
      created_by: 'upload',
      confirmed: false,
      terms_accepted: false,
    });
    const code = await server.latestCode(email);
    const consumed = await server.call('PUT', consumeSignupPath(code, email), { body: { password } });
    expect(consumed.status).toBe(200);
    expect(consumed.body.data.user).toMatchObject({
      uuid: before!.uuid,
      first_name: 'Cassie',
      last_name: 'Uploaded',
      created_by: 'upload',
      confirmed: true,
      terms_accepted: true,
      email_accepted: true,
      default_building_uuid: buildingUuid['One Atrium Plaza'],
    });
    const session = await server.login(email, password);
    expect(session.user.created_by).toBe('upload');
    // Once confirmed, the account cannot be claimed again.
    expectError(await register(form({ email })), 409);
  });

  it('lets an invited (acs) person claim their account without choosing a building, or with one of the domain', async () => {
    // globex.example has three buildings, yet the invited person keeps the building they were invited to.
    const email = 'invited@globex.example';
    const acs = await register(form({ email }));
    expect(acs.status, JSON.stringify(acs.body)).toBe(200);
    expect(acs.body.user).toMatchObject({ created_by: 'acs', default_building_uuid: buildingUuid['Atrium Tower West'] });
    // Choosing a building of the domain adds it and makes it the default, once confirmed.
    const password = strongPassword();
    expect((await register(form({ email, password, building_uuid: buildingUuid['Harbor Point'] }))).status).toBe(200);
    const consumed = await server.call('PUT', consumeSignupPath(await server.latestCode(email), email), { body: { password } });
    expect(consumed.body.data.user.default_building_uuid).toBe(buildingUuid['Harbor Point']);
  });

  it('lets an unconfirmed sign-up start again: new password, new code', async () => {
    const email = 'pending@northwind.example';
    const firstCount = (await mails(email)).length;
    const password = strongPassword();
    const res = await register(form({ email, password }));
    expect(res.status).toBe(200);
    expect(await mails(email)).toHaveLength(firstCount + 1);
    const code = await server.latestCode(email);
    expect((await server.call('PUT', consumeSignupPath(code, email), { body: { password } })).status).toBe(200);
    await server.login(email, password);
    expect((await server.call('POST', '/auth/v2/login', { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
  });
});
