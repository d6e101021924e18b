import { readdir, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serverDir } from '../paths.js';
import { lockDataFolder } from './dataLock.js';
import { copyTemplate, isFreshFolder, keepTemplate } from './template.js';
import { pglitePrepared } from './pglitePrepared.js';

/** The one database interface the server uses: plain SQL with $1 parameters, on PGlite or a Postgres server. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * `query` as a named prepared statement: parsed once per connection, then only bound and run (and planned for its
   * values until Postgres keeps a generic plan). One name always goes with one text (server/db/sql.ts names them).
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction; a thrown error rolls it back. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** PGlite on a folder it made from nothing: keeps a copy of it for the next new folder (server/db/template.ts). */
  keepAsTemplate?: () => Promise<void>;
  /** PGlite: the whole data folder as one tar file, which `openDb({ image })` opens again (the tests' seeded copy). */
  dumpImage?: () => Promise<Blob>;
}

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
  /** PGlite in memory only: start from this dump of a data folder (`Db.dumpImage`) instead of an empty one. */
  image?: Blob;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://', options.image);
}

/**
 * Postgres settings of the embedded server: it serves one process, so its buffers are sized for the demo's data, not
 * for a machine's (PGlite's 128 MB of shared buffers were most of the server's resident memory: decision 052).
 */
export const pgliteSettings = ['-c', 'shared_buffers=24MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=2MB'];

async function openPglite(dataDir: string, image?: Blob): Promise<Db> {
  if (image && !dataDir.startsWith('memory://')) throw new Error('a data folder image opens in memory only');
  const { PGlite } = await import('@electric-sql/pglite');
  let release = () => {};
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    release = lockDataFolder(dataDir);
  }
  // A new folder starts as a copy of one made once (initialised, migrated, seeded), when there is one.
  const fresh = !dataDir.startsWith('memory://') && isFreshFolder(dataDir);
  const fromTemplate = fresh && (await copyTemplate(dataDir));
  let pg;
  try {
    pg = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, ...pgliteSettings], ...(image ? { loadDataDir: image } : {}) });
  } catch (error) {
    release();
    throw error;
  }
  type Queryable = Pick<typeof pg, 'query'>;
  const prepared = pglitePrepared(pg);
  const wrap = (q: Queryable): Db => ({
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params);
      return result.rows;
    },
    prepared: q === pg ? prepared : async <T>(_name: string, sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    dumpImage: async () => {
      await pg.query('CHECKPOINT');
      return pg.dumpDataDir('none');
    },
    close: async () => {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  });
  const db = wrap(pg);
  if (!fresh || fromTemplate) return db;
  return {
    ...db,
    keepAsTemplate: async () => {
      // Every page on disk before the folder's files are copied: the copy opens as a folder that was checkpointed.
      await pg.query('CHECKPOINT');
      await keepTemplate(dataDir);
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, admin terminate) must not take the process down with it.
  pool.on('error', (error) => console.error('Postgres connection lost:', error.message));
  type Client = Pick<InstanceType<typeof pgModule.Pool>, 'query'>;
  const run = async <T>(client: Client, sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];
  // node-postgres prepares a named statement on each pooled connection the first time that connection runs it.
  const runPrepared = async <T>(client: Client, name: string, text: string, values: unknown[] = []) =>
    (await client.query({ name, text, values })).rows as T[];
  const db: Db = {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    prepared: (name, sql, params) => runPrepared(pool, name, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Db = {
          ...db,
          query: (sql, params) => run(client, sql, params),
          prepared: (name, sql, params) => runPrepared(client, name, sql, params),
          transaction: (inner) => inner(tx),
        };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  return db;
}

/** Answers when the database does (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.query('SELECT 1');
}

const migrationsDir = path.join(serverDir, 'db', 'migrations');

/** Applies, in name order, every migration file not yet recorded in schema_migrations. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** Migrations hold statements separated by semicolons at line ends; a function's `$$` body may hold its own. */
function splitStatements(sql: string): string[] {
  // A statement ends with `;` at the end of a line, unless inside a `$$`-quoted body (a function's).
  const statements: string[] = [];
  let current: string[] = [];
  let quoted = false;
  for (const line of sql.split('\n')) {
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
