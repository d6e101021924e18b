import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { readConfig } from '../../server/config.js';
import { createServer, type RunningServer } from '../../server/server.js';
import { routePreloads } from '../../server/lib/appPage.js';
import { BOOT_DATA_ID, type BootData } from '../../contracts/boot.js';

let server: TestServer;
let site: RunningServer;
const staticDir = mkdtempSync(path.join(tmpdir(), 'atrium-page-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Atrium</title></head><body><div id="root"></div></body></html>');

beforeAll(async () => {
  server = await startTestServer();
  site = await createServer({ ...readConfig({}), devOidc: false }, { db: server.db, staticDir, clock: server.clock });
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
      expect(res.body.match(/<\/script>/g)).toHaveLength(1);
      expect(bootOf(res.body).whitelabel?.name).toBe(hostile);
      expect(res.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</title>');
    } finally {
      await server.db.query("UPDATE brands SET name = 'Harbor' WHERE identifier = 'harbor'");
    }
  });

  it('says unhealthy, and carries no brand, when the database stops answering', async () => {
    let down = false;
    const db = Object.create(server.db) as typeof server.db;
    db.query = ((...args: Parameters<typeof server.db.query>) =>
      down ? Promise.reject(new Error('database down')) : server.db.query(...args)) as typeof server.db.query;
    const flaky = await createServer({ ...readConfig({}), devOidc: false }, { db, staticDir, clock: server.clock });
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

  it("adds the catalogue of the browser's first language when there is one, and nothing a header could inject", () => {
    expect(hrefs(routePreloads(manifest, '/login', 'fr-fr,fr;q=0.9'))).toContain('/assets/fr-FR-1.js');
    expect(hrefs(routePreloads(manifest, '/login', 'xx-YY'))).toEqual(['/assets/authFlow-1.js', '/assets/shared-1.js']);
    expect(routePreloads(manifest, '/login', '"><script>alert(1)</script>')).not.toContain('<script>');
  });
});
