import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../server/db/index.js';
import { seedDemoData } from '../../server/db/seed.js';
import { keepTemplate, templateKey } from '../../server/db/template.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'atrium-template-'));
const cacheDir = path.join(scratch, 'cache');
let previous: string | undefined;
beforeAll(() => {
  previous = process.env.ATRIUM_CACHE_DIR;
  process.env.ATRIUM_CACHE_DIR = cacheDir;
});
afterAll(() => {
  if (previous === undefined) delete process.env.ATRIUM_CACHE_DIR;
  else process.env.ATRIUM_CACHE_DIR = previous;
  rmSync(scratch, { recursive: true, force: true });
});

describe('templateKey', () => {
  const base = { sources: ['CREATE TABLE a ();', 'seed v1'], pgliteVersion: '0.5.16', day: '2026-11-24' };
  it('names a copy by the migrations, the seed, PGlite and the day: any change makes another', () => {
    expect(templateKey(base)).toBe(templateKey({ ...base, sources: [...base.sources] }));
    expect(templateKey({ ...base, sources: ['CREATE TABLE a (id int);', 'seed v1'] })).not.toBe(templateKey(base));
    expect(templateKey({ ...base, sources: ['CREATE TABLE a ();', 'seed v2'] })).not.toBe(templateKey(base));
    expect(templateKey({ ...base, pgliteVersion: '0.5.17' })).not.toBe(templateKey(base));
    expect(templateKey({ ...base, day: '2026-11-25' })).not.toBe(templateKey(base));
  });
});

describe('a new PGlite data folder', () => {
  it('is made from nothing once, kept, and the next new folder starts as a copy with the demo data', { timeout: 120_000 }, async () => {
    const first = await openDb({ dataDir: path.join(scratch, 'one') });
    expect(first.keepAsTemplate).toBeTypeOf('function');
    await migrate(first);
    await seedDemoData(first);
    await first.keepAsTemplate!();
    await first.close();
    const kept = readdirSync(cacheDir);
    expect(kept).toHaveLength(1);
    // The first server's lock is not part of the copy.
    expect(readdirSync(path.join(cacheDir, kept[0]!))).not.toContain('atrium.lock');

    const second = await openDb({ dataDir: path.join(scratch, 'two') });
    try {
      // Made from the copy: nothing to keep, and the demo data is there before any seed runs.
      expect(second.keepAsTemplate).toBeUndefined();
      const [row] = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM brands');
      expect(row?.n).toBeGreaterThan(0);
      // The server's secrets are made after the copy: none in it.
      const secrets = await second.query("SELECT 1 FROM settings WHERE key = 'jwt_secret'");
      expect(secrets).toEqual([]);
      expect(await migrate(second)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('is kept whole when two servers keep it at once (copied beside, then renamed)', async () => {
    const own = path.join(scratch, 'concurrent-cache');
    process.env.ATRIUM_CACHE_DIR = own;
    try {
      const folder = path.join(scratch, 'three');
      mkdirSync(path.join(folder, 'base'), { recursive: true });
      writeFileSync(path.join(folder, 'PG_VERSION'), '18');
      writeFileSync(path.join(folder, 'base', 'data'), new Uint8Array(2 * 1024 * 1024).fill(7));
      await Promise.all([keepTemplate(folder), keepTemplate(folder), keepTemplate(folder)]);
      const entries = readdirSync(own);
      expect(entries.filter((f) => f.endsWith('.partial'))).toEqual([]);
      expect(entries).toHaveLength(1);
      expect(readFileSync(path.join(own, entries[0]!, 'base', 'data')).length).toBe(2 * 1024 * 1024);
    } finally {
      process.env.ATRIUM_CACHE_DIR = cacheDir;
    }
  });
});
