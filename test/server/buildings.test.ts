import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { expectError } from './helpers.js';

let server: TestServer;
const building: Record<string, string> = {};
let adminToken: string;
let demoToken: string;
let oliviaToken: string;
beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings')) building[row.name] = row.uuid;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  oliviaToken = (await server.login('olivia@umbrella.example', DEMO_PASSWORD)).token;
});
afterAll(() => server.close());

type B = { uuid: string; name: string; languages?: { code: string; name: string; priority: number }[] };
const tenantBuildings = async (token: string, query = '') => {
  const res = await server.call('GET', `/tenant/v1/users/current/buildings${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.buildings as B[];
};
const names = (list: B[]) => list.map((b) => b.name);

describe('GET /tenant/v1/users/current/buildings', () => {
  it("lists the user's buildings under data.buildings, without languages unless asked", async () => {
    const list = await tenantBuildings(adminToken);
    expect(names(list)).toEqual(['Atrium Tower West', 'Harbor Point', 'One Atrium Plaza']);
    for (const b of list) {
      expect(b).not.toHaveProperty('languages');
      expect(b).not.toHaveProperty('id');
    }
  });

  it('adds each building’s languages in priority order with include=languages', async () => {
    for (const query of ['?include=languages', '?include=theme,languages']) {
      const list = await tenantBuildings(adminToken, query);
      const plaza = list.find((b) => b.uuid === building['One Atrium Plaza'])!;
      expect(plaza.languages).toEqual([
        { code: 'en', name: 'English', priority: 0 },
        { code: 'es-ES', name: 'Español', priority: 1 },
      ]);
      expect(list.find((b) => b.uuid === building['Harbor Point'])!.languages).toEqual([{ code: 'en-GB', name: 'English (UK)', priority: 0 }]);
    }
    const oliviaList = await tenantBuildings(oliviaToken, '?include=languages');
    expect(oliviaList.find((b) => b.name === 'Maison du Port')!.languages!.map((l) => l.code)).toEqual(['fr-CA', 'en']);
  });

  it('keeps one brand’s buildings for a known brand_scope, and every brand for ALL or an unknown scope', async () => {
    expect(names(await tenantBuildings(adminToken, '?brand_scope=atrium'))).toEqual(['Atrium Tower West', 'One Atrium Plaza']);
    expect(names(await tenantBuildings(adminToken, '?brand_scope=harbor'))).toEqual(['Harbor Point']);
    expect(names(await tenantBuildings(adminToken, '?brand_scope=ALL'))).toHaveLength(3);
    expect(names(await tenantBuildings(adminToken, '?brand_scope=no-such-brand'))).toEqual(['Atrium Tower West', 'Harbor Point', 'One Atrium Plaza']);
    expect(names(await tenantBuildings(adminToken, '?brand_scope='))).toHaveLength(3);
    // summit is one of the six scoped brands; this user has none of its buildings.
    expect(await tenantBuildings(adminToken, '?brand_scope=summit')).toEqual([]);
    expect(names(await tenantBuildings(oliviaToken, '?brand_scope=harbor&include=languages'))).toEqual(['Harbor Point', 'Maison du Port']);
    expect(await tenantBuildings(oliviaToken, '?brand_scope=atrium')).toEqual([]);
    expect(names(await tenantBuildings(demoToken, '?brand_scope=atrium'))).toEqual(['One Atrium Plaza']);
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('GET', '/tenant/v1/users/current/buildings'), 401);
  });
});

describe('GET /tenant/v1/buildings/{id}', () => {
  it('answers one of the user’s buildings; the portfolio company only when asked', async () => {
    const res = await server.call('GET', `/tenant/v1/buildings/${building['Harbor Point']}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      uuid: building['Harbor Point'],
      name: 'Harbor Point',
      address_1: '1 Canary Wharf, London',
      timezone: 'Europe/London',
      locale: 'en-GB',
      portfolio_company_uuid: null,
    });
    expect(res.body.data).not.toHaveProperty('languages');
    expect(res.body.data).not.toHaveProperty('id');

    const [company] = await server.db.query<{ uuid: string }>(
      `SELECT c.uuid::text FROM buildings b JOIN companies c ON c.id = b.portfolio_company_id WHERE b.uuid = $1`,
      [building['Harbor Point']],
    );
    const full = await server.call('GET', `/tenant/v1/buildings/${building['Harbor Point']}?include=languages&attachPortfolioCompanyUuid=true`, {
      token: adminToken,
    });
    expect(full.status).toBe(200);
    expect(full.body.data.portfolio_company_uuid).toBe(company!.uuid);
    expect(full.body.data.languages).toEqual([{ code: 'en-GB', name: 'English (UK)', priority: 0 }]);
  });

  it('answers 403 for a building the user is not in', async () => {
    const res = await server.call('GET', `/tenant/v1/buildings/${building['Harbor Point']}`, { token: demoToken });
    expectError(res, 403);
    expect(res.body.code).toBe('not_a_member');
    expect(res.body).not.toHaveProperty('data');
  });

  it('answers 404 for an unknown building and 400 for a malformed id', async () => {
    const unknown = await server.call('GET', '/tenant/v1/buildings/00000000-0000-4000-8000-000000000000', { token: adminToken });
    expectError(unknown, 404);
    expect(unknown.body.code).toBe('unknown_building');
    for (const id of ['not-a-uuid', '123', `${building['Harbor Point']}x`]) {
      expectError(await server.call('GET', `/tenant/v1/buildings/${id}`, { token: adminToken }), 400);
    }
    expectError(
      await server.call('GET', `/tenant/v1/buildings/${building['Harbor Point']}?attachPortfolioCompanyUuid=maybe`, { token: adminToken }),
      400,
    );
  });

  it('answers 401 without a token', async () => {
    expectError(await server.call('GET', `/tenant/v1/buildings/${building['Harbor Point']}`), 401);
  });
});

describe('GET /admin/v1/portfolios/{id}', () => {
  const portfolioOf = async (name: string) =>
    (await server.call('GET', `/tenant/v1/buildings/${building[name]}`, { token: adminToken })).body.data.portfolio_uuid as string;

  it('answers the portfolio of one of the user’s buildings under data.portfolio, with its help-desk categories or none', async () => {
    const harbor = await server.call('GET', `/admin/v1/portfolios/${await portfolioOf('Harbor Point')}`, { token: oliviaToken });
    expect(harbor.status, JSON.stringify(harbor.body)).toBe(200);
    expect(harbor.body.data.portfolio).toEqual({
      uuid: await portfolioOf('Harbor Point'),
      name: 'Harbor Estates',
      logo_url: '/media/portfolios/harbor.svg',
      help_desk_categories: ['maintenance', 'cleaning', 'security', 'access', 'other'],
    });
    const atrium = await server.call('GET', `/admin/v1/portfolios/${await portfolioOf('One Atrium Plaza')}`, { token: demoToken });
    expect(atrium.body.data.portfolio).toMatchObject({ name: 'Atrium Properties', help_desk_categories: null });
  });

  it('the attacker’s tries: another portfolio 403, an unknown one 404, a malformed id 400, no token 401', async () => {
    // The demo tenant is only in One Atrium Plaza: Harbor Estates is none of theirs, though it exists.
    const other = await server.call('GET', `/admin/v1/portfolios/${await portfolioOf('Harbor Point')}`, { token: demoToken });
    expectError(other, 403);
    expect(other.body.code).toBe('not_a_member');
    expect(JSON.stringify(other.body)).not.toContain('Harbor Estates');
    expectError(await server.call('GET', '/admin/v1/portfolios/00000000-0000-4000-8000-000000000000', { token: demoToken }), 404);
    expectError(await server.call('GET', `/admin/v1/portfolios/${building['One Atrium Plaza']}`, { token: demoToken }), 404);
    expectError(await server.call('GET', "/admin/v1/portfolios/1' OR '1'='1", { token: demoToken }), 400);
    expectError(await server.call('GET', `/admin/v1/portfolios/${await portfolioOf('One Atrium Plaza')}`), 401);
  });
});
