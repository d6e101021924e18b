import type { InjectOptions } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { readConfig, type ServerConfig } from '../../server/config.js';
import { openDb, type Db } from '../../server/db/index.js';
import { createServer, type RunningServer } from '../../server/server.js';
import type { Clock } from '../../server/lib/clock.js';

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now() {
    return new Date(this.current);
  }
  advance(seconds: number) {
    this.current += seconds * 1000;
  }
}

export interface TestServer extends RunningServer {
  clock: FakeClock;
  config: ServerConfig;
  /** On TEST_DATABASE_URL: the URL of this server's database. */
  databaseUrl: string | undefined;
  /** Injects a request under the API base and parses the JSON answer. */
  call<T = any>(
    method: InjectOptions['method'],
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; payload?: string },
  ): Promise<{ status: number; body: T }>;
  /** The newest four-digit code mailed to an address. */
  latestCode(email: string): Promise<string>;
  login(email: string, password: string): Promise<{ token: string; refresh: string; user: any }>;
  /**
   * Another instance of the server on the same database (its own connection pool on Postgres; the same PGlite, which
   * one process can share) with the same clock, this server's config and `overrides`: what a second process started
   * beside the first would be. Closed by its own close(), or with this server.
   */
  startAnother(overrides?: Partial<ServerConfig>, options?: StartTestServerOptions): Promise<TestServer>;
}

/**
 * Load shedding off: a test worker runs several servers on one event loop, and one busy with a database load must not
 * get another's requests answered 503. Every test server takes it unless the test sets its own ceilings.
 */
export const NO_SHEDDING: ServerConfig['shedding'] = {
  ...readConfig({}).shedding,
  maxEventLoopDelayMs: 0,
  maxEventLoopUtilization: 0,
  maxHeapUsedMb: 0,
  maxRssMb: 0,
};

/** The Redis the server tests use (TEST_REDIS_URL; the machine's and CI's: 127.0.0.1:6379). */
export const testRedisUrl = () => process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * The Redis settings of a test server that shares Redis with others: a key prefix of its own for each call (this
 * run's process, a random part), so runs and files never count in each other's keys. Servers that must share counts
 * take the same one.
 */
export function testRedis(): Pick<ServerConfig, 'redisUrl' | 'redisKeyPrefix'> {
  return { redisUrl: testRedisUrl(), redisKeyPrefix: `atrium-test:${process.pid}-${Math.random().toString(36).slice(2, 10)}:` };
}

export interface StartTestServerOptions {
  /**
   * Really listen, on a free port of localhost, with publicOrigin `http://localhost:PORT` (unless overridden): needed
   * when the server calls itself over HTTP, as the SSO code exchange with the local OpenID provider does.
   */
  listen?: boolean;
  /**
   * Open the database of this other test server instead of a fresh one: a second instance beside it (issue 27). On
   * Postgres it opens its own connections to the same database; on PGlite, which one process opens once, it shares
   * the other's.
   */
  sameDatabaseAs?: TestServer;
}

/** A port free on this machine right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The run's seeded data folder (test/server/globalSetup.ts), read once per test file. */
let seededImage: Blob | null = null;
const seeded = () => (seededImage ??= new Blob([readFileSync(inject('serverImage'))]));

/**
 * A fresh server on a fresh database: PGlite in memory, loaded from the run's seeded data folder, or, when
 * TEST_DATABASE_URL names a Postgres server, a new database copied on it from the run's seeded template for this
 * server and dropped at close. Either way the server's migrations and seed find nothing left to do. Its attachment
 * files go to a new temporary folder, removed at close.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: StartTestServerOptions = {}): Promise<TestServer> {
  const clock = new FakeClock();
  const port = options.listen ? await freePort() : undefined;
  const listening = port ? { port, publicOrigin: `http://localhost:${port}` } : {};
  const attachmentsDir = mkdtempSync(path.join(tmpdir(), 'atrium-attachments-'));
  const config: ServerConfig = {
    ...readConfig({}),
    devOidc: false,
    sensitiveRateLimit: 10_000,
    writeLimitFactor: 1000,
    shedding: NO_SHEDDING,
    attachmentsDir,
    ...listening,
    ...overrides,
  };
  let db: Db;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const other = options.sameDatabaseAs;
  if (other) {
    db = other.databaseUrl ? await openDb({ databaseUrl: other.databaseUrl }) : other.db;
    databaseUrl = other.databaseUrl;
  } else if (adminUrl) {
    const name = `atrium_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await openDb({ databaseUrl: adminUrl });
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    db = await openDb({ databaseUrl });
    dropDatabase = async () => {
      // The pool's connections say goodbye after db.close() returns; a forced drop that kills one of them mid-way makes
      // its pool emit an 'error' nobody listens to (an unhandled error in the run). Wait for them to leave first.
      for (let i = 0; i < 100; i++) {
        const [row] = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (!row?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  } else {
    db = await openDb({ dataDir: 'memory://', image: seeded() });
  }
  const server = await createServer(config, { clock, db, warn: quiet });
  if (port) await server.app.listen({ port, host: 'localhost' });
  const instances: TestServer[] = [];
  const testServer: TestServer = {
    ...testServerOf(server, config, clock, db, databaseUrl),
    async startAnother(more = {}, anotherOptions = {}) {
      const anotherPort = anotherOptions.listen ? await freePort() : undefined;
      const anotherConfig: ServerConfig = {
        ...config,
        ...(anotherPort ? { port: anotherPort, publicOrigin: `http://localhost:${anotherPort}` } : {}),
        ...more,
      };
      const anotherDb = databaseUrl ? await openDb({ databaseUrl }) : db;
      const another = await createServer(anotherConfig, { clock, db: anotherDb, warn: quiet });
      if (anotherPort) await another.app.listen({ port: anotherPort, host: 'localhost' });
      const instance: TestServer = {
        ...testServerOf(another, anotherConfig, clock, anotherDb, databaseUrl),
        startAnother: () => Promise.reject(new Error('start another instance from the first')),
        async close() {
          instances.splice(instances.indexOf(instance), 1);
          await another.close();
          if (anotherDb !== db) await anotherDb.close();
        },
      };
      instances.push(instance);
      return instance;
    },
    async close() {
      for (const instance of [...instances]) await instance.close();
      await server.close();
      // A shared PGlite database (sameDatabaseAs) is the other server's to close.
      if (!other || other.databaseUrl) await db.close();
      await dropDatabase?.();
      rmSync(attachmentsDir, { recursive: true, force: true });
    },
  };
  return testServer;
}

/** What the Redis connection says (unreachable, back): the tests that stop Redis read their answers, not the log. */
const quiet = () => {};

/** The calls of a test server on a running server. */
function testServerOf(
  server: RunningServer,
  config: ServerConfig,
  clock: FakeClock,
  db: Db,
  databaseUrl: string | undefined,
): Omit<TestServer, 'startAnother' | 'close'> {
  const call: TestServer['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await server.app.inject({
      method,
      url: `${config.apiBase}${path}`,
      headers,
      ...(options.payload !== undefined ? { payload: options.payload } : options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      /* not JSON */
    }
    return { status: response.statusCode, body: body as never };
  };
  return {
    ...server,
    clock,
    config,
    databaseUrl,
    call,
    async latestCode(email) {
      const [mail] = await db.query<{ text_body: string }>('SELECT text_body FROM dev_mail WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [
        email.toLowerCase(),
      ]);
      const code = /\b(\d{4})\b/.exec(mail?.text_body ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async login(email, password) {
      const { status, body } = await call('POST', '/auth/v2/login', { body: { email, password } });
      if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
      return { token: body.token, refresh: body.refresh_token.token, user: body.user };
    },
  };
}
