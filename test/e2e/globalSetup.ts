import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_FLAGS } from '../../scripts/startBench';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app server per worker (E2E_WORKERS): a worker's files run one after another against its own. */
    baseURLs: string[];
    /** The server's token signing key, so a test can make a token of an older version as an old client holds. */
    jwtSecret: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** How many browser-test files run at once, each worker against a server of its own (decision 141). */
export const e2eWorkers = () => Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Starts one app server as `npm start` does on its own port and a fresh PGlite folder; answers its stop. */
async function startServer(port: number, jwtSecret: string): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-e2e-'));
  const baseURL = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'start.js')], {
    cwd: root,
    // SENSITIVE_RATE_LIMIT: every browser test signs in from this one address, dozens of times a minute when the
    // machine is quick; the per-address limit is the server tests' to prove (the per-account lock stays on here).
    // VITE_DEV_KIT: the build carries the development kit page (/__kit), which test/e2e/kit.test.ts opens (decision 060).
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseURL,
      JWT_SECRET: jwtSecret,
      VITE_DEV_KIT: 'true',
      SENSITIVE_RATE_LIMIT: '100000',
      // The same for the per-person write limits (decision 145): the shared demo people write from many files.
      WRITE_LIMIT_FACTOR: '1000',
      // No load shedding (issue 27): the browsers and the other tests share two cores with the server, whose event
      // loop waits on them at times; a shed 503 there would be a flaky test, not a finding. The server tests prove it.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_HEAP_USED_MB: '0',
      // A widget for the home to embed while its flag is on (decision 203): a page of this site stands in for a vendor's.
      EMBEDDED_WIDGET_URL: '/legal/terms.html',
      EMBEDDED_WIDGET_TITLE: 'Building notices',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app server on ${port} exited early:\n${output}`);
    try {
      const answer = await fetch(`${baseURL}/api/healthcheck`);
      if (answer.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the app server on ${port} did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Ports nothing listens on now, as the system hands them out: a server left running elsewhere cannot collide. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '0.0.0.0', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts the app as `npm start` does (build when stale, then a server for app and API), once per worker, on ports
 * the system hands out free (or from E2E_PORT up, when set), each on a fresh PGlite folder, and stops them after the browser tests. The first server
 * builds when the build is stale and makes the day's data-folder copy; the others then start from both.
 */
export default async function setup(project: TestProject) {
  const jwtSecret = randomBytes(32).toString('base64url');
  const ports = process.env.E2E_PORT
    ? Array.from({ length: e2eWorkers() }, (_, i) => Number(process.env.E2E_PORT) + i)
    : await freePorts(e2eWorkers());
  const stops = [await startServer(ports[0]!, jwtSecret)];
  stops.push(...(await Promise.all(ports.slice(1).map((port) => startServer(port, jwtSecret)))));
  project.provide(
    'baseURLs',
    ports.map((port) => `http://localhost:${port}`),
  );
  project.provide('jwtSecret', jwtSecret);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
