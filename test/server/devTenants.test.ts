/**
 * POST /dev/tenants: a tenant of its own for a browser-test file (a building with the seed's demo content, a company
 * with a new domain, people who sign in), made by the seed's own per-building functions; from this machine only, and
 * never in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { expectError } from './helpers.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';

let server: TestServer;
let plaza: string;
beforeAll(async () => {
  server = await startTestServer();
  plaza = (await server.db.query<{ uuid: string }>(`SELECT uuid::text FROM buildings WHERE name = 'One Atrium Plaza'`))[0]!.uuid;
});
afterAll(() => server.close());

interface Tenant {
  building_uuid: string;
  building_name: string;
  domain: string;
  people: { email: string; password: string; first_name: string; last_name: string }[];
}
const newTenant = async (body: object = {}): Promise<Tenant> => {
  const res = await server.call('POST', '/dev/tenants', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The feed a person sees on a building's home: each category with content, and its contents' titles, in order. */
async function feedOf(token: string, building: string) {
  const categories = await server.call('GET', `/tenant/v1/buildings/${building}/categories?active=true&lang=en`, { token });
  expect(categories.status, JSON.stringify(categories.body)).toBe(200);
  const feed: { name: string; group: string; titles: string[] }[] = [];
  for (const c of categories.body.data as { uuid: string; name: string; group: string }[]) {
    const contents = await server.call('GET', `/tenant/v2/buildings/${building}/categories/${c.uuid}/content?lang=en`, { token });
    expect(contents.status, JSON.stringify(contents.body)).toBe(200);
    feed.push({ name: c.name, group: c.group, titles: (contents.body.data as { title: string }[]).map((t) => t.title) });
  }
  return feed;
}

/** What the seed gives a building besides its feed, counted (and named where a screen shows names). */
async function extrasOf(building: string) {
  const [row] = await server.db.query<Record<string, unknown>>(
    `SELECT (SELECT array_agg(u.name ORDER BY u."order") FROM utility_buttons u WHERE u.building_id = b.id) AS utilities,
            (SELECT count(*)::int FROM amenities a JOIN amenity_categories ac ON ac.id = a.category_id WHERE ac.building_id = b.id) AS amenities,
            (SELECT count(*)::int FROM companies c WHERE c.building_id = b.id) AS companies,
            (SELECT array_agg(f.nav_name ORDER BY f.position) FROM smart_floors f WHERE f.building_id = b.id) AS floors,
            (SELECT count(*)::int FROM smart_suites s JOIN smart_floors f ON f.id = s.floor_id WHERE f.building_id = b.id) AS suites,
            (SELECT array_agg(r.name ORDER BY r.id) FROM resources r WHERE r.building_id = b.id) AS resources,
            (SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id) AS languages,
            b.timezone, b.locale, t.primary_color, t.secondary_color, t.font
       FROM buildings b JOIN building_themes t ON t.building_id = b.id WHERE b.uuid = $1`,
    [building],
  );
  return row!;
}

describe('POST /dev/tenants', () => {
  it('makes a tenant whose person signs in and sees exactly that building, with the feed and services every demo building has', async () => {
    const tenant = await newTenant();
    expect(tenant.domain).toMatch(/^t-[0-9a-f]+\.example$/);
    expect(tenant.people).toHaveLength(1);
    const [person] = tenant.people;
    expect(person!.email.endsWith(`@${tenant.domain}`)).toBe(true);
    expect(person!.password).toBe(DEMO_PASSWORD);

    const { token, user } = await server.login(person!.email, person!.password);
    expect(user.first_name).toBe(person!.first_name);
    const buildings = await server.call('GET', '/tenant/v1/users/current/buildings', { token });
    expect(buildings.status).toBe(200);
    expect(buildings.body.data.buildings.map((b: { uuid: string; name: string }) => [b.uuid, b.name])).toEqual([
      [tenant.building_uuid, tenant.building_name],
    ]);

    // The same feed as One Atrium Plaza's, seen by the demo tenant there; and not Plaza's own contents.
    const demo = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD);
    const feed = await feedOf(token, tenant.building_uuid);
    expect(feed.filter((c) => c.titles.length).length).toBeGreaterThan(2);
    expect(feed).toEqual(await feedOf(demo.token, plaza));
    expectError(await server.call('GET', `/tenant/v1/buildings/${plaza}/categories?active=true&lang=en`, { token }), 403);
    expectError(await server.call('GET', `/tenant/v1/buildings/${tenant.building_uuid}/categories?active=true&lang=en`, { token: demo.token }), 403);

    // Utilities, amenities, directory, smart suites, resources, theme, languages and time zone as Plaza's.
    expect(await extrasOf(tenant.building_uuid)).toEqual(await extrasOf(plaza));
  });

  it('gives each tenant a building name and domain of its own, and takes names, people and a history when asked', async () => {
    const first = await newTenant();
    const second = await newTenant({ name: 'Test Tower', people: 3, first_names: ['Dana', 'Eli'], history: true });
    expect(second.building_name).toBe('Test Tower');
    expect(second.building_name).not.toBe(first.building_name);
    expect(second.domain).not.toBe(first.domain);
    expect(second.people.map((p) => p.first_name).slice(0, 2)).toEqual(['Dana', 'Eli']);
    expect(second.people[2]!.first_name).toMatch(/\S/);
    expect(new Set(second.people.map((p) => p.email)).size).toBe(3);

    // Each person is a member of the building alone, with the demo person's service requests there.
    for (const person of second.people) {
      const { token } = await server.login(person.email, person.password);
      const requests = await server.call('GET', `/service-request/buildings/${second.building_uuid}/requests`, { token });
      expect(requests.status, JSON.stringify(requests.body)).toBe(200);
      expect(requests.body.data.map((r: { status: string }) => r.status)).toEqual([
        'Submitted',
        'Pending',
        'Accepted',
        'Denied_Unavailable',
        'Canceled',
      ]);
    }
    // Without a history, none.
    const { token } = await server.login(first.people[0]!.email, DEMO_PASSWORD);
    expect((await server.call('GET', `/service-request/buildings/${first.building_uuid}/requests`, { token })).body.data).toEqual([]);

    // A given theme, language and time zone are kept.
    const styled = await newTenant({
      timezone: 'Europe/London',
      locale: 'en-GB',
      languages: [{ code: 'en-GB', name: 'English (UK)' }],
      theme: { primary_color: '#0B6E4F' },
    });
    expect(await extrasOf(styled.building_uuid)).toMatchObject({
      timezone: 'Europe/London',
      locale: 'en-GB',
      languages: ['en-GB'],
      primary_color: '#0B6E4F',
      secondary_color: (await extrasOf(plaza)).secondary_color,
    });
  });

  it("a flag set for a tenant's building applies to its people only", async () => {
    const tenant = await newTenant();
    const set = await server.call('PUT', '/admin/flags/account-history', { body: { value: true, building_uuid: tenant.building_uuid } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const flagsOf = async (email: string) => {
      const { token, user } = await server.login(email, DEMO_PASSWORD);
      const body = { key: user.uuid, anonymous: false, admin: false, roles: ['tenant'], buildingUuids: [], hqo: false, host: 'localhost' };
      const res = await server.call('POST', '/flags/v1/evaluate', { body, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.flags as Record<string, boolean>;
    };
    expect((await flagsOf(tenant.people[0]!.email))['account-history']).toBe(true);
    expect((await flagsOf(DEMO_LOGIN.email))['account-history']).toBe(false);
  });

  it('answers 400 with a message to bad input, and 409 to a building name in use', async () => {
    for (const body of [
      { people: 0 },
      { people: 21 },
      { people: 'two' },
      { name: '' },
      { name: '   ' },
      { colour: 'blue' },
      { languages: [] },
      { languages: [{ code: 'english', name: 'English' }] },
      { theme: { primary_color: 'blue' } },
      { first_names: [''] },
    ])
      expectError(await server.call('POST', '/dev/tenants', { body }), 400, /^Invalid request: /);
    expectError(await server.call('POST', '/dev/tenants', { body: { timezone: 'Mars/Olympus' } }), 400, /Unknown time zone "Mars\/Olympus"/);
    expectError(
      await server.call('POST', '/dev/tenants', {
        body: {
          languages: [
            { code: 'en', name: 'English' },
            { code: 'en', name: 'English again' },
          ],
        },
      }),
      400,
      'Each language may be given once',
    );
    expectError(
      await server.call('POST', '/dev/tenants', { body: { people: 1, first_names: ['Ann', 'Bo'] } }),
      400,
      '2 first names were given for 1 people',
    );
    expectError(await server.call('POST', '/dev/tenants', { body: { name: 'one atrium plaza' } }), 409, /A building named "one atrium plaza" exists/);
    // Nothing was made by a refused call.
    const [count] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM buildings WHERE lower(name) = 'one atrium plaza'`);
    expect(count!.n).toBe(1);
  });

  it('is refused from another machine and through a proxy', async () => {
    const call = { method: 'POST' as const, url: '/api/dev/tenants', payload: {} };
    const remote = await server.app.inject({ ...call, remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'dev_local_only' });
    expect((await server.app.inject({ ...call, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    const [count] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_domains');
    expect((await server.app.inject({ ...call, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_domains'))[0]!.n).toBe(count!.n);
  });
});

describe('POST /dev/tenants in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ production: true, apiKey: 'test-api-key' });
  });
  afterAll(() => production.close());

  it('does not exist', async () => {
    expectError(await production.call('POST', '/dev/tenants', { body: {}, headers: { 'x-api-key': 'test-api-key' } }), 404, /No route/);
  });
});
