/**
 * `npm start`: builds the app when the build is missing or older than its sources, then serves the app and
 * the API on one port (PORT, default 8080).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['src', 'machines', 'contracts', 'public', 'index.html', 'vite.config.ts', 'scripts/build', 'package.json'];

function newest(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(entry, name))));
}

const built = path.join(root, 'dist', 'index.html');
const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newest));
if (stale || process.argv.includes('--build')) {
  console.log('Building the app…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Always the production build, whatever NODE_ENV the server itself runs with.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main.js');
