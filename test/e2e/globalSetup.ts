import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_FLAGS } from '../../scripts/startBench';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    port: number;
    /** The server's token signing key, so a test can make a token of an older version as an old client holds. */
    jwtSecret: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Starts the app as `npm start` does (build when stale, then one server for app and API) on its own port and a
 * fresh PGlite folder, and stops it after the browser tests.
 */
export default async function setup(project: TestProject) {
  const port = Number(process.env.E2E_PORT ?? 18080);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-e2e-'));
  const baseURL = `http://localhost:${port}`;
  const jwtSecret = randomBytes(32).toString('base64url');
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app server exited early:\n${output}`);
    try {
      const answer = await fetch(`${baseURL}/api/healthcheck`);
      if (answer.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the app server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('port', port);
  project.provide('jwtSecret', jwtSecret);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
