import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { createConfirmedUser, expectError, strongPassword } from './helpers.js';

let server: TestServer;
const building: Record<string, string> = {};
const portfolio: Record<string, string> = {};
let demoToken: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.query<{ name: string; uuid: string; portfolio: string }>(
    'SELECT b.name, b.uuid::text, p.uuid::text AS portfolio FROM buildings b JOIN portfolios p ON p.id = b.portfolio_id',
  )) {
    building[row.name] = row.uuid;
    portfolio[row.name] = row.portfolio;
  }
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
});
afterAll(() => server.close());

const USER_FIELDS = [
  'uuid',
  'id',
  'email',
  'first_name',
  'last_name',
  'avatar_url',
  'default_building_uuid',
  'company_uuid',
  'company_name',
  'locale',
  'confirmed',
  'email_accepted',
  'terms_accepted',
  'admin',
  'roles',
  'hqo',
  'signup_app_brand',
  'deactivated',
  'created_by',
  'portfolio_uuid',
  'updated_at',
];

describe('GET /users/current', () => {
  it('answers the signed-in user with every field of the User entity and no password hash', async () => {
    const res = await server.call('GET', '/users/current', { token: adminToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([...USER_FIELDS].sort());
    expect(res.body.data).toMatchObject({
      email: 'admin@globex.example',
      first_name: 'Ada',
      last_name: 'Admin',
      admin: true,
      roles: [{ name: 'building_admin' }, { name: 'tenant' }],
      company_name: 'Globex Corporation',
      default_building_uuid: building['One Atrium Plaza'],
      portfolio_uuid: portfolio['One Atrium Plaza'],
      created_by: 'user',
      locale: 'en-US',
    });
    const demo = await server.call('GET', '/users/current', { token: demoToken });
    expect(demo.body.data.email).toBe(DEMO_LOGIN.email);
    expect(demo.body.data.admin).toBe(false);
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('GET', '/users/current'), 401);
  });
});

describe('PUT /users/current', () => {
  it('updates the names (trimmed; one character is enough on the profile) and leaves the rest alone', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token, user: before } = await server.login(email, password);
    const res = await server.call('PUT', '/users/current', { token, body: { first_name: '  Zed ', last_name: 'Q' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Zed', last_name: 'Q', email, default_building_uuid: before.default_building_uuid });
    const again = await server.call('GET', '/users/current', { token });
    expect(again.body.data.first_name).toBe('Zed');
    expect(again.body.data.last_name).toBe('Q');
    // An empty update changes nothing.
    const empty = await server.call('PUT', '/users/current', { token, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual(again.body.data);
  });

  it('refuses empty or blank names, unknown fields and wrong types with 400', async () => {
    const before = (await server.call('GET', '/users/current', { token: demoToken })).body.data;
    for (const body of [
      { first_name: '' },
      { last_name: '   ' },
      { first_name: 'x'.repeat(101) },
      { first_name: { text: 'Dee' } },
      { first_name: null },
      { nickname: 'Dee' },
      { is_term_accepted: 'perhaps' },
      // A JSON body keeps its types: a number or a boolean is not a name (never stored as "5"), text not a boolean.
      { first_name: 5 },
      { last_name: true },
      { is_term_accepted: 'true' },
    ]) {
      const res = await server.call('PUT', '/users/current', { token: demoToken, body });
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
    }
    expectError(
      await server.call('PUT', '/users/current', { token: demoToken, payload: 'null', headers: { 'content-type': 'application/json' } }),
      400,
    );
    const after = (await server.call('GET', '/users/current', { token: demoToken })).body.data;
    expect(after).toEqual(before);
  });

  it("sets the default building only to one of the user's buildings, or to null", async () => {
    const { token } = await server.login('olivia@umbrella.example', DEMO_PASSWORD);
    const own = await server.call('PUT', '/users/current', { token, body: { default_building_uuid: building['Harbor Point'] } });
    expect(own.status).toBe(200);
    expect(own.body.data.default_building_uuid).toBe(building['Harbor Point']);
    expect(own.body.data.portfolio_uuid).toBe(portfolio['Harbor Point']);

    const notHers = await server.call('PUT', '/users/current', { token, body: { default_building_uuid: building['One Atrium Plaza'] } });
    expectError(notHers, 400);
    expect(notHers.body.code).toBe('building_not_allowed');
    expectError(await server.call('PUT', '/users/current', { token, body: { default_building_uuid: '00000000-0000-4000-8000-000000000000' } }), 400);
    expectError(await server.call('PUT', '/users/current', { token, body: { default_building_uuid: 'harbor-point' } }), 400);
    expect((await server.call('GET', '/users/current', { token })).body.data.default_building_uuid).toBe(building['Harbor Point']);

    const cleared = await server.call('PUT', '/users/current', { token, body: { default_building_uuid: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.default_building_uuid).toBeNull();
    // Changing only a name keeps the default building as it is.
    const named = await server.call('PUT', '/users/current', { token, body: { default_building_uuid: building['Maison du Port'] } });
    expect(named.body.data.default_building_uuid).toBe(building['Maison du Port']);
    const renamed = await server.call('PUT', '/users/current', { token, body: { first_name: 'Liv' } });
    expect(renamed.body.data.default_building_uuid).toBe(building['Maison du Port']);
  });

  it('records terms and marketing consent, but a client cannot unconfirm or confirm the account', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const res = await server.call('PUT', '/users/current', { token, body: { is_email_accepted: true, is_term_accepted: true, confirmed: false } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email_accepted: true, terms_accepted: true, confirmed: true });
    const off = await server.call('PUT', '/users/current', { token, body: { is_email_accepted: false } });
    expect(off.body.data.email_accepted).toBe(false);
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('PUT', '/users/current', { body: { first_name: 'Eve' } }), 401);
  });
});

describe('PUT /users/current with updated_at (optimistic concurrency)', () => {
  const CONFLICT = 'Your profile was changed elsewhere. Please review and save again.';
  const current = async (token: string) => (await server.call('GET', '/users/current', { token })).body.data;

  it('shows the version as an ISO 8601 timestamp, the same in every answer that carries the user', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token, user } = await server.login(email, password);
    expect(user.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(Number.isNaN(Date.parse(user.updated_at))).toBe(false);
    expect((await current(token)).updated_at).toBe(user.updated_at);
  });

  it('saves when the version is the stored one and answers the new version', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const before = await current(token);
    const res = await server.call('PUT', '/users/current', { token, body: { first_name: 'Nora', updated_at: before.updated_at } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.first_name).toBe('Nora');
    expect(res.body.data.updated_at).not.toBe(before.updated_at);
    expect((await current(token)).updated_at).toBe(res.body.data.updated_at);
  });

  it('answers 409 profile_conflict for an older version and writes nothing', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const seen = await current(token);
    // Someone else (another tab, another device) saves first.
    const elsewhere = await server.call('PUT', '/users/current', { token, body: { first_name: 'Elsewhere', updated_at: seen.updated_at } });
    expect(elsewhere.status).toBe(200);
    const stored = await current(token);

    const stale = await server.call('PUT', '/users/current', {
      token,
      body: { first_name: 'Mine', last_name: 'Mine', default_building_uuid: null, is_email_accepted: true, updated_at: seen.updated_at },
    });
    expectError(stale, 409, CONFLICT);
    expect(stale.body.code).toBe('profile_conflict');
    expect(await current(token)).toEqual(stored);
    const [row] = await server.db.query<{ first_name: string; last_name: string; email_accepted: boolean; default_building_id: number | null }>(
      'SELECT first_name, last_name, email_accepted, default_building_id FROM users WHERE email = $1',
      [email],
    );
    expect(row).toMatchObject({ first_name: 'Elsewhere', last_name: 'Person', email_accepted: false });
    expect(row!.default_building_id).not.toBeNull();

    // Re-based on the stored version, the same save goes through.
    const again = await server.call('PUT', '/users/current', { token, body: { first_name: 'Mine', updated_at: stored.updated_at } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.first_name).toBe('Mine');
  });

  it('answers 409 for a version that never was, and 400 for a malformed one', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const before = await current(token);
    expectError(
      await server.call('PUT', '/users/current', { token, body: { first_name: 'X', updated_at: '2001-01-01T00:00:00.000000Z' } }),
      409,
      CONFLICT,
    );
    expectError(await server.call('PUT', '/users/current', { token, body: { first_name: 'X', updated_at: '' } }), 400);
    expectError(await server.call('PUT', '/users/current', { token, body: { first_name: 'X', updated_at: { at: 'now' } } }), 400);
    expect(await current(token)).toEqual(before);
  });

  it('without updated_at the last write wins; a write that changes nothing keeps the version', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const before = await current(token);
    const same = await server.call('PUT', '/users/current', { token, body: { first_name: before.first_name, updated_at: before.updated_at } });
    expect(same.status).toBe(200);
    expect(same.body.data.updated_at).toBe(before.updated_at);
    const blind = await server.call('PUT', '/users/current', { token, body: { last_name: 'Blind' } });
    expect(blind.status).toBe(200);
    expect(blind.body.data.updated_at).not.toBe(before.updated_at);
  });

  it('a password change is not a profile change: the version stays', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const before = await current(token);
    const changed = await server.call('PUT', '/users/current/password', { token, body: { password, new_password: strongPassword() } });
    expect(changed.status).toBe(200);
    const saved = await server.call('PUT', '/users/current', { token, body: { first_name: 'After', updated_at: before.updated_at } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe('PUT /users/current/password', () => {
  const change = (token: string, password: string, new_password: string) =>
    server.call('PUT', '/users/current/password', { token, body: { password, new_password } });
  const loginStatus = async (email: string, password: string) => (await server.call('POST', '/auth/v2/login', { body: { email, password } })).status;

  it('changes the password when the current one is right', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const next = strongPassword();
    const res = await change(token, password, next);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    expect(await loginStatus(email, next)).toBe(200);
    expect(await loginStatus(email, password)).toBe(401);
  });

  it('answers 400 for a wrong current password, and for a weak new one', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const wrong = await change(token, 'Not!The1Password', strongPassword());
    expectError(wrong, 400);
    expect(wrong.body.code).toBe('wrong_password');
    const weak = await change(token, password, 'short');
    expectError(weak, 400, /^The password needs /);
    expect(weak.body.code).toBe('weak_password');
    expectError(await server.call('PUT', '/users/current/password', { token, body: { password } }), 400);
    expect(await loginStatus(email, password)).toBe(200);
  });

  it("answers 409 'You can not reuse this old password' for the current one and the last five before it", async () => {
    const { email, password: p0 } = await createConfirmedUser(server);
    const { token } = await server.login(email, p0);
    const reuse = await change(token, p0, p0);
    expectError(reuse, 409, 'You can not reuse this old password');
    expect(reuse.body.code).toBe('password_has_been_used');

    const passwords = [p0];
    for (let i = 1; i <= 6; i++) {
      const next = strongPassword(`P${i}`);
      expect((await change(token, passwords.at(-1)!, next)).status).toBe(200);
      passwords.push(next);
    }
    const current = passwords.at(-1)!;
    // p1..p5 are the five before the current p6: refused. p0 is older than that: allowed again.
    for (const old of passwords.slice(1)) expectError(await change(token, current, old), 409);
    expect((await change(token, current, p0)).status).toBe(200);
    expect(await loginStatus(email, p0)).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('PUT', '/users/current/password', { body: { password: 'a', new_password: 'b' } }), 401);
  });
});

describe('POST /users/current/password/check', () => {
  const check = (token: string | undefined, password: string) =>
    server.call('POST', '/users/current/password/check', { ...(token ? { token } : {}), body: { password } });

  it('answers whether the password is right, changing nothing; guesses count against the same limit as sign-in', async () => {
    const { email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    expect(await check(token, password)).toMatchObject({ status: 200, body: { data: { ok: true } } });
    expectError(await check(token, 'wrong-password'), 400, 'The password is not correct');
    expectError(await check(undefined, password), 401);
    // Someone at a kiosk left signed in cannot guess on: after the free tries the account's password checks lock.
    for (let i = 0; i < 5; i++) await check(token, `guess-${i}`);
    const locked = await check(token, password);
    expect(locked.status).toBe(429);
    expect((await server.call('POST', '/auth/v2/login', { body: { email, password } })).status).toBe(429);
  });
});

describe('GET /users/current/buildings', () => {
  it("lists the user's buildings in name order, without internal ids", async () => {
    const admin = await server.call('GET', '/users/current/buildings', { token: adminToken });
    expect(admin.status).toBe(200);
    expect(admin.body.data.map((b: { name: string }) => b.name)).toEqual(['Atrium Tower West', 'Harbor Point', 'One Atrium Plaza']);
    const [first] = admin.body.data;
    expect(first).not.toHaveProperty('id');
    expect(first).toMatchObject({
      uuid: building['Atrium Tower West'],
      address_1: '555 Market Street, San Francisco, CA',
      timezone: 'America/Los_Angeles',
      locale: 'en-US',
      portfolio_uuid: portfolio['Atrium Tower West'],
      secondary_content: { name: 'Services' },
      image_url: '/media/buildings/atrium-tower-west.svg',
    });
    expect(first.asset_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const demo = await server.call('GET', '/users/current/buildings', { token: demoToken });
    expect(demo.body.data.map((b: { uuid: string }) => b.uuid)).toEqual([building['One Atrium Plaza']]);
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('GET', '/users/current/buildings'), 401);
  });
});

describe('GET /user-permissions/v1', () => {
  it('gives admin@globex.example can-see-admin-ui-link in each of their buildings', async () => {
    const wanted = [building['One Atrium Plaza'], building['Harbor Point']];
    const res = await server.call('GET', `/user-permissions/v1?buildings=${wanted.join(',')}&permissions=can-see-admin-ui-link`, {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ [wanted[0]!]: ['can-see-admin-ui-link'], [wanted[1]!]: ['can-see-admin-ui-link'] });
  });

  it('without filters lists every building where the user holds a permission', async () => {
    const res = await server.call('GET', '/user-permissions/v1', { token: adminToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([building['One Atrium Plaza'], building['Atrium Tower West'], building['Harbor Point']].sort());
  });

  it('answers an empty list for each asked building where the user has none', async () => {
    const asked = [building['One Atrium Plaza'], building['Maison du Port']];
    const demo = await server.call('GET', `/user-permissions/v1?buildings=${asked.join(',')}&permissions=can-see-admin-ui-link`, {
      token: demoToken,
    });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual({ [asked[0]!]: [], [asked[1]!]: [] });
    // The admin lacks it in a building that is not theirs, and a permission they lack is not listed.
    const admin = await server.call('GET', `/user-permissions/v1?buildings=${asked.join(',')}`, { token: adminToken });
    expect(admin.body.data).toEqual({ [asked[0]!]: ['can-see-admin-ui-link'], [asked[1]!]: [] });
    const other = await server.call('GET', `/user-permissions/v1?buildings=${asked[0]}&permissions=can-delete-everything`, { token: adminToken });
    expect(other.body.data).toEqual({ [asked[0]!]: [] });
  });

  it('accepts repeated parameters as well as comma lists, and tolerates junk ids', async () => {
    const res = await server.call(
      'GET',
      `/user-permissions/v1?buildings=${building['Harbor Point']}&buildings=not-a-uuid&permissions=can-see-admin-ui-link,other`,
      { token: adminToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ [building['Harbor Point']!]: ['can-see-admin-ui-link'], 'not-a-uuid': [] });
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('GET', '/user-permissions/v1'), 401);
  });
});
