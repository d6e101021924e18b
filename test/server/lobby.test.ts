import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { DEFAULT_BRAND_LEGAL_LINKS, embeddedWidget, runtimeConfigFrom } from '../../server/routes/runtimeConfig.js';
import { DEMO_ANDROID_APP_URL, DEMO_IOS_APP_URL } from '../../contracts/runtimeConfig.js';
import { expectError } from './helpers.js';

/** Issue 11: the brand's logo for dark bars, the store links, utility labels in the asked language (decisions 080–082). */
let server: TestServer;
let token: string;
let oliviaToken: string;
let plaza: string;
let maison: string;

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings');
  plaza = rows.find((r) => r.name === 'One Atrium Plaza')!.uuid;
  maison = rows.find((r) => r.name === 'Maison du Port')!.uuid;
  ({ token } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD));
  ({ token: oliviaToken } = await server.login('olivia@umbrella.example', DEMO_PASSWORD));
});
afterAll(() => server.close());

type Button = { utility_name: string; text: string; language: string | null };
const buttons = async (building: string, query = '', headers: Record<string, string> = {}, as = token) => {
  const res = await server.call('GET', `/tenant/v1/buildings/${building}/utility-buttons${query}`, { token: as, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.utility_buttons as Button[];
};
const labelOf = (list: Button[], name: string) => list.find((b) => b.utility_name === name)!;

describe('the brand’s logo for dark bars', () => {
  it('comes with the white label, for each demo brand', async () => {
    const atrium = await server.call('GET', '/public/whitelabel?domain=localhost');
    expect(atrium.body.data).toMatchObject({ logo_url: '/media/brands/atrium.svg', logo_dark_url: '/media/brands/atrium-dark.svg' });
    const harbor = await server.call('GET', '/public/whitelabel?domain=harbor.localhost');
    expect(harbor.body.data.logo_dark_url).toBe('/media/brands/harbor-dark.svg');
  });

  it('is null for a brand without one (the kiosk writes the name instead)', async () => {
    await server.db.query(`UPDATE brands SET logo_dark_url = NULL WHERE identifier = 'harbor'`);
    const harbor = await server.call('GET', '/public/whitelabel?domain=harbor.localhost');
    expect(harbor.status).toBe(200);
    expect(harbor.body.data.logo_dark_url).toBeNull();
    await server.db.query(`UPDATE brands SET logo_dark_url = '/media/brands/harbor-dark.svg' WHERE identifier = 'harbor'`);
  });
});

describe('store links in the runtime configuration', () => {
  it('default to the demo links and follow IOS_APP_URL and ANDROID_APP_URL', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toMatchObject({ iosAppUrl: DEMO_IOS_APP_URL, androidAppUrl: DEMO_ANDROID_APP_URL });
    const configured = runtimeConfigFrom(server.config, {
      IOS_APP_URL: 'https://apps.apple.com/app/id1',
      ANDROID_APP_URL: 'https://play.google.com/store/apps/details?id=x',
    });
    expect(configured).toMatchObject({
      iosAppUrl: 'https://apps.apple.com/app/id1',
      androidAppUrl: 'https://play.google.com/store/apps/details?id=x',
    });
  });
});

describe('brand legal links in the runtime configuration', () => {
  it('serve the harbor brand its own privacy notice, terms and request-data link by default, and follow BRAND_LEGAL_LINKS', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json().brandLegalLinks).toEqual(DEFAULT_BRAND_LEGAL_LINKS);
    expect(Object.keys(DEFAULT_BRAND_LEGAL_LINKS)).toEqual(['harbor']);
    const own = { privacyPolicyUrl: 'https://example.com/p', termsUrl: '/t', requestDataUrl: 'mailto:dpo@example.com' };
    expect(runtimeConfigFrom(server.config, { BRAND_LEGAL_LINKS: JSON.stringify({ summit: own }) }).brandLegalLinks).toEqual({ summit: own });
  });

  it('refuse a BRAND_LEGAL_LINKS that is not links by brand, at start', () => {
    for (const bad of ['[]', '{"harbor":{"privacyPolicyUrl":"javascript:alert(1)","termsUrl":"/t","requestDataUrl":"/r"}}', '{"harbor":{}}', '{']) {
      expect(() => runtimeConfigFrom(server.config, { BRAND_LEGAL_LINKS: bad })).toThrow();
    }
  });
});

describe('the embedded third-party widget in the runtime configuration (decision 203)', () => {
  it('is none by default, and what EMBEDDED_WIDGET_URL and EMBEDDED_WIDGET_TITLE name otherwise', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json().embeddedWidget).toBeNull();
    expect(embeddedWidget('https://widgets.example.com/transit?stop=12', 'Next trains')).toEqual({
      url: 'https://widgets.example.com/transit?stop=12',
      title: 'Next trains',
    });
    expect(embeddedWidget('/widgets/transit.html', undefined)).toEqual({ url: '/widgets/transit.html', title: 'Building widget' });
    expect(embeddedWidget(undefined, 'Next trains')).toBeNull();
  });

  it('refuses an address that is not http(s) or a path of this site, at start', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'widgets.example.com', 'https://a b.example']) {
      expect(() => runtimeConfigFrom(server.config, { EMBEDDED_WIDGET_URL: bad })).toThrow(/EMBEDDED_WIDGET_URL/);
    }
  });

  it('lets the app frame the widget’s origin, and no other', async () => {
    const before = process.env.EMBEDDED_WIDGET_URL;
    process.env.EMBEDDED_WIDGET_URL = 'https://widgets.example.com/transit';
    const withWidget = await startTestServer();
    try {
      const page = await withWidget.app.inject({ method: 'GET', url: '/login' });
      const frames = /frame-src ([^;]*)/.exec(String(page.headers['content-security-policy']))![1]!;
      expect(frames.split(' ')).toContain('https://widgets.example.com');
      expect((await withWidget.app.inject({ method: 'GET', url: '/config.json' })).json().embeddedWidget).toEqual({
        url: 'https://widgets.example.com/transit',
        title: 'Building widget',
      });
      const plain = /frame-src ([^;]*)/.exec(
        String((await server.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']),
      )![1]!;
      expect(plain.split(' ')).not.toContain('https://widgets.example.com');
    } finally {
      if (before === undefined) delete process.env.EMBEDDED_WIDGET_URL;
      else process.env.EMBEDDED_WIDGET_URL = before;
      await withWidget.close();
    }
  });
});

describe('utility labels in the asked language', () => {
  it('answers each label in the asked building language, with that language', async () => {
    expect(labelOf(await buttons(plaza, '?lang=es-ES'), 'AMENITIES')).toMatchObject({ text: 'Servicios', language: 'es-ES' });
    expect(labelOf(await buttons(plaza, '', { 'accept-language': 'es' }), 'WALLET')).toMatchObject({ text: 'Cartera', language: 'es-ES' });
    expect(labelOf(await buttons(plaza, '?lang=en'), 'AMENITIES')).toMatchObject({ text: 'Amenities', language: 'en' });
  });

  it('falls back to the building’s own language, and says which, when the asked one is not the building’s', async () => {
    expect(labelOf(await buttons(plaza, '?lang=fr-FR'), 'COMPANIES')).toMatchObject({ text: 'Directory', language: 'en' });
    expect(labelOf(await buttons(maison, '?lang=de-DE', {}, oliviaToken), 'COMPANIES')).toMatchObject({ text: 'Répertoire', language: 'fr-CA' });
  });

  it('a label with no translation at all keeps the button’s own text, with no language claimed', async () => {
    await server.db.query(
      `DELETE FROM utility_button_translations WHERE button_id IN (SELECT id FROM utility_buttons WHERE name = 'safety' AND building_id = (SELECT id FROM buildings WHERE uuid = $1))`,
      [plaza],
    );
    expect(labelOf(await buttons(plaza, '?lang=es-ES'), 'SAFETY')).toMatchObject({ text: 'Safety', language: null });
  });

  it('refuses an oversized language with a 400, and another building’s buttons to a non-member', async () => {
    expectError(await server.call('GET', `/tenant/v1/buildings/${plaza}/utility-buttons?lang=${'x'.repeat(40)}`, { token }), 400);
    expectError(await server.call('GET', `/tenant/v1/buildings/${maison}/utility-buttons?lang=fr`, { token }), 403);
  });
});
