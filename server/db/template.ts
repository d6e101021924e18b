import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot, serverDir } from '../paths.js';
import { LOCK_FILE, processAlive } from './dataLock.js';

/**
 * A PGlite data folder made once and reused: a new data folder starts as a copy of a folder already initialised,
 * migrated and seeded, instead of running initdb (seconds, and most of PGlite's peak memory) and the demo seed again.
 * The copy is a plain folder in node_modules/.cache/atrium/ (ATRIUM_CACHE_DIR elsewhere), copied file by file into
 * the new folder, which PGlite then opens as one it made (decisions 051 and 052). It is named by what made it: the
 * migrations, the seed's sources, PGlite's version and the day (the demo content's dates are relative to the day it
 * was seeded). The server's own secrets are made after the seed, so the copy holds none.
 */
export const templateCacheDir = () => process.env.ATRIUM_CACHE_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'atrium');

/** The name of the folder copy for these inputs (pure: a test gives its own). */
export function templateKey(inputs: { sources: string[]; pgliteVersion: string; day: string }): string {
  const hash = createHash('sha256');
  for (const source of inputs.sources) hash.update(source).update('\0');
  hash.update(inputs.pgliteVersion).update('\0').update(inputs.day);
  return hash.digest('hex').slice(0, 16);
}

function currentKey(now = new Date()): string {
  const migrations = path.join(serverDir, 'db', 'migrations');
  const files = readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(path.join(migrations, name), 'utf8'));
  const seeds = ['seed', 'seedContent', 'seedServices'].map((name) => readFileSync(path.join(serverDir, 'db', `${name}.ts`), 'utf8'));
  const pglite = JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  };
  return templateKey({ sources: [...files, ...seeds], pgliteVersion: pglite.version, day: now.toISOString().slice(0, 10) });
}

const templateFolder = (key: string) => path.join(templateCacheDir(), `pglite-${key}`);

/** Files of a live folder that belong to the process holding it, never to a copy. */
const notCopied = new Set([LOCK_FILE, 'postmaster.pid']);

/**
 * Copies the folder `from` into `to`, file by file (node's own `fs.cp` spends twice as long on its checks for the
 * thousand-odd small files of a Postgres folder).
 */
function copyFolder(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (notCopied.has(entry.name)) continue;
    if (entry.isDirectory()) copyFolder(path.join(from, entry.name), path.join(to, entry.name));
    else if (entry.isFile()) copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
  }
}

/** Fills the new folder `dataDir` from today's copy; false when none was made yet. */
export async function copyTemplate(dataDir: string, now = new Date()): Promise<boolean> {
  const source = templateFolder(currentKey(now));
  if (!existsSync(path.join(source, 'PG_VERSION'))) return false;
  copyFolder(source, dataDir);
  return true;
}

/**
 * Keeps a copy of the folder `dataDir` (checkpointed by its holder): copied beside and renamed, so a server
 * starting at the same moment never reads half of it, and of two servers keeping one at once the first rename wins.
 */
export async function keepTemplate(dataDir: string, now = new Date()): Promise<void> {
  const folder = templateFolder(currentKey(now));
  if (existsSync(folder)) return;
  await mkdir(path.dirname(folder), { recursive: true });
  await removeAbandonedCopies(path.dirname(folder));
  const partial = `${folder}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  try {
    copyFolder(dataDir, partial);
    await rename(partial, folder);
  } catch (error) {
    // Another server renamed its copy first: keep that one.
    if (!existsSync(path.join(folder, 'PG_VERSION'))) throw error;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/** Half-made copies of servers that were stopped while they copied (their pid is in the name). */
async function removeAbandonedCopies(cacheDir: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const pid = Number(/\.(\d+)\.[a-z0-9]+\.partial$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) await rm(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

/** A data folder PGlite has not initialised yet. */
export const isFreshFolder = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'));
