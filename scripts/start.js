/**
 * `npm start`: builds what is missing or older than its sources (the app with Vite, the server with esbuild into one
 * JavaScript file), then runs the server in this process: node itself, no TypeScript loader (decision 052). The
 * server serves the app and the API on one port (PORT, default 8080).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appSources = ['src', 'machines', 'contracts', 'public', 'index.html', 'vite.config.ts', 'scripts/build', 'package.json'];
const serverSources = ['server', 'contracts', 'scripts/start.js', 'package.json'];
/** The server's bundle: outside dist/, which the server serves to browsers. */
const serverBundle = path.join(root, '.build', 'server.js');

/** The newest modification time under `entry` (a file or a folder), 0 when it does not exist. */
function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(entry, name))));
}

/** Whether `output` is missing or older than one of `sources`. */
const stale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newest));

function run(args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const rebuild = process.argv.includes('--build');
// A build with the development kit page (VITE_DEV_KIT=true, the browser tests) is not the one `npm start` serves, and
// the other way round: the build notes how it was made, and a different wish builds again (decision 060).
const flavourFile = path.join(root, 'dist', '.build-flavour');
const flavour = process.env.VITE_DEV_KIT === 'true' ? 'dev-kit' : 'production';
const builtFlavour = existsSync(flavourFile) ? readFileSync(flavourFile, 'utf8').trim() : 'production';
if (rebuild || builtFlavour !== flavour || stale(path.join(root, 'dist', 'index.html'), appSources)) {
  console.log('Building the app…');
  // Always the production build, whatever NODE_ENV the server itself runs with.
  run([path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
  writeFileSync(flavourFile, `${flavour}\n`);
}
if (rebuild || stale(serverBundle, serverSources)) {
  console.log('Building the server…');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages load from node_modules as they are; only the project's own TypeScript is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

// `--build-only`: the builds alone (npm test makes the browser tests' build beside its other checks).
if (!process.argv.includes('--build-only')) await import(pathToFileURL(serverBundle).href);
