/**
 * `npm run bench`: prints the figures the issues name.
 *  - the gzip size of the JavaScript and CSS the first load of /login fetches, against its budget (125 KB, marked
 *    PASS or OVER) and as a multiple of the floor page's (scripts/floor/: one form on the app's libraries alone);
 *  - the first feed tile of a signed-in /home (scripts/firstTile.ts), against the sign-in form's time on /login;
 *  - start-up (scripts/startBench.ts): `npm start`'s cold start (built app, new data folder) and warm start (a used
 *    folder) to a healthy health check, against bare Fastify started the same way, medians of three runs each;
 *  - the account-security figures (scripts/securityBench.ts): login timing for unknown against known addresses,
 *    5xx answers and timeouts of the feed calls under 200 connections, health check and sign-in beside 1,000 slow
 *    connections;
 *  - the feed figures (scripts/feedBench.ts): health check, one feed call, the same call revalidated and the mixed
 *    home load at 10, 50 and 100 connections, as req/s, p99, errors and timeouts and as a ratio of the health check,
 *    once on PGlite and once on Postgres when TEST_DATABASE_URL or DATABASE_URL names a server that answers (a
 *    database is created there for the run and dropped after it), and the PGlite server's resident memory after it;
 *  - the upload figures (scripts/uploadBench.ts): the health check's p99 idle and while five maximum-size support
 *    requests (five 5 MB files each) upload at once, their ratio, the uploads and health checks that failed, and the
 *    server's peak memory.
 * Exits non-zero when the first load breaks its limit (158 KB, a regression guard: see firstLoad.ts), the
 * floor page measures under 60 KB (it did not build or load its libraries), the login timing ratio leaves 0.5–2, a
 * feed call answers 5xx under load, health check or sign-in fail beside the slow connections, a call of the feed
 * figures answers other than 2xx (the feed figures' ratios and timeouts are printed, not asserted), or an upload or a
 * health check beside the uploads fails (their p99 is printed against its target, not asserted).
 * `npm run bench -- --only first-load` measures /login and the floor page alone (no cold starts, no security runs);
 * `npm run bench -- --only lighthouse` runs the Lighthouse comparison alone (scripts/lighthouse/; it adds a row to
 * docs/performance.md, as the full run does);
 * `npm run bench -- --only feed` runs the feed figures and the memory alone (about 2 minutes an engine);
 * `npm run bench -- --only start` runs the start-up figures alone;
 * `npm run bench -- --only uploads` runs the upload figures alone (under a minute);
 * `npm run bench -- --only sign-in` runs "Sign in" to the first feed image on Slow 4G alone (scripts/signInBench.ts);
 * `npm run bench -- --only cluster` runs the figures of one against two instances alone (scripts/clusterBench.ts: on
 * TEST_DATABASE_URL or DATABASE_URL, else the machine's postgres://postgres@127.0.0.1:5432/test, where a database is
 * made for the run; and REDIS_URL, else redis://127.0.0.1:6379; about a minute). The full run does not include them;
 * `npm run bench -- --only load` runs the mixed load on one instance alone (scripts/loadBench.ts: 200 connections of
 * feed, details, RSVPs and sign-ins for 30 s; fails when a request waits past 10 s or answers 5xx other than a shed
 * 503; adds a row to docs/performance.md, as the full run does).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium';
import { FIRST_LOAD_BUDGET_BYTES, FIRST_LOAD_LIMIT_BYTES, measureFirstLoad } from './firstLoad';
import { FLOOR_LIBRARIES, FLOOR_MIN_BYTES, measureFloorPage } from './floor/floorPage';
import { securityBench } from './securityBench';
import { feedBench, type FeedBenchResult } from './feedBench';
import { lighthouseBench } from './lighthouse/lighthouseBench';
import { appendRow, lighthouseLines, recordLighthouse } from './lighthouse/report';
import { DEMO_LOGIN } from '../server/db/seed';
import { firstTileTime } from './firstTile';
import { signInLines, signInToFeedImage, type SignInFigures } from './signInBench';
import { MEMORY_TARGET_MB, recordStart, residentMemory, startBench, startLines, startServer } from './startBench';
import { uploadBench, uploadLines, type UploadBenchResult } from './uploadBench';
import { CLUSTER_HEADING, CLUSTER_TABLE, clusterBench, clusterLines, clusterRow } from './clusterBench';
import { availableParallelism } from 'node:os';
import { loadBench, loadFailures, loadLines, type LoadBenchResult } from './loadBench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 18090);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/**
 * Load shedding off (issue 27) for the figures measured before it: the feed ratios, the uploads and the 200-connection
 * feed load of the security figures count every answer other than 2xx as lost. The mixed load (`--only load`) measures
 * the server as it runs, shedding on.
 */
const NO_SHEDDING = { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_HEAP_USED_MB: '0' };
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1];
if (only !== undefined && !['first-load', 'feed', 'lighthouse', 'start', 'uploads', 'sign-in', 'cluster', 'load'].includes(only))
  throw new Error(`--only takes first-load, feed, lighthouse, start, uploads, sign-in, cluster or load, not ${only ?? 'nothing'}`);
const all = only === undefined;

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
async function feedBenches(): Promise<{ results: FeedBenchResult[]; memory: ReturnType<typeof residentMemory> }> {
  const results: FeedBenchResult[] = [];
  const pglite = await startServer(root, 'scripts/start.js', port, { env: NO_SHEDDING });
  let memory: ReturnType<typeof residentMemory>;
  try {
    results.push(await feedBench(`http://localhost:${port}`, DEMO_LOGIN, { label: 'PGlite' }));
    memory = residentMemory(pglite.pid);
  } finally {
    await pglite.stop();
  }
  console.log(memoryLine(memory));
  recordFeed(results[0]!, 'PGlite', memory);
  const database = await benchDatabase(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
  if (!database) return { results, memory };
  try {
    const server = await startServer(root, 'scripts/start.js', port, { env: { ...NO_SHEDDING, DATABASE_URL: database.url } });
    try {
      results.push(await feedBench(`http://localhost:${port}`, DEMO_LOGIN, { label: 'Postgres' }));
      recordFeed(results[1]!, 'Postgres', null);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return { results, memory };
}

const performanceFile = path.join(root, 'docs', 'performance.md');

/** Adds today's feed row of an engine (ratios at 50 connections, what was lost at 100, the memory) to docs/performance.md. */
function recordFeed(result: FeedBenchResult, engine: string, memory: ReturnType<typeof residentMemory> | null) {
  const at = (target: string, connections: number) => result.runs.find((r) => r.target === target && r.connections === connections);
  const lost = result.runs.filter((r) => r.connections === 100).reduce((n, r) => n + r.errors + r.timeouts, 0);
  const ratio = (target: string) => at(target, 50)?.ratio.toFixed(2) ?? '—';
  appendRow(
    performanceFile,
    'Feed API against the health check (req/s ratios at 50 connections; errors and timeouts at 100)',
    '| date | engine | health check req/s | feed call | revalidated | home mix | lost at 100 | server memory after (resident / peak) |\n|---|---|---|---|---|---|---|---|',
    `| ${new Date().toISOString().slice(0, 10)} | ${engine} | ${Math.round(at('health check', 50)?.requestsPerSecond ?? 0)} | ${ratio('feed call')} | ` +
      `${ratio('feed call, revalidated')} | ${ratio('mixed home load')} | ${lost} | ${memory ? `${Math.round(memory.rssMb)} / ${Math.round(memory.peakMb)} MB` : '—'} |`,
  );
}

const memoryLine = (memory: ReturnType<typeof residentMemory>) =>
  `server memory on PGlite after the feed runs: ${Math.round(memory.rssMb)} MB resident, peak ${Math.round(memory.peakMb)} MB ` +
  `(target ≤ ${MEMORY_TARGET_MB} MB: ${memory.rssMb <= MEMORY_TARGET_MB ? 'PASS' : 'OVER'})`;

/**
 * The upload figures on a server of their own (PGlite, a new data folder), the per-person help-desk limits lifted so
 * that every round is sent; printed and added to docs/performance.md.
 */
async function uploadBenches(): Promise<UploadBenchResult> {
  const server = await startServer(root, 'scripts/start.js', port, {
    env: { ...NO_SHEDDING, WRITE_LIMIT_FACTOR: '1000', SENSITIVE_RATE_LIMIT: '1000000' },
  });
  let result: UploadBenchResult;
  let memory: ReturnType<typeof residentMemory>;
  try {
    result = await uploadBench(`http://localhost:${port}`, DEMO_LOGIN);
    memory = residentMemory(server.pid);
  } finally {
    await server.stop();
  }
  for (const line of uploadLines(result, memory)) console.log(line);
  appendRow(
    performanceFile,
    'Health check beside five maximum-size support requests uploading at once (p99; five 5 MB files each)',
    '| date | idle p99 | p99 during uploads | ratio | failed uploads | failed health checks | slowest upload | server memory after (resident / peak) |\n|---|---|---|---|---|---|---|---|',
    `| ${new Date().toISOString().slice(0, 10)} | ${result.idleP99Ms.toFixed(1)} ms | ${result.loadedP99Ms.toFixed(1)} ms | ${result.ratio.toFixed(1)}× | ` +
      `${result.failedUploads} of ${result.uploads} | ${result.failedProbes} | ${Math.round(result.slowestUploadMs)} ms | ${Math.round(memory.rssMb)} / ${Math.round(memory.peakMb)} MB |`,
  );
  return result;
}

const uploadsFailed = (r: UploadBenchResult | undefined) => !!r && (r.failedUploads > 0 || r.failedProbes > 0);

/**
 * The mixed load on one instance (PGlite, a new data folder, the default shedding) with the per-address and per-person
 * limits lifted, so every sign-in and RSVP of the one demo person is served or shed, not refused 429; printed and added
 * to docs/performance.md.
 */
async function loadBenches(): Promise<LoadBenchResult> {
  const server = await startServer(root, 'scripts/start.js', port, { env: { WRITE_LIMIT_FACTOR: '1000000', SENSITIVE_RATE_LIMIT: '1000000' } });
  let result: LoadBenchResult;
  let memory: ReturnType<typeof residentMemory>;
  try {
    result = await loadBench(`http://localhost:${port}`, DEMO_LOGIN);
    memory = residentMemory(server.pid);
  } finally {
    await server.stop();
  }
  for (const line of loadLines(result)) console.log(line);
  appendRow(
    performanceFile,
    'Mixed load on one instance: 200 connections for 30 s (feed, details, RSVPs, sign-ins; each request given 10 s)',
    '| date | requests | answers/s | p99 | max | 5xx not shed | shed 503s (p99 to answer) | past 10 s | server memory after (resident / peak) |\n|---|---|---|---|---|---|---|---|---|',
    `| ${new Date().toISOString().slice(0, 10)} | ${result.requests} | ${Math.round(result.requestsPerSecond)} | ${Math.round(result.p99Ms)} ms | ` +
      `${Math.round(result.maxMs)} ms | ${result.otherFiveHundreds} | ${result.shed} (${Math.round(result.shedP99Ms)} ms) | ${result.pastTimeout} | ` +
      `${Math.round(memory.rssMb)} / ${Math.round(memory.peakMb)} MB |`,
  );
  return result;
}

if (only === 'load') {
  const failures = loadFailures(await loadBenches());
  for (const failure of failures) console.error(failure);
  process.exit(failures.length ? 1 : 0);
}

if (only === 'uploads') {
  if (uploadsFailed(await uploadBenches())) {
    console.error('an upload or a health check beside the uploads failed');
    process.exit(1);
  }
  process.exit(0);
}

if (only === 'cluster') {
  const database = await benchDatabase(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  if (!database) process.exit(1);
  const { spawnSync } = await import('node:child_process');
  // The app and the server's bundle, built once before the instances start.
  if (spawnSync(process.execPath, [path.join(root, 'scripts', 'start.js'), '--build-only'], { cwd: root, stdio: 'inherit' }).status !== 0)
    process.exit(1);
  const redisPrefix = `atrium-bench:${process.pid}:`;
  let result;
  try {
    result = await clusterBench({
      port,
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      redisPrefix,
      login: DEMO_LOGIN,
    });
  } finally {
    await database.drop();
  }
  for (const line of clusterLines(result)) console.log(line);
  appendRow(performanceFile, CLUSTER_HEADING, CLUSTER_TABLE, clusterRow(result, availableParallelism()));
  process.exit(result.runs.some((run) => run.non2xx + run.errors + run.timeouts > 0) ? 1 : 0);
}

/** A feed run whose calls answered anything but 2xx (or the 304s it asked for) measured something else. */
const feedFailed = (results: FeedBenchResult[]) => results.some((r) => r.runs.some((run) => run.non2xx > 0));

if (only === 'feed') {
  const { results } = await feedBenches();
  if (feedFailed(results)) {
    console.error('a feed run answered other than 2xx');
    process.exit(1);
  }
  process.exit(0);
}

if (only === 'start') {
  await (await startServer(root, 'scripts/start.js', port)).stop();
  const starts = await startBench(root, port);
  for (const line of startLines(starts)) console.log(line);
  recordStart(performanceFile, starts);
  process.exit(0);
}

// The first start also builds the app when needed; it is not one of the timed runs. The per-address limit on
// sensitive routes is lifted for it: the login timing makes hundreds of sign-ins from this one address.
const warm = await startServer(root, 'scripts/start.js', port, { env: { ...NO_SHEDDING, SENSITIVE_RATE_LIMIT: '1000000' } });
/** The Slow 4G sign-in figure: printed, and a row in docs/performance.md. */
function recordSignIn(figures: SignInFigures) {
  for (const line of signInLines(figures)) console.log(line);
  appendRow(
    performanceFile,
    '"Sign in" to the first feed image on Slow 4G (563 ms round trip, 180 kB/s; medians of five)',
    '| date | sign-in to first feed image | static page: one request, one image | ratio | target |\n|---|---|---|---|---|',
    `| ${new Date().toISOString().slice(0, 10)} | ${figures.signInMs} ms | ${figures.floorMs} ms | ${(figures.signInMs / figures.floorMs).toFixed(2)}× | ≤ 3500 ms |`,
  );
}
if (only === 'sign-in') {
  const browser = await launchChromium();
  const figures = await signInToFeedImage(browser, `http://localhost:${port}`, DEMO_LOGIN);
  await browser.close();
  await warm.stop();
  recordSignIn(figures);
  process.exit(0);
}
if (only === 'lighthouse') {
  const figures = await lighthouseBench(`http://localhost:${port}`, DEMO_LOGIN);
  await warm.stop();
  for (const line of lighthouseLines(figures)) console.log(line);
  recordLighthouse(performanceFile, figures);
  process.exit(0);
}
const browser = await launchChromium();
const load = await measureFirstLoad(browser, `http://localhost:${port}/login`);
const floor = await measureFloorPage(browser);
const tile = all ? await firstTileTime(browser, `http://localhost:${port}`, DEMO_LOGIN) : undefined;
const signIn = all ? await signInToFeedImage(browser, `http://localhost:${port}`, DEMO_LOGIN) : undefined;
await browser.close();
const security = all ? await securityBench(`http://localhost:${port}`, port, DEMO_LOGIN) : undefined;
const lighthouseFigures = all ? await lighthouseBench(`http://localhost:${port}`, DEMO_LOGIN) : undefined;
await warm.stop();

const starts = all ? await startBench(root, port) : undefined;
const feed = all ? (await feedBenches()).results : [];
const uploads = all ? await uploadBenches() : undefined;
const mixedLoad = all ? await loadBenches() : undefined;

console.log('first load of /login (JavaScript and CSS, gzip -9):');
for (const file of load.files) console.log(`  ${kb(file.gzipBytes).padStart(9)}  ${file.type.padEnd(10)} ${new URL(file.url).pathname}`);
const verdict = load.gzipBytes > FIRST_LOAD_BUDGET_BYTES ? 'OVER' : 'PASS';
console.log(`  ${kb(load.gzipBytes).padStart(9)}  total (budget ${kb(FIRST_LOAD_BUDGET_BYTES)}: ${verdict}; limit ${kb(FIRST_LOAD_LIMIT_BYTES)})`);
console.log(`  ${kb(load.wireBytes).padStart(9)}  on the wire (the server's precompressed copies, brotli when the browser takes it)`);
console.log(`floor page (${FLOOR_LIBRARIES}): ${kb(floor.gzipBytes)}; /login is ${(load.gzipBytes / floor.gzipBytes).toFixed(2)}× the floor`);
if (lighthouseFigures) {
  for (const line of lighthouseLines(lighthouseFigures)) console.log(line);
  recordLighthouse(performanceFile, lighthouseFigures);
}
if (tile)
  console.log(
    `first feed tile of a signed-in /home (loopback, empty cache): median ${tile.tileMs} ms = ${(tile.tileMs / tile.formMs).toFixed(1)}× ` +
      `the sign-in form's ${tile.formMs} ms (runs ${tile.runs.join(', ')} ms)`,
  );
if (tile)
  appendRow(
    performanceFile,
    'First feed tile of a signed-in /home (loopback, no throttling, empty cache; median of five)',
    '| date | first tile | sign-in form on /login | ratio |\n|---|---|---|---|',
    `| ${new Date().toISOString().slice(0, 10)} | ${tile.tileMs} ms | ${tile.formMs} ms | ${(tile.tileMs / tile.formMs).toFixed(1)}× |`,
  );
if (signIn) recordSignIn(signIn);
if (starts) {
  for (const line of startLines(starts)) console.log(line);
  recordStart(performanceFile, starts);
}
const failures = [
  load.gzipBytes > FIRST_LOAD_LIMIT_BYTES && 'the first load breaks its limit',
  floor.gzipBytes < FLOOR_MIN_BYTES && `the floor page measures under ${kb(FLOOR_MIN_BYTES)}: it did not build or load its libraries`,
  security && (security.ratio > 2 || security.ratio < 0.5) && 'login timing tells unknown addresses from known ones',
  security && security.fiveHundreds > 0 && 'a feed call answered 5xx under load',
  security && (security.health !== 200 || security.login !== 200) && 'health check or sign-in failed beside slow connections',
  feedFailed(feed) && 'a feed run answered other than 2xx',
  uploadsFailed(uploads) && 'an upload or a health check beside the uploads failed',
  ...(mixedLoad ? loadFailures(mixedLoad) : []),
].filter(Boolean);
if (failures.length) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
