/**
 * `npm run bench`: prints the figures the issues name.
 *  - the gzip size of the JavaScript and CSS the first load of /login fetches, against its budget (125 KB, marked
 *    PASS or OVER) and as a multiple of the floor page's (scripts/floor/: one form on the app's libraries alone);
 *  - the time from a cold `npm start` (built app, empty data folder: migrations and demo data) to a healthy
 *    health check, as the median of three runs;
 *  - the account-security figures (scripts/securityBench.ts): login timing for unknown against known addresses,
 *    5xx answers and timeouts of the feed calls under 200 connections, health check and sign-in beside 1,000 slow
 *    connections;
 *  - the feed figures (scripts/feedBench.ts): health check, one feed call, the same call revalidated and the mixed
 *    home load at 10, 50 and 100 connections, as req/s, p99, errors and timeouts and as a ratio of the health check,
 *    once on PGlite and once on Postgres when TEST_DATABASE_URL or DATABASE_URL names a server that answers (a
 *    database is created there for the run and dropped after it).
 * Exits non-zero when the first load breaks its limit (152 KB, a regression guard: see firstLoad.ts), the
 * floor page measures under 60 KB (it did not build or load its libraries), the login timing ratio leaves 0.5–2, a
 * feed call answers 5xx under load, health check or sign-in fail beside the slow connections, or a call of the feed
 * figures answers other than 2xx (the feed figures' ratios and timeouts are printed, not asserted).
 * `npm run bench -- --only first-load` measures /login and the floor page alone (no cold starts, no security runs);
 * `npm run bench -- --only lighthouse` runs the Lighthouse comparison alone (scripts/lighthouse/; it adds a row to
 * docs/performance.md, as the full run does);
 * `npm run bench -- --only feed` runs the feed figures alone, on API-only servers (no build, about 2 minutes each).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { FIRST_LOAD_BUDGET_BYTES, FIRST_LOAD_LIMIT_BYTES, measureFirstLoad } from './firstLoad';
import { FLOOR_LIBRARIES, FLOOR_MIN_BYTES, measureFloorPage } from './floor/floorPage';
import { securityBench } from './securityBench';
import { feedBench, type FeedBenchResult } from './feedBench';
import { lighthouseBench } from './lighthouse/lighthouseBench';
import { lighthouseLines, recordLighthouse } from './lighthouse/report';
import { DEMO_LOGIN } from '../server/db/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 18090);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
if (only !== undefined && !['first-load', 'feed', 'lighthouse'].includes(only))
  throw new Error(`--only takes first-load, feed or lighthouse, not ${only ?? 'nothing'}`);
const all = only === undefined;

/** The server alone (no build, no app files) on `port`, on PGlite in a fresh folder or on the database `databaseUrl` names. */
async function startApi(databaseUrl?: string): Promise<{ stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`http://localhost:${port}/api/healthcheck`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the Postgres server `adminUrl` names, or null when none answers there. */
async function benchDatabase(adminUrl: string | undefined): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (!adminUrl) {
    console.log('feed API on Postgres: skipped (neither TEST_DATABASE_URL nor DATABASE_URL is set)');
    return null;
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`feed API on Postgres: skipped (no server answers: ${(error as Error).message})`);
    return null;
  }
  const name = `atrium_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`feed API on Postgres: skipped (cannot create a database for the run: ${(error as Error).message})`);
    await admin.end();
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The feed figures once on PGlite and once on Postgres when one answers. */
async function feedBenches(): Promise<FeedBenchResult[]> {
  const results: FeedBenchResult[] = [];
  const pglite = await startApi();
  try {
    results.push(await feedBench(`http://localhost:${port}`, DEMO_LOGIN, { label: 'PGlite' }));
  } finally {
    await pglite.stop();
  }
  const database = await benchDatabase(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
  if (!database) return results;
  try {
    const server = await startApi(database.url);
    try {
      results.push(await feedBench(`http://localhost:${port}`, DEMO_LOGIN, { label: 'Postgres' }));
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return results;
}

/** A feed run whose calls answered anything but 2xx (or the 304s it asked for) measured something else. */
const feedFailed = (results: FeedBenchResult[]) => results.some((r) => r.runs.some((run) => run.non2xx > 0));

if (only === 'feed') {
  const results = await feedBenches();
  if (feedFailed(results)) {
    console.error('a feed run answered other than 2xx');
    process.exit(1);
  }
  process.exit(0);
}

async function startCold(extraEnv: Record<string, string> = {}): Promise<{ ms: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: `http://localhost:${port}`, ...extraEnv },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`http://localhost:${port}/api/healthcheck`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - started;
  return {
    ms,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The first start also builds the app when needed; it is not one of the timed runs. The per-address limit on
// sensitive routes is lifted for it: the login timing makes hundreds of sign-ins from this one address.
const warm = await startCold({ SENSITIVE_RATE_LIMIT: '1000000' });
if (only === 'lighthouse') {
  const figures = await lighthouseBench(`http://localhost:${port}`, DEMO_LOGIN);
  await warm.stop();
  for (const line of lighthouseLines(figures)) console.log(line);
  recordLighthouse(path.join(root, 'docs', 'performance.md'), figures);
  process.exit(0);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const load = await measureFirstLoad(browser, `http://localhost:${port}/login`);
const floor = await measureFloorPage(browser);
await browser.close();
const security = all ? await securityBench(`http://localhost:${port}`, port, DEMO_LOGIN) : undefined;
const lighthouseFigures = all ? await lighthouseBench(`http://localhost:${port}`, DEMO_LOGIN) : undefined;
await warm.stop();

const times: number[] = [];
for (let run = 0; all && run < 3; run += 1) {
  const cold = await startCold();
  times.push(cold.ms);
  await cold.stop();
}
times.sort((a, b) => a - b);
const feed = all ? await feedBenches() : [];

console.log('first load of /login (JavaScript and CSS, gzip -9):');
for (const file of load.files) console.log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.type.padEnd(10)} ${new URL(file.url).pathname}`);
const verdict = load.gzipBytes > FIRST_LOAD_BUDGET_BYTES ? 'OVER' : 'PASS';
console.log(`  ${kb(load.gzipBytes).padStart(9)}  total (budget ${kb(FIRST_LOAD_BUDGET_BYTES)}: ${verdict}; limit ${kb(FIRST_LOAD_LIMIT_BYTES)})`);
console.log(`  ${kb(load.wireBytes).padStart(9)}  on the wire (the server's precompressed copies, brotli when the browser takes it)`);
console.log(`floor page (${FLOOR_LIBRARIES}): ${kb(floor.gzipBytes)}; /login is ${(load.gzipBytes / floor.gzipBytes).toFixed(2)}× the floor`);
if (lighthouseFigures) {
  for (const line of lighthouseLines(lighthouseFigures)) console.log(line);
  recordLighthouse(path.join(root, 'docs', 'performance.md'), lighthouseFigures);
}
if (all)
  console.log(`cold npm start to healthy health check: median ${Math.round(times[1]!)} ms (runs: ${times.map((t) => Math.round(t)).join(', ')} ms)`);
const failures = [
  load.gzipBytes > FIRST_LOAD_LIMIT_BYTES && 'the first load breaks its limit',
  floor.gzipBytes < FLOOR_MIN_BYTES && `the floor page measures under ${kb(FLOOR_MIN_BYTES)}: it did not build or load its libraries`,
  security && (security.ratio > 2 || security.ratio < 0.5) && 'login timing tells unknown addresses from known ones',
  security && security.fiveHundreds > 0 && 'a feed call answered 5xx under load',
  security && (security.health !== 200 || security.login !== 200) && 'health check or sign-in failed beside slow connections',
  feedFailed(feed) && 'a feed run answered other than 2xx',
].filter(Boolean);
if (failures.length) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
