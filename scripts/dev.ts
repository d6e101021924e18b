/**
 * `npm run dev`: the API server on API_PORT (default 8080) and Vite with hot reload in front of it; the mini-apps the
 * server serves (scripts/build/miniApps.ts) are rebuilt by esbuild on every change into dist/miniapps/.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { context } from 'esbuild';
import { BUILT_MINI_APPS, miniAppBuildOptions, writeMiniAppPage } from './build/miniApps';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '8080';
const vitePort = process.env.VITE_PORT ?? '5173';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    // The OpenID provider must send the browser back through Vite's port.
    env: { ...process.env, PORT: apiPort, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${vitePort}` },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', vitePort], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
// The mini-apps, unminified with source maps, where the server reads them (its static folder is dist/).
const watchers = await Promise.all(
  BUILT_MINI_APPS.map(async (app) => {
    const outdir = path.join(root, 'dist', 'miniapps', app.name);
    mkdirSync(outdir, { recursive: true });
    const options = miniAppBuildOptions(root, app, outdir, false);
    const watcher = await context({
      ...options,
      plugins: [
        ...(options.plugins ?? []),
        { name: 'page', setup: (build) => build.onEnd((result) => void (result.errors.length ? null : writeMiniAppPage(root, app, outdir))) },
      ],
    });
    await watcher.watch();
    return watcher;
  }),
);
const stop = () => {
  children.forEach((child) => child.kill('SIGTERM'));
  void Promise.all(watchers.map((w) => w.dispose()));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
