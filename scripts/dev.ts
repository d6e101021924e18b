/** `npm run dev`: the API server on API_PORT (default 8080) and Vite with hot reload in front of it. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
