/**
 * The start-up and memory figures of `npm run bench` (issue 10):
 *  - cold start: `node scripts/start.js` (what `npm start` runs, the app and the server already built) on a new data
 *    folder, to the first healthy health check;
 *  - warm start: the same on a folder a server used before;
 *  - the floor: Fastify alone (scripts/floor/bareFastify.js) started the same way;
 * each the median of three runs, the three kinds taking turns; and the server's resident memory (now and its peak,
 * from /proc) read by `residentMemory` after a load run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appendRow } from './lighthouse/report';

/**
 * The node flags `npm start` runs the server with (package.json's start script; a test keeps the two alike): a young
 * generation of 2 MB semi-spaces instead of 16, which keeps about 60 MB less resident under load at no cost in
 * throughput here (decision 052).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

export interface StartedServer {
  ms: number;
  pid: number;
  stop: () => Promise<void>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `script` with node on `port` and a data folder (new unless given) and waits until its health check answers. */
export async function startServer(
  root: string,
  script: string,
  port: number,
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<StartedServer & { dataDir: string }> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const started = performance.now();
  const flags = script === 'scripts/start.js' ? SERVER_NODE_FLAGS : [];
  const child: ChildProcess = spawn(process.execPath, [...flags, path.join(root, script)], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: `http://localhost:${port}`, ...options.env },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited during start-up`);
    try {
      if ((await fetch(`http://localhost:${port}/api/healthcheck`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  return {
    ms,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process now and at its peak, in MB (Linux's /proc). */
export function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export interface StartFigures {
  coldMs: number;
  warmMs: number;
  floorMs: number;
  runs: { cold: number[]; warm: number[]; floor: number[] };
}

/** Cold, warm and floor starts, `rounds` of each in turn (the app must be built: a first start does that). */
export async function startBench(root: string, port: number, rounds = 3): Promise<StartFigures> {
  const runs = { cold: [] as number[], warm: [] as number[], floor: [] as number[] };
  const used = mkdtempSync(path.join(tmpdir(), 'atrium-bench-used-'));
  try {
    // A folder a server used and left: the warm starts open it.
    await (await startServer(root, 'scripts/start.js', port, { dataDir: used })).stop();
    for (let round = 0; round < rounds; round++) {
      const cold = await startServer(root, 'scripts/start.js', port);
      runs.cold.push(cold.ms);
      await cold.stop();
      const warm = await startServer(root, 'scripts/start.js', port, { dataDir: used });
      runs.warm.push(warm.ms);
      await warm.stop();
      const floor = await startServer(root, 'scripts/floor/bareFastify.js', port);
      runs.floor.push(floor.ms);
      await floor.stop();
    }
  } finally {
    rmSync(used, { recursive: true, force: true });
  }
  return { coldMs: median(runs.cold), warmMs: median(runs.warm), floorMs: median(runs.floor), runs };
}

/** The target: a cold start within 3 s. */
export const COLD_START_TARGET_MS = 3000;
/** The target: the PGlite server's resident memory after the load run within 300 MB. */
export const MEMORY_TARGET_MB = 300;

export function startLines(figures: StartFigures): string[] {
  const ms = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  const verdict = figures.coldMs <= COLD_START_TARGET_MS ? 'PASS' : 'OVER';
  return [
    'start-up (node scripts/start.js, built; median of the runs, kinds in turn):',
    `  cold (new data folder)   ${Math.round(figures.coldMs)} ms = ${(figures.coldMs / figures.floorMs).toFixed(1)}× bare Fastify (target ≤ ${COLD_START_TARGET_MS} ms: ${verdict}; runs ${ms(figures.runs.cold)})`,
    `  warm (used data folder)  ${Math.round(figures.warmMs)} ms = ${(figures.warmMs / figures.floorMs).toFixed(1)}× bare Fastify (runs ${ms(figures.runs.warm)})`,
    `  bare Fastify             ${Math.round(figures.floorMs)} ms (runs ${ms(figures.runs.floor)})`,
  ];
}

/** Adds today's start-up row to docs/performance.md. */
export function recordStart(file: string, f: StartFigures, day = new Date().toISOString().slice(0, 10)) {
  appendRow(
    file,
    'Start-up (npm start, built; medians of three runs)',
    '| date | cold (new folder) | warm (used folder) | bare Fastify | cold ratio | warm ratio |\n|---|---|---|---|---|---|',
    `| ${day} | ${Math.round(f.coldMs)} ms | ${Math.round(f.warmMs)} ms | ${Math.round(f.floorMs)} ms | ${(f.coldMs / f.floorMs).toFixed(1)}× | ${(f.warmMs / f.floorMs).toFixed(1)}× |`,
  );
}
