import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, NO_SHEDDING } from './harness.js';
import { readConfig } from '../../server/config.js';
import { createServer, type RunningServer } from '../../server/server.js';
import { precompressFolder } from '../../scripts/build/precompress.js';

let server: TestServer;
let site: RunningServer;
const staticDir = mkdtempSync(path.join(tmpdir(), 'atrium-assets-'));
// A built app in miniature: a hashed script big enough to be compressed, a small one, the page, robots.txt.
const script = `export const greeting = ${JSON.stringify('hello tenant '.repeat(400))};\n`;
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(path.join(staticDir, 'assets', 'main-Ab12Cd34.js'), script);
writeFileSync(path.join(staticDir, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Atrium</title></head><body></body></html>');
writeFileSync(path.join(staticDir, 'card-frame.html'), '<!doctype html><html><head><title>Card frame</title></head><body></body></html>');
writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
const written = precompressFolder(staticDir);

beforeAll(async () => {
  server = await startTestServer();
  site = await createServer({ ...readConfig({}), shedding: NO_SHEDDING, devOidc: false }, { db: server.db, staticDir, clock: server.clock });
});
afterAll(async () => {
  await site.app.close();
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

describe('built assets', () => {
  it('the build step wrote brotli and gzip copies of what is worth compressing, not of tiny files or the page', () => {
    expect(written).toBe(2);
  });

  it('sends the brotli copy to a browser that takes it, with Vary and the script type', async () => {
    const res = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('sends gzip to one that takes only gzip, and the plain file to one that takes neither', async () => {
    const gzip = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/main-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets content-hashed files be kept for a year untouched; other files an hour; the page and config revalidated', async () => {
    expect((await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/tiny-Ef56Gh78.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/login')).headers['cache-control']).toBe('no-cache');
    expect((await get('/config.json')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation of an unchanged file with 304', async () => {
    const first = await get('/robots.txt');
    const again = await get('/robots.txt', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves a real robots.txt, not the app page', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
  });

  it('cannot be walked out of the built folder (an attacker’s encoded dot segments)', async () => {
    for (const url of [
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cpackage.json',
      '/%2e%2e%2f%2e%2e%2fetc/passwd',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.body, url).not.toContain('devDependencies');
      expect(res.body, url).not.toContain('root:');
      expect([200, 400, 403, 404], url).toContain(res.statusCode);
      // Anything it answers 200 is the app's page (the router's not-found screen), never a file from outside.
      if (res.statusCode === 200) expect(res.body, url).toContain('<title>Atrium</title>');
    }
  });
});

describe('the card frame origin', () => {
  it('serves built files, but no path under /assets/ that would answer the app page (issue 22, item 2)', async () => {
    const host = new URL(site.app.deps.config.cardFrameOrigin).host;
    expect((await get('/assets/main-Ab12Cd34.js', { host })).statusCode).toBe(200);
    for (const url of ['/assets/login', '/assets/home', '/assets/x.html', '/assets/%2e%2e/index.html', '/assets/missing-0000.js']) {
      const answer = await get(url, { host });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('<html');
    }
    // The app's own host still answers the app page for an unknown path (its router's not-found page)…
    expect((await get('/assets/login')).body).toContain('<title>Atrium</title>');
    // …but never the frame page, under any spelling of its path; the frame host does.
    const parent = encodeURIComponent('http://localhost:8080');
    for (const url of [
      '/card-frame.html',
      '/%63ard-frame.html',
      `/%63ard-frame?parent=${parent}`,
      '//card-frame.html',
      `/assets/../card-frame?parent=${parent}`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('Card frame');
    }
    expect((await get(`/card-frame?parent=${parent}`, { host })).body).toContain('Card frame');
  });
});
