/**
 * `npm test`: every check and test of the project, arranged for a two-core machine (decisions 140, 141, 157).
 *  1. The browser tests' build of the app, with the type check beside it.
 *  2. As soon as the build is in: the browser tests and the unit, model and server tests as two Vitest runs at once,
 *     each one file at a time, and the other static checks (lint with the layer rules, statecharts and API document
 *     fresh) beside them. The browser tests spend much of their time waiting on Chromium, the network and the page;
 *     the other tests and the checks fill that time.
 * A check that fails has its whole output printed and stops the tests. The tests' two runs both go to their end; the
 * exit code is 1 when anything failed. At the end it prints the whole run's time and its ten slowest files.
 *
 * `npm run check` (`--check`) is the fast gate while working: the type check and the lint, then the unit and model
 * tests (no build, no server, no browser).
 *
 * Both: the model suites write their coverage figures to a file of the run (ATRIUM_MODEL_COVERAGE,
 * test/model/coverage.ts); after the tests it is kept as the last measurement and the README's flow table is checked
 * against it (scripts/flowsTable.js: `npm run flows:table` rewrites the table from it).
 */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReadme, LAST_MEASUREMENT } from './flowsTable.js';

const started = Date.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const checkOnly = process.argv.includes('--check');

/** The static checks and the build, as [label, command, arguments, extra environment]. */
const firstSteps = [
  // TypeScript 7, the native compiler, in one thread: on two cores the tests beside it want the other (decision 211).
  [
    'type check',
    process.execPath,
    [path.join(root, 'node_modules', 'typescript7', 'bin', 'tsc'), '--noEmit', '--singleThreaded', '-p', 'tsconfig.json'],
  ],
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['statecharts fresh', 'npm', ['run', '-s', 'statecharts:check']],
  ['API document fresh', 'npm', ['run', '-s', 'api:check']],
  // The build the browser tests serve (with the development kit page, decision 060); their global set-up then finds it fresh.
  ['build for the browser tests', process.execPath, [path.join(root, 'scripts', 'start.js'), '--build-only'], { VITE_DEV_KIT: 'true' }],
];

/** Runs one step with its output kept; resolves with its exit code and output. */
function runQuietly([label, command, args, env = {}]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${seconds} s)`);
      resolve({ label, code: code ?? 1, output });
    });
  });
}

/** Runs the steps with at most `width` at a time; answers the failed ones. */
async function runSideBySide(steps, width) {
  const queue = [...steps];
  const failed = [];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const result = await runQuietly(step);
      if (result.code !== 0) failed.push(result);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return failed;
}

/**
 * The browser tests and the other tests as two Vitest runs at once: Vitest runs a project whose files go one at a time
 * in a group of its own, after the others, so one run of every project would not overlap them. Each run also writes
 * its JSON report, from which the run's slowest files are listed at the end. A run is a process group of its own
 * (its workers, app servers and browsers), so that a failed check can stop it whole.
 */
/**
 * The server tests that need Redis (`*.redis.test.ts`, issue 27) run where one answers: TEST_REDIS_URL when it is set
 * (.ci/run sets it, so CI fails if that Redis is not there), else the usual 127.0.0.1:6379 when something listens there.
 * On a machine with neither they are left out, and the run says so at its start and its end (decision 224).
 */
const redisAnswers = (host, port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
let redisNote = null;
if (!checkOnly && !process.env.TEST_REDIS_URL) {
  if (await redisAnswers('127.0.0.1', 6379)) process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
  else {
    redisNote =
      'Left out: the server tests that need Redis (test/server/*.redis.test.ts): nothing answers on 127.0.0.1:6379. ' +
      'Start redis-server or set TEST_REDIS_URL to run them (.ci/run does).';
    console.log(redisNote);
  }
}

const reports = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
const modelCoverage = path.join(reports, 'model-coverage.jsonl');
const runs = new Set();
const runVitest = (name, projects) =>
  new Promise((resolve) => {
    const report = path.join(reports, `${name}.json`);
    const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const env = { ...process.env, ATRIUM_MODEL_COVERAGE: modelCoverage };
    const child = spawn(bin('vitest'), args, { cwd: root, stdio: 'inherit', detached: true, env });
    runs.add(child);
    child.on('close', (code) => {
      runs.delete(child);
      resolve(code ?? 1);
    });
  });
const stopRuns = () => {
  for (const child of runs) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
};
process.on('SIGINT', () => {
  stopRuns();
  process.exit(130);
});

/** Prints the failed checks' output; true when there were any (the tests are stopped then). */
const reportFailed = (failed) => {
  for (const { label, output } of failed) console.error(`\n── ${label} ──\n${output}`);
  return failed.length > 0;
};

let codes;
if (checkOnly) {
  if (reportFailed(await runSideBySide(firstSteps.slice(0, 2), 2))) process.exit(1);
  codes = await Promise.all([runVitest('others', ['unit', 'model'])]);
} else {
  const [typeCheck, lint, statecharts, apiDocument, build] = firstSteps;
  // The build first, the type check beside it; the tests start when the build is in.
  const typeChecked = runQuietly(typeCheck);
  const built = await runQuietly(build);
  if (built.code !== 0) {
    reportFailed([built, ...[await typeChecked].filter((r) => r.code !== 0)]);
    process.exit(1);
  }
  const tests = Promise.all([runVitest('browser', ['e2e']), runVitest('others', ['unit', 'model', 'server'])]);
  const checks = Promise.all([typeChecked.then((r) => (r.code !== 0 ? [r] : [])), runSideBySide([lint, statecharts, apiDocument], 1)]).then((lists) =>
    lists.flat(),
  );
  const failedChecks = await checks;
  if (failedChecks.length > 0) {
    stopRuns();
    await tests;
    reportFailed(failedChecks);
    console.error('\nThe tests were stopped: a check failed.');
    process.exit(1);
  }
  codes = await tests;
}

/** Each test file's wall time, from the runs' JSON reports (a run that wrote none adds nothing). */
function fileTimes() {
  const files = [];
  for (const name of ['browser', 'others']) {
    try {
      const report = JSON.parse(readFileSync(path.join(reports, `${name}.json`), 'utf8'));
      for (const file of report.testResults) files.push({ file: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
    } catch {
      /* that run ended before its report */
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds);
}
/** The README's flow table against the figures the model suites measured in this run (none ran: nothing to check). */
let tableStale = false;
if (existsSync(modelCoverage)) {
  mkdirSync(path.dirname(LAST_MEASUREMENT), { recursive: true });
  copyFileSync(modelCoverage, LAST_MEASUREMENT);
  const message = checkReadme(modelCoverage);
  if (message) {
    console.error(`\nFAIL flow table\n${message}`);
    tableStale = true;
  } else console.log('\nok   flow table (README.md: the model coverage figures are the measured ones)');
}

const slowest = fileTimes().slice(0, 10);
rmSync(reports, { recursive: true, force: true });
const total = (Date.now() - started) / 1000;
console.log(
  `\nnpm ${checkOnly ? 'run check' : 'test'}: ${Math.floor(total / 60)} min ${Math.round(total % 60)} s in all. The ten slowest test files:`,
);
for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
if (redisNote) console.log(`\n${redisNote}`);
process.exit(codes.some((code) => code !== 0) || tableStale ? 1 : 0);
