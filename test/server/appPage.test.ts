import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, NO_SHEDDING } from './harness.js';
import { readConfig } from '../../server/config.js';
import { createServer, type RunningServer } from '../../server/server.js';
import { homeBuildingOf, routePreloads } from '../../server/lib/appPage.js';
import { CODE_LIST_ID, CODE_LOADER, INLINE_IMAGE_MAX_BYTES, smallImageInliner } from '../../server/lib/firstPaint.js';
import { createHash } from 'node:crypto';
import { BOOT_DATA_ID, HOME_BUILDING_COOKIE, PAGE_SHELL_ID, brandIconUrl, type BootData } from '../../contracts/boot.js';
import { contrastRatio } from '../../contracts/contrast';
import { GROUNDS } from '../../contracts/brandRoles';

let server: TestServer;
let site: RunningServer;
const staticDir = mkdtempSync(path.join(tmpdir(), 'atrium-page-'));
// As the build writes it: the entry in the head with the chunks it imports preloaded.
writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><title>Atrium</title><link rel="icon" href="/favicon.png" type="image/png" />' +
    '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/framework-f1.js"></head><body><div id="root"></div></body></html>',
);
// As the build writes it (vite.config.ts, loginShellTexts).
writeFileSync(
  path.join(staticDir, 'login-shell.json'),
  JSON.stringify({
    en: { title: 'Sign in', subtitle: 'Use your work email to sign in or create an account.' },
    'fr-FR': { title: 'Se connecter', subtitle: 'Utilisez votre e-mail professionnel.' },
    'de-DE': { title: 'Anmelden', subtitle: 'Melden Sie sich <b>an</b>.' },
  }),
);

let harborLogo: string | null = null;
beforeAll(async () => {
  server = await startTestServer();
  harborLogo = (await server.db.query<{ logo_url: string | null }>("SELECT logo_url FROM brands WHERE identifier = 'harbor'"))[0]!.logo_url;
  site = await createServer({ ...readConfig({}), shedding: NO_SHEDDING, devOidc: false }, { db: server.db, staticDir, clock: server.clock });
});
afterAll(async () => {
  await site.app.close();
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

/** The boot data as the browser reads it: the element's text, parsed. */
function bootOf(html: string): BootData {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">(.*?)</script>`).exec(html);
  expect(match, 'the page carries its boot data').not.toBeNull();
  return JSON.parse(match![1]!) as BootData;
}

describe("the app's page", () => {
  it('carries the runtime configuration, the host’s brand, the anonymous flags and the health it checked', async () => {
    const res = await page('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const boot = bootOf(res.body);
    const config = await site.app.inject({ method: 'GET', url: '/config.json' });
    expect(boot.config).toEqual(config.json());
    expect(boot.whitelabel).toMatchObject({ brand: 'atrium', name: 'Atrium' });
    expect(boot.healthy).toBe(true);
    const evaluated = await server.call('POST', '/flags/v1/evaluate', {
      body: { key: 'anonymous', anonymous: true, admin: false, roles: [], buildingUuids: [], hqo: false, host: 'localhost' },
    });
    expect(boot.flags).toEqual(evaluated.body.data.flags);
  });

  it("carries the brand's colour roles for light and dark, each text colour AA on its ground", async () => {
    const boot = bootOf((await page('/login', { host: 'harbor.localhost' })).body);
    const roles = boot.whitelabel?.roles;
    expect(roles?.light).toMatchObject({ brand: '#0B6E4F', primary: '#0B6E4F', onPrimary: '#FFFFFF' });
    for (const scheme of ['light', 'dark'] as const) {
      const set = roles![scheme];
      expect(contrastRatio(set.brand, set.onBrand)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(set.primary, set.onPrimary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(set.primary, GROUNDS[scheme].surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('chooses the brand by the host name, port ignored, and falls back to the default brand', async () => {
    const harbor = (await page('/login', { host: 'harbor.localhost:8080' })).body;
    expect(bootOf(harbor).whitelabel?.brand).toBe('harbor');
    expect(harbor).toContain('<title>Harbor Workplace</title>');
    expect(bootOf((await page('/login', { host: 'unknown.example' })).body).whitelabel?.brand).toBe('atrium');
  });

  it('follows a flag change on the next visit, and answers an unchanged page with 304', async () => {
    const first = await page('/home');
    const etag = String(first.headers.etag);
    expect((await page('/home', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await server.call('PUT', '/admin/flags/maintenance-mode', { body: { value: true } })).status).toBe(200);
    try {
      const changed = await page('/home', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(bootOf(changed.body).flags?.['maintenance-mode']).toBe(true);
    } finally {
      await server.call('DELETE', '/admin/flags/maintenance-mode');
    }
  });

  it('cannot be broken out of by a brand name (an operator or attacker writing markup into it)', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    await server.db.query("UPDATE brands SET name = $1 WHERE identifier = 'harbor'", [hostile]);
    try {
      const res = await page('/login', { host: 'harbor.localhost' });
      expect(res.body).not.toContain('<script>alert(1)');
      // The page's own three script elements (boot data, the code's list, its loader), each closed once.
      expect(res.body.match(/<script[\s>]/g)).toHaveLength(3);
      expect(res.body.match(/<\/script>/g)).toHaveLength(3);
      expect(bootOf(res.body).whitelabel?.name).toBe(hostile);
      expect(res.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</title>');
    } finally {
      await server.db.query("UPDATE brands SET name = 'Harbor' WHERE identifier = 'harbor'");
    }
  });

  it("names the brand's PNG icon before any script runs, and keeps the app's own for a brand without a logo (decision 066)", async () => {
    const iconOf = (html: string) => /<link rel="icon" href="([^"]*)" type="image\/png" \/>/.exec(html)?.[1];
    expect(iconOf((await page('/login')).body)).toBe('/media/brands/atrium-icon.png');
    expect(iconOf((await page('/home', { host: 'harbor.localhost' })).body)).toBe('/media/brands/harbor-icon.png');
    await server.db.query("UPDATE brands SET logo_url = NULL WHERE identifier = 'harbor'");
    try {
      expect(iconOf((await page('/login', { host: 'harbor.localhost' })).body)).toBe('/favicon.png');
    } finally {
      await server.db.query("UPDATE brands SET logo_url = $1 WHERE identifier = 'harbor'", [harborLogo]);
    }
    // A brand's identifier is an operator's text: in the address it is one path segment, with nothing that ends the attribute.
    expect(brandIconUrl({ brand: '"><script>x</script>/../..', logoUrl: '/x.svg' })).toBe(
      '/media/brands/%22%3E%3Cscript%3Ex%3C%2Fscript%3E%2F..%2F..-icon.png',
    );
  });

  it('has a 32-pixel PNG beside every SVG icon the repository holds (npm run icons draws them)', () => {
    const publicDir = path.join(import.meta.dirname, '..', '..', 'public');
    const brandsDir = path.join(publicDir, 'media', 'brands');
    const icons = [
      path.join(publicDir, 'favicon.svg'),
      ...readdirSync(brandsDir)
        .filter((f) => f.endsWith('-icon.svg'))
        .map((f) => path.join(brandsDir, f)),
    ];
    expect(icons.length).toBeGreaterThan(2);
    for (const svg of icons) {
      const png = readFileSync(svg.replace(/\.svg$/, '.png'));
      expect(png.subarray(0, 8).toString('hex'), svg).toBe('89504e470d0a1a0a');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], svg).toEqual([32, 32]);
    }
  });

  it('says unhealthy, and carries no brand, when the database stops answering', async () => {
    let down = false;
    const db = Object.create(server.db) as typeof server.db;
    db.query = ((...args: Parameters<typeof server.db.query>) =>
      down ? Promise.reject(new Error('database down')) : server.db.query(...args)) as typeof server.db.query;
    const flaky = await createServer({ ...readConfig({}), shedding: NO_SHEDDING, devOidc: false }, { db, staticDir, clock: server.clock });
    try {
      expect(bootOf((await flaky.app.inject({ method: 'GET', url: '/login', headers: { host: 'localhost' } })).body).healthy).toBe(true);
      down = true;
      const res = await flaky.app.inject({ method: 'GET', url: '/login', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(200);
      const boot = bootOf(res.body);
      expect(boot.healthy).toBe(false);
      expect(boot.whitelabel).toBeNull();
      expect(boot.flags).toBeNull();
    } finally {
      await flaky.app.close();
    }
  });

  it('answers a missing file with 404, not the page: an old build’s chunk, /favicon.ico', async () => {
    for (const url of ['/favicon.ico', '/assets/index-gone1234.js', '/media/brands/missing.svg?v=2']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
    // The app's own addresses, dots in a query included, still get the page.
    for (const url of ['/building/7f0c2b1e-0000-4000-8000-000000000001', '/reset-password?email=dana@northwind.example'])
      expect((await page(url)).statusCode, url).toBe(200);
  });

  it('answers HEAD without a body, and leaves API paths to the API', async () => {
    const head = await site.app.inject({ method: 'HEAD', url: '/login', headers: { host: 'localhost' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const api = await site.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: expect.stringContaining('No route') });
  });
});

describe('routePreloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_framework-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js' },
    '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_framework-1.js'] },
    'src/app/screens/authFlow.ts': { file: 'assets/authFlow-1.js', imports: ['_framework-1.js', '_shared-1.js'] },
    'src/app/screens/home.ts': { file: 'assets/home-1.js', imports: ['_shared-1.js'] },
    'src/ui/home/HomePage.tsx': { file: 'assets/HomePage-1.js' },
    'src/i18n/locales/fr-FR.json': { file: 'assets/fr-FR-1.js' },
  };
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

  it("preloads the route's chunks and their imports, not what the entry already loads", () => {
    expect(hrefs(routePreloads(manifest, '/login', undefined))).toEqual(['/assets/authFlow-1.js', '/assets/shared-1.js']);
    expect(hrefs(routePreloads(manifest, '/building/b-1', undefined))).toEqual(['/assets/home-1.js', '/assets/shared-1.js', '/assets/HomePage-1.js']);
    expect(routePreloads(manifest, '/account', undefined)).toBe('');
    expect(routePreloads(null, '/login', undefined)).toBe('');
  });

  it("preloads start-up's stages (what the entry imports as start-up goes on) on every page, first (decision 064)", () => {
    const staged = {
      ...manifest,
      'index.html': { ...manifest['index.html'], dynamicImports: ['_start-1.js', '_start-2.js'] },
      '_start-1.js': { file: 'assets/start-1.js' },
      '_start-2.js': { file: 'assets/start-2.js', imports: ['_start-1.js', '_framework-1.js'] },
    };
    expect(hrefs(routePreloads(staged, '/login', undefined))).toEqual([
      '/assets/start-1.js',
      '/assets/start-2.js',
      '/assets/authFlow-1.js',
      '/assets/shared-1.js',
    ]);
    expect(hrefs(routePreloads(staged, '/account', undefined))).toEqual(['/assets/start-1.js', '/assets/start-2.js']);
  });

  it("adds the catalogue of the browser's first language when there is one, and nothing a header could inject", () => {
    expect(hrefs(routePreloads(manifest, '/login', 'fr-fr,fr;q=0.9'))).toContain('/assets/fr-FR-1.js');
    expect(hrefs(routePreloads(manifest, '/login', 'xx-YY'))).toEqual(['/assets/authFlow-1.js', '/assets/shared-1.js']);
    expect(routePreloads(manifest, '/login', '"><script>alert(1)</script>')).not.toContain('<script>');
  });
});

describe("the sign-in page's first paint (decision 059)", () => {
  const shellOf = (html: string) => new RegExp(`<div id="${PAGE_SHELL_ID}"[^>]*>.*?</main></div>`).exec(html)?.[0] ?? null;

  it('comes in the page, right after <body>, hidden from assistive technology, with the heading and introduction and no field', async () => {
    const res = await page('/login', { 'accept-language': 'en-US,en;q=0.8' });
    const shell = shellOf(res.body);
    expect(shell).not.toBeNull();
    expect(res.body).toMatch(new RegExp(`<body[^>]*><div id="${PAGE_SHELL_ID}" aria-hidden="true" lang="en"`));
    expect(shell).toContain('<h1>Sign in</h1><p>Use your work email to sign in or create an account.</p>');
    expect(shell).not.toMatch(/<(input|button|a|form)\b/);
    expect(shell).toContain('<img src="/media/brands/atrium.svg" alt="">');
  });

  it('speaks the language the app will start in: ?lang first, then the browser’s, by language, else English', async () => {
    expect(shellOf((await page('/login?lang=fr-FR', { 'accept-language': 'de-DE' })).body)).toContain('<h1>Se connecter</h1>');
    expect(shellOf((await page('/login', { 'accept-language': 'fr-CA,fr;q=0.9' })).body)).toContain('lang="fr-FR"');
    expect(shellOf((await page('/login', { 'accept-language': 'ja-JP' })).body)).toContain('<h1>Sign in</h1>');
    // Texts are written as text: markup in a catalogue cannot become elements.
    expect(shellOf((await page('/login', { 'accept-language': 'de-DE' })).body)).toContain('Melden Sie sich &lt;b&gt;an&lt;/b&gt;.');
  });

  it('is only on /login, and its one style is allowed by its hash, no other inline style', async () => {
    for (const other of ['/', '/home', '/signup', '/login/extra']) expect(shellOf((await page(other)).body), other).toBeNull();
    const res = await page('/login');
    const style = /<style>(.*?)<\/style>/.exec(res.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    const styleSrc = String(res.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('style-src '))!;
    expect(styleSrc.split(' ')).toContain(hash);
    expect(styleSrc).not.toContain('unsafe-inline');
  });

  it('carries a small logo the server holds in the page itself, so it paints with the heading (decision 065)', async () => {
    const logo = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>';
    mkdirSync(path.join(staticDir, 'media', 'brands'), { recursive: true });
    writeFileSync(path.join(staticDir, 'media', 'brands', 'atrium.svg'), logo);
    try {
      const login = (await page('/login')).body;
      const src = /<header><img src="([^"]+)" alt=""><\/header>/.exec(shellOf(login)!)?.[1];
      expect(src).toBe(`data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`);
      // The app's sign-in screen names the picture the shell holds; other pages keep the file's address.
      expect(bootOf(login).whitelabel?.logoUrl).toBe(src);
      expect(bootOf((await page('/home')).body).whitelabel?.logoUrl).toBe('/media/brands/atrium.svg');
    } finally {
      rmSync(path.join(staticDir, 'media'), { recursive: true, force: true });
    }
  });

  it('inlines nothing but small pictures inside the built folder: other hosts, ways out, other types and large files keep their address', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'atrium-inline-'));
    const outside = mkdtempSync(path.join(tmpdir(), 'atrium-outside-'));
    try {
      mkdirSync(path.join(root, 'media'));
      writeFileSync(path.join(root, 'media', 'small.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      writeFileSync(path.join(root, 'media', 'large.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(INLINE_IMAGE_MAX_BYTES)}</svg>`);
      writeFileSync(path.join(root, 'media', 'page.html'), '<script>alert(1)</script>');
      writeFileSync(path.join(outside, 'secret.svg'), '<svg/>');
      const inline = smallImageInliner(root);
      expect(inline('/media/small.png')).toBe('data:image/png;base64,iVBORw==');
      expect(inline('/media/small.png?v=2')).toBe('data:image/png;base64,iVBORw==');
      const away = path.relative(root, path.join(outside, 'secret.svg')).split(path.sep).join('/');
      for (const url of [
        'https://cdn.example/logo.svg',
        '//cdn.example/logo.svg',
        'media/small.png',
        `/${away}`,
        `/${away.replace(/\.\./g, '%2e%2e')}`,
        '/media/large.svg',
        '/media/page.html',
        '/media/missing.svg',
        '/media',
        '/media/%E0%A4%A.svg',
      ])
        expect(inline(url), url).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('cannot be broken out of by a brand without a logo whose name is markup', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await server.db.query("UPDATE brands SET name = $1, logo_url = NULL WHERE identifier = 'harbor'", [hostile]);
    try {
      const shell = shellOf((await page('/login', { host: 'harbor.localhost' })).body)!;
      expect(shell).toContain('<span>&lt;img src=x onerror=alert(1)&gt;</span>');
      expect(shell).not.toContain('<img src=x');
    } finally {
      await server.db.query("UPDATE brands SET name = 'Harbor', logo_url = $1 WHERE identifier = 'harbor'", [harborLogo]);
    }
  });
});

describe("a building home's first paint (decision 059)", () => {
  const shellOf = (html: string) => new RegExp(`<div id="${PAGE_SHELL_ID}"[^>]*>.*?</div></div>`).exec(html)?.[0] ?? null;
  const heroOf = async (name: string) =>
    (
      await server.db.query<{ uuid: string; hero: string }>(
        `SELECT b.uuid::text, COALESCE(t.home_header_image_url, b.image_url) AS hero FROM buildings b
           LEFT JOIN building_themes t ON t.building_id = b.id WHERE b.name = $1`,
        [name],
      )
    )[0]!;

  it('paints the hero of the building the app showed last (its cookie), or of the one in the address', async () => {
    const plaza = await heroOf('One Atrium Plaza');
    const harbor = await heroOf('Harbor Point');
    const home = shellOf((await page('/home', { cookie: `theme=x; ${HOME_BUILDING_COOKIE}=${plaza.uuid}` })).body);
    expect(home).toContain(`<img src="${plaza.hero}" alt="" fetchpriority="high">`);
    expect(home).toMatch(/aria-hidden="true"/);
    expect(home).not.toMatch(/<(input|button|a)\b/);
    // The address names the building: its hero, whatever the cookie says.
    const byAddress = shellOf((await page(`/building/${harbor.uuid}`, { cookie: `${HOME_BUILDING_COOKIE}=${plaza.uuid}` })).body);
    expect(byAddress).toContain(`src="${harbor.hero}"`);
  });

  it('paints nothing for a cookie that is no building, names none, or tries to write markup', async () => {
    expect(shellOf((await page('/home')).body)).toBeNull();
    expect(shellOf((await page('/home', { cookie: `${HOME_BUILDING_COOKIE}=00000000-0000-4000-8000-000000000000` })).body)).toBeNull();
    const hostile = await page('/home', { cookie: `${HOME_BUILDING_COOKIE}="><script>alert(1)</script>` });
    expect(shellOf(hostile.body)).toBeNull();
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect(homeBuildingOf('/home', `${HOME_BUILDING_COOKIE}=../../etc`)).toBeNull();
    expect(homeBuildingOf('/building/x/amenities', undefined)).toBeNull();
  });

  it('shows no hero address that could leave the attribute or load a script', async () => {
    const plaza = await heroOf('One Atrium Plaza');
    await server.db.query(`UPDATE building_themes SET home_header_image_url = $1 WHERE building_id = (SELECT id FROM buildings WHERE uuid = $2)`, [
      'javascript:alert(1)" onerror="alert(2)',
      plaza.uuid,
    ]);
    try {
      const res = await page('/home', { cookie: `${HOME_BUILDING_COOKIE}=${plaza.uuid}` });
      expect(shellOf(res.body)).toBeNull();
      expect(res.body).not.toContain('onerror');
    } finally {
      await server.db.query(`UPDATE building_themes SET home_header_image_url = $1 WHERE building_id = (SELECT id FROM buildings WHERE uuid = $2)`, [
        plaza.hero,
        plaza.uuid,
      ]);
    }
  });

  it('has its one style allowed by its hash', async () => {
    const plaza = await heroOf('One Atrium Plaza');
    const res = await page('/home', { cookie: `${HOME_BUILDING_COOKIE}=${plaza.uuid}` });
    const style = /<style>(.*?)<\/style>/.exec(res.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(String(res.headers['content-security-policy'])).toContain(hash);
  });
});

describe("the app's code on a page with a first paint (decision 063)", () => {
  const codeOf = (html: string) => {
    const match = new RegExp(`<script id="${CODE_LIST_ID}" type="application/json">(.*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1]!) as { entry: string; preload: string[] }) : null;
  };
  const scriptSrc = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('script-src '))!
      .split(' ');

  it('leaves the head and is started by the one loader at the end of the body, which the policy allows by its hash', async () => {
    const res = await page('/login');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(codeOf(res.body)).toEqual({ entry: '/assets/index-e1.js', preload: ['/assets/framework-f1.js'] });
    expect(res.body).toContain(`<script>${CODE_LOADER}</script></body>`);
    expect(scriptSrc(res)).toContain(`'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`);
    expect(scriptSrc(res)).not.toContain("'unsafe-inline'");
  });

  it('stays in the head on a page without a first paint', async () => {
    const res = await page('/signup');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
    expect(codeOf(res.body)).toBeNull();
  });
});
