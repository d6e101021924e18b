/**
 * POST /dev/permissions: a browser test's own tenant gets an account that may run the lobby kiosk's visitor desk
 * (decision 168); from this machine only, never in production, and only the listed permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { expectError } from './helpers.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function tenant() {
  const res = await server.call('POST', '/dev/tenants', { body: { people: 2 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { building_uuid: string; people: { email: string }[] };
}
const grant = (body: object) => server.call('POST', '/dev/permissions', { body });
const checkIn = async (email: string, building: string) =>
  server.call('POST', `/tenant/v1/buildings/${building}/visitor-kiosk/check-in`, {
    token: (await server.login(email, DEMO_PASSWORD)).token,
    body: { code: 'ABCD-EFGH-JKMN' },
  });

describe('POST /dev/permissions', () => {
  it('makes a person of the building a visitor kiosk there, and no one else; again is harmless', async () => {
    const { building_uuid, people } = await tenant();
    const [kiosk, other] = people.map((p) => p.email) as [string, string];
    expect((await checkIn(kiosk, building_uuid)).body.code).toBe('not_a_kiosk');
    for (let i = 0; i < 2; i++) {
      const res = await grant({ email: kiosk.toUpperCase(), building_uuid, permission: 'visitor-kiosk' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ email: kiosk, permission: 'visitor-kiosk' });
    }
    // Past the kiosk check now: the made-up code is what is refused.
    expect((await checkIn(kiosk, building_uuid)).body.code).toBe('invalid_pass');
    expect((await checkIn(other, building_uuid)).body.code).toBe('not_a_kiosk');
  });

  it('refuses other permissions, unknown people and buildings the person is not in', async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const email = mine.people[0]!.email;
    expectError(await grant({ email, building_uuid: mine.building_uuid, permission: 'can-see-admin-ui-link' }), 400);
    expectError(await grant({ email, building_uuid: mine.building_uuid }), 400);
    expectError(await grant({ email, building_uuid: 'not-a-uuid', permission: 'visitor-kiosk' }), 400);
    expectError(await grant({ email: 'nobody@nowhere.example', building_uuid: mine.building_uuid, permission: 'visitor-kiosk' }), 404);
    expectError(await grant({ email, building_uuid: theirs.building_uuid, permission: 'visitor-kiosk' }), 404);
    const [count] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_permissions p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [email],
    );
    expect(count!.n).toBe(0);
  });

  it('is refused from another machine and through a proxy', async () => {
    const { building_uuid, people } = await tenant();
    const call = {
      method: 'POST' as const,
      url: '/api/dev/permissions',
      payload: { email: people[0]!.email, building_uuid, permission: 'visitor-kiosk' },
    };
    const remote = await server.app.inject({ ...call, remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'dev_local_only' });
    expect((await server.app.inject({ ...call, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    expect((await checkIn(people[0]!.email, building_uuid)).body.code).toBe('not_a_kiosk');
  });
});

describe('POST /dev/permissions in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ production: true, apiKey: 'test-api-key' });
  });
  afterAll(() => production.close());

  it('does not exist', async () => {
    const body = { email: 'admin@globex.example', building_uuid: '00000000-0000-4000-8000-000000000000', permission: 'visitor-kiosk' };
    expectError(await production.call('POST', '/dev/permissions', { body, headers: { 'x-api-key': 'test-api-key' } }), 404, /No route/);
  });
});
