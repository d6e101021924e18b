import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder (the one with package.json), found from wherever this module runs: its TypeScript
 * source under server/, or the server's bundle that `npm start` builds (decision 052). Files the server reads at run
 * time (migrations, the seed's sources, the built app) are named from here, never from a module's own place.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'server'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project root above ${from}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const serverDir = path.join(projectRoot, 'server');
