import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDb } from '../../server/db/index.js';
import { seedDemoData } from '../../server/db/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated and seeded once for the run, as one tar file: each test server opens its own copy. */
    serverImage: string;
    /** On TEST_DATABASE_URL: the database, migrated and seeded once for the run, that each test server's database copies. */
    templateDatabase: string;
  }
}

/**
 * The server tests' database, made once per run (decision 141): initdb, the migrations and the demo seed cost 2-3 s,
 * and every test file starts at least one server. On PGlite the seeded folder is dumped to a file that each server
 * loads into memory (about half a second); on a Postgres server (TEST_DATABASE_URL) a template database is made, and
 * each server's own database is created from it.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `atrium_template_${process.pid}`;
    const admin = await openDb({ databaseUrl: adminUrl });
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const template = await openDb({ databaseUrl: url.toString() });
    await migrate(template);
    await seedDemoData(template);
    await template.close();
    project.provide('templateDatabase', name);
    project.provide('serverImage', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    };
  }
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemoData(db);
  const image = await db.dumpImage!();
  await db.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'atrium-server-tests-'));
  const file = path.join(folder, 'seeded.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('serverImage', file);
  project.provide('templateDatabase', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
