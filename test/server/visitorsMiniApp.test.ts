import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installMiniAppOriginSplit, miniAppRoutes, type MiniAppOriginOptions } from '../../server/routes/miniApps.js';
import type { Api } from '../../server/lib/typedRoutes.js';

/**
 * The Visitors mini-app's page (issue 23) as the server sends it: the build's folder (dist/miniapps/mfe-visitors/,
 * scripts/build/miniApps.ts) at /mfe-visitors/ on the mini-app origin only, a file of the origin's own folder winning,
 * any other page of it not found (the app's frame says page_not_loaded), and the build's folder never at its own path.
 */
const APPS = 'http://apps.localhost:8080';
let root: string;
let app: FastifyInstance;

async function serve(options: Partial<MiniAppOriginOptions>) {
  const server = Fastify();
  const all: MiniAppOriginOptions = { origin: APPS, appOrigins: ['http://localhost:8080'], connect: [], ...options };
  installMiniAppOriginSplit(server, all);
  await server.register(miniAppRoutes as unknown as (api: Api, o: MiniAppOriginOptions) => Promise<void>, all);
  return server;
}
const onApps = (server: FastifyInstance, url: string, method: 'GET' | 'POST' = 'GET') =>
  server.inject({ method, url, headers: { host: 'apps.localhost:8080' } });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'atrium-visitors-'));
  const built = path.join(root, 'dist', 'miniapps', 'mfe-visitors');
  mkdirSync(built, { recursive: true });
  writeFileSync(path.join(built, 'index.html'), '<!doctype html><title>Visitors</title><script type="module" src="visitors.js?v=1"></script>');
  writeFileSync(path.join(built, 'visitors.js'), 'export {};');
  writeFileSync(path.join(built, 'visitors.css'), 'body{}');
  writeFileSync(path.join(root, 'secret.txt'), 'not for anyone');
  mkdirSync(path.join(root, 'public-miniapps'), { recursive: true });
  app = await serve({ miniAppsDir: path.join(root, 'dist', 'miniapps'), filesDir: path.join(root, 'public-miniapps') });
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the Visitors mini-app’s page', () => {
  it('is the build’s page, its script and its style sheet, under the origin’s strict policy', async () => {
    const page = await onApps(app, '/mfe-visitors/?hostOrigin=http%3A%2F%2Flocalhost%3A8080&appUuid=x');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('src="visitors.js?v=1"');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    const script = await onApps(app, '/mfe-visitors/visitors.js?v=1');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await onApps(app, '/mfe-visitors/visitors.css')).headers['content-type']).toMatch(/^text\/css/);
  });

  it('sends the build’s compressed copy of a script to a browser that takes it', async () => {
    const { gzipSync } = await import('node:zlib');
    const built = path.join(root, 'dist', 'miniapps', 'mfe-visitors');
    writeFileSync(path.join(built, 'visitors.js.gz'), gzipSync('export {};'));
    try {
      const packed = await app.inject({
        method: 'GET',
        url: '/mfe-visitors/visitors.js',
        headers: { host: 'apps.localhost:8080', 'accept-encoding': 'gzip' },
      });
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers['content-type']).toMatch(/^text\/javascript/);
      expect(String(packed.headers.vary)).toContain('Accept-Encoding');
      expect(packed.rawPayload.equals(gzipSync('export {};'))).toBe(true);
      const plain = await onApps(app, '/mfe-visitors/visitors.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('export {};');
    } finally {
      rmSync(path.join(built, 'visitors.js.gz'));
    }
  });

  it('answers not found for any other page of it (the app shows page_not_loaded), and for paths out of its folder', async () => {
    for (const url of [
      '/mfe-visitors/no-such-page',
      '/mfe-visitors/../secret.txt',
      '/mfe-visitors/%2e%2e/%2e%2e/secret.txt',
      '/mfe-visitors/..%2fsecret.txt',
    ])
      expect((await onApps(app, url)).statusCode, url).toBe(404);
    expect((await onApps(app, '/mfe-visitors/', 'POST')).statusCode).toBe(404);
  });

  it('is not served on the app’s origin, and the build’s folder is served on neither', async () => {
    expect((await app.inject({ method: 'GET', url: '/mfe-visitors/' })).statusCode).toBe(404);
    for (const url of [
      '/miniapps/mfe-visitors/index.html',
      '/miniapps/mfe-visitors/visitors.js',
      '/miniapps',
      '/%6diniapps/mfe-visitors/index.html',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await onApps(app, url)).statusCode, url).toBe(404);
    }
  });

  it('lets a file of the origin’s own folder win over the build’s', async () => {
    mkdirSync(path.join(root, 'public-miniapps', 'mfe-visitors'), { recursive: true });
    writeFileSync(path.join(root, 'public-miniapps', 'mfe-visitors', 'index.html'), '<!doctype html><title>Own page</title>');
    try {
      expect((await onApps(app, '/mfe-visitors/')).body).toContain('Own page');
    } finally {
      rmSync(path.join(root, 'public-miniapps', 'mfe-visitors'), { recursive: true, force: true });
    }
  });

  it('says it is not built when there is no build', async () => {
    const bare = await serve({ filesDir: path.join(root, 'public-miniapps') });
    try {
      const res = await onApps(bare, '/mfe-visitors/');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/not built/);
    } finally {
      await bare.close();
    }
  });
});
