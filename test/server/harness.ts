import type { InjectOptions } from 'fastify';
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
  /** Injects a request under the API base and parses the JSON answer. */
  call<T = any>(method: InjectOptions['method'], path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string>; payload?: string }): Promise<{ status: number; body: T }>;
  /** The newest four-digit code mailed to an address. */
  latestCode(email: string): Promise<string>;
  login(email: string, password: string): Promise<{ token: string; refresh: string; user: any }>;
}

/**
 * A fresh server on a fresh database: PGlite in memory, or, when TEST_DATABASE_URL names a Postgres server, a new
 * database created on it for this server and dropped at close.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const clock = new FakeClock();
  const config: ServerConfig = { ...readConfig({}), devOidc: false, sensitiveRateLimit: 10_000, ...overrides };
  let db: Db;
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `atrium_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await openDb({ databaseUrl: adminUrl });
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    db = await openDb({ databaseUrl: url.toString() });
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  } else {
    db = await openDb({ dataDir: 'memory://' });
  }
  const server = await createServer(config, { clock, db });
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
    call,
    async latestCode(email) {
      const [mail] = await db.query<{ text_body: string }>('SELECT text_body FROM dev_mail WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [email.toLowerCase()]);
      const code = /\b(\d{4})\b/.exec(mail?.text_body ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async login(email, password) {
      const { status, body } = await call('POST', '/auth/v2/login', { body: { email, password } });
      if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
      return { token: body.token, refresh: body.refresh_token.token, user: body.user };
    },
    async close() {
      await server.close();
      await db.close();
      await dropDatabase?.();
    },
  };
}
