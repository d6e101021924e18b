import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A PGlite data folder made once and reused: a new data folder starts as a copy of a folder already initialised,
 * migrated and seeded, instead of running initdb (seconds, and most of PGlite's peak memory) and the demo seed again.
 * The copy is kept in node_modules/.cache/atrium/ (ATRIUM_CACHE_DIR elsewhere), named by what made it: the
 * migrations, the seed's sources, PGlite's version and the day (the demo content's dates are relative to the day it
 * was seeded). The server's own secrets are made after the seed, so the copy holds none.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

export const templateCacheDir = () => process.env.ATRIUM_CACHE_DIR ?? path.join(root, 'node_modules', '.cache', 'atrium');

/** The name of the folder copy for these inputs (pure: a test gives its own). */
export function templateKey(inputs: { sources: string[]; pgliteVersion: string; day: string }): string {
  const hash = createHash('sha256');
  for (const source of inputs.sources) hash.update(source).update('\0');
  hash.update(inputs.pgliteVersion).update('\0').update(inputs.day);
  return hash.digest('hex').slice(0, 16);
}

function currentKey(now = new Date()): string {
  const migrations = path.join(here, 'migrations');
  const files = readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(path.join(migrations, name), 'utf8'));
  const seeds = ['seed', 'seedContent'].map((name) => {
    const file = [`${name}.ts`, `${name}.js`].map((f) => path.join(here, f)).find(existsSync);
    return file ? readFileSync(file, 'utf8') : name;
  });
  const pglite = JSON.parse(readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  return templateKey({ sources: [...files, ...seeds], pgliteVersion: pglite.version, day: now.toISOString().slice(0, 10) });
}

const templateFile = (key: string) => path.join(templateCacheDir(), `pglite-${key}.tar.gz`);

/** The folder copy for today's inputs, or null when none was made yet. */
export async function readTemplate(now = new Date()): Promise<Blob | null> {
  try {
    return new Blob([await readFile(templateFile(currentKey(now)))]);
  } catch {
    return null;
  }
}

/** Keeps a folder copy: written beside and renamed, so a server starting at the same moment never reads half of it. */
export async function writeTemplate(dump: Blob, now = new Date()): Promise<void> {
  const file = templateFile(currentKey(now));
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/** A data folder PGlite has not initialised yet. */
export const isFreshFolder = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'));
