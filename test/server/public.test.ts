import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { expectError } from './helpers.js';

let server: TestServer;
const building: Record<string, string> = {};
interface Brand {
  id: number;
  uuid: string;
  config_uuid: string;
  identifier: string;
}
const brand: Record<string, Brand> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings')) building[row.name] = row.uuid;
  for (const row of await server.db.query<Brand>('SELECT id, uuid::text, config_uuid::text, identifier FROM brands')) brand[row.identifier] = row;
});
afterAll(() => server.close());

type B = { name: string; uuid: string; languages?: { code: string }[] };
const names = (list: B[]) => list.map((b) => b.name);

describe('GET /healthcheck', () => {
  it('answers status OK without a token', async () => {
    const res = await server.call('GET', '/healthcheck');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'OK' });
  });
});

describe('GET /public/buildings', () => {
  it("lists an email domain's buildings, with languages, without a token", async () => {
    const res = await server.call('GET', '/public/buildings?domain=globex.example');
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Atrium Tower West', 'Harbor Point', 'One Atrium Plaza']);
    for (const b of res.body.data as B[]) {
      expect(b.languages!.length).toBeGreaterThan(0);
      expect(b).not.toHaveProperty('id');
    }
    expect(names((await server.call('GET', '/public/buildings?domain=northwind.example')).body.data)).toEqual(['One Atrium Plaza']);
  });

  it('takes a whole address or capitals as the domain', async () => {
    const res = await server.call('GET', `/public/buildings?domain=${encodeURIComponent('someone@Umbrella.Example')}`);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Harbor Point', 'Maison du Port']);
  });

  it('keeps only guest buildings with guestBuildingsOnly=true', async () => {
    const guests = await server.call('GET', '/public/buildings?domain=globex.example&guestBuildingsOnly=true');
    expect(guests.status).toBe(200);
    expect(names(guests.body.data)).toEqual(['Atrium Tower West']);
    expect(names((await server.call('GET', '/public/buildings?domain=globex.example&guestBuildingsOnly=false')).body.data)).toHaveLength(3);
    expect((await server.call('GET', '/public/buildings?domain=northwind.example&guestBuildingsOnly=true')).body.data).toEqual([]);
  });

  it("keeps a scoped brand's own buildings with brand_scope (issue 22, item 11); ALL or another value lists every brand's", async () => {
    const list = async (scope: string) => names((await server.call('GET', `/public/buildings?domain=globex.example&brand_scope=${scope}`)).body.data);
    expect(await list('atrium')).toEqual(['Atrium Tower West', 'One Atrium Plaza']);
    expect(await list('harbor')).toEqual(['Harbor Point']);
    expect(await list('ALL')).toEqual(['Atrium Tower West', 'Harbor Point', 'One Atrium Plaza']);
    // A brand outside the scoped six, or a forged value, is read as ALL (as the buildings of a signed-in user are).
    expect(await list(encodeURIComponent("atrium' OR 1=1 --"))).toHaveLength(3);
    expectError(await server.call('GET', `/public/buildings?domain=globex.example&brand_scope=${'x'.repeat(41)}`), 400);
  });

  it('answers an empty list for an unknown domain and 400 without one', async () => {
    const unknown = await server.call('GET', '/public/buildings?domain=unknown-company.example');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
    expectError(await server.call('GET', '/public/buildings'), 400);
    expectError(await server.call('GET', '/public/buildings?domain='), 400);
    expectError(await server.call('GET', '/public/buildings?domain=globex.example&guestBuildingsOnly=perhaps'), 400);
  });
});

describe('GET /public/guest-buildings', () => {
  it('lists the buildings open to guests, with languages', async () => {
    const res = await server.call('GET', '/public/guest-buildings');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      name: 'Atrium Tower West',
      uuid: building['Atrium Tower West'],
      languages: [{ code: 'en', name: 'English', priority: 0 }],
    });
  });
});

describe('GET /buildings/{id}/theme', () => {
  it("answers a building's theme with its portfolio's logo, without a token", async () => {
    const res = await server.call('GET', `/buildings/${building['One Atrium Plaza']}/theme`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      primary_color: '#257BAD',
      secondary_color: '#7C7933',
      primary_font_color: '#FFFFFF',
      font: 'Inter',
      home_header_image_url: '/media/buildings/one-atrium-plaza.svg',
      building_logo_url: '/media/logos/one-atrium-plaza.svg',
      display_portfolio_logo: false,
      portfolio_logo_url: '/media/portfolios/atrium.svg',
    });
    const maison = await server.call('GET', `/buildings/${building['Maison du Port']}/theme`);
    expect(maison.body.data).toMatchObject({
      font: 'Verdana',
      primary_color: '#B23A48',
      display_portfolio_logo: true,
      portfolio_logo_url: '/media/portfolios/harbor.svg',
    });
  });

  it('answers 404 for an unknown building and 400 for a malformed id', async () => {
    expectError(await server.call('GET', '/buildings/00000000-0000-4000-8000-000000000000/theme'), 404);
    expectError(await server.call('GET', '/buildings/one-atrium-plaza/theme'), 400);
  });
});

describe('GET /public/theme', () => {
  afterEach(() => server.db.query('UPDATE brands SET is_avatar_visible = true'));

  it("answers the host's brand and whether avatars show", async () => {
    const harbor = await server.call('GET', '/public/theme?domain=harbor.localhost');
    expect(harbor.status).toBe(200);
    expect(harbor.body.data).toEqual({ brand: 'harbor', is_avatar_visible: true });
    await server.db.query(`UPDATE brands SET is_avatar_visible = false WHERE identifier = 'harbor'`);
    expect((await server.call('GET', '/public/theme?domain=HARBOR.localhost:5173')).body.data).toEqual({ brand: 'harbor', is_avatar_visible: false });
  });

  it('falls back to the default brand for an unknown or missing host', async () => {
    for (const query of ['?domain=unknown.example.com', '?domain=', '']) {
      const res = await server.call('GET', `/public/theme${query}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ brand: 'atrium', is_avatar_visible: true });
    }
  });
});

describe('GET /public/whitelabel', () => {
  it('answers the brand of a known host', async () => {
    const res = await server.call('GET', '/public/whitelabel?domain=harbor.localhost');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      brand_identifier: 'harbor',
      id: brand.harbor!.id,
      uuid: brand.harbor!.uuid,
      whitelabel_config_uuid: brand.harbor!.config_uuid,
      name: 'Harbor Workplace',
      logo_url: '/media/brands/harbor.svg',
      logo_dark_url: '/media/brands/harbor-dark.svg',
    });
    expect((await server.call('GET', '/public/whitelabel?domain=harbor.localhost:8080')).body.data.brand_identifier).toBe('harbor');
    expect((await server.call('GET', '/public/whitelabel?domain=atrium.localhost')).body.data.brand_identifier).toBe('atrium');
  });

  it('answers the default brand (atrium) for an unknown host', async () => {
    for (const query of ['?domain=tenant.unknown.example', '']) {
      const res = await server.call('GET', `/public/whitelabel${query}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ brand_identifier: 'atrium', uuid: brand.atrium!.uuid, name: 'Atrium' });
    }
  });
});

describe('GET /v1/whitelabels/{id}', () => {
  it('answers a brand by number or by uuid', async () => {
    const byId = await server.call('GET', `/v1/whitelabels/${brand.harbor!.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ brand_identifier: 'harbor', uuid: brand.harbor!.uuid, whitelabel_config_uuid: brand.harbor!.config_uuid });
    const byUuid = await server.call('GET', `/v1/whitelabels/${brand.atrium!.uuid}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.data).toMatchObject({ brand_identifier: 'atrium', id: brand.atrium!.id });
  });

  it('answers 404 for an unknown id', async () => {
    for (const id of ['9999', '00000000-0000-4000-8000-000000000000', 'harbor']) {
      const res = await server.call('GET', `/v1/whitelabels/${id}`);
      expectError(res, 404);
      expect(res.body.code).toBe('unknown_whitelabel');
    }
  });
});

describe('GET /public/whitelabel-config/{uuid}', () => {
  it("answers a brand's colours, language and help-desk address", async () => {
    const res = await server.call('GET', `/public/whitelabel-config/${brand.harbor!.config_uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      primaryColor: '#0B6E4F',
      secondaryColor: '#F2A541',
      language: 'en-GB',
      help_desk_email: 'help@harbor.localhost',
    });
    const atrium = await server.call('GET', `/public/whitelabel-config/${brand.atrium!.config_uuid}`);
    expect(atrium.body.data).toEqual({
      primaryColor: '#257BAD',
      secondaryColor: '#7C7933',
      language: 'en',
      help_desk_email: 'help@atrium.localhost',
    });
  });

  it('answers 404 for another uuid (the brand uuid is not the config uuid) and 400 for a malformed one', async () => {
    expectError(await server.call('GET', `/public/whitelabel-config/${brand.harbor!.uuid}`), 404);
    expectError(await server.call('GET', '/public/whitelabel-config/harbor'), 400);
  });
});

describe('GET /farms', () => {
  const saved = process.env.FARM_LIST_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.FARM_LIST_KEY;
    else process.env.FARM_LIST_KEY = saved;
  });

  it('lists the farms with uuid, description and url', async () => {
    delete process.env.FARM_LIST_KEY;
    const res = await server.call('GET', '/farms?repo=tenant-web');
    expect(res.status).toBe(200);
    expect(res.body.items.map((f: { description: string; url: string }) => [f.description, f.url])).toEqual([
      ['Local (this server)', '/api'],
      ['Staging', 'https://staging.atrium.localhost/api'],
    ]);
    for (const farm of res.body.items) expect(farm.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('requires the key when FARM_LIST_KEY is set', async () => {
    process.env.FARM_LIST_KEY = 'farm-secret';
    expectError(await server.call('GET', '/farms'), 401);
    expectError(await server.call('GET', '/farms?key=wrong'), 401);
    const ok = await server.call('GET', '/farms?repo=tenant-web&key=farm-secret');
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(2);
  });
});
