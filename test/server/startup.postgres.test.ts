import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '../../server/config.js';
import { openDb, type Db } from '../../server/db/index.js';
import { createServer, type RunningServer } from '../../server/server.js';
import { NO_SHEDDING } from './harness.js';

/**
 * Instances that start at once on a new Postgres database (issue 27): one migrates and seeds while the others wait for
 * its lock (server/db/startupLock.ts), then find nothing to do; every one of them serves, with one signing secret.
 * Postgres only (TEST_DATABASE_URL): PGlite's data folder is one process's by construction.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const name = `atrium_startup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let admin: Db;
let databaseUrl: string;
beforeAll(async () => {
  admin = await openDb({ databaseUrl: adminUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
});

it('three instances started at once on an empty database all start, on one schema, one seed and one signing secret', async () => {
  const config = { ...readConfig({}), shedding: NO_SHEDDING, devOidc: false, databaseUrl };
  const servers: RunningServer[] = await Promise.all([createServer(config), createServer(config), createServer(config)]);
  try {
    const [first] = servers;
    const migrations = await first!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    const names = await first!.db.query<{ n: number }>('SELECT count(DISTINCT name)::int AS n FROM schema_migrations');
    expect(migrations[0]!.n).toBeGreaterThan(0);
    expect(names[0]!.n).toBe(migrations[0]!.n);
    const brands = await first!.db.query<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT identifier)::int AS distinct FROM brands',
    );
    expect(brands[0]!.n).toBe(brands[0]!.distinct);
    // A token one instance signs, another accepts.
    const login = await servers[0]!.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email: 'demo@northwind.example', password: 'Atrium!2026' },
    });
    expect(login.statusCode).toBe(200);
    for (const server of servers.slice(1)) {
      const me = await server.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: `Bearer ${login.json().token}` } });
      expect(me.statusCode).toBe(200);
    }
  } finally {
    for (const server of servers) await server.close();
  }
});
