import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A production build (no VITE_DEV_KIT) carries none of the development tools: not the statechart visualizer, its
 * recorder or elkjs (docs/decisions/202-statechart-visualizer.md), not the kit page (decision 060). The browser tests'
 * own build (dist/, VITE_DEV_KIT=true, made by the global set-up) has them, which proves the marks below find them.
 * A production build takes a few seconds here (Vite 8), so it is made in full, into a folder of its own.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'atrium-production-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Chunk and asset names of the development tools' modules. */
const DEV_FILES = /statechart|inspectionTap|machineGraph|elk|KitPage/i;
/** Text only their code has: the recorder's channel, elkjs's own package names, the visualizer's heading. */
const DEV_TEXT = ['atrium-statecharts', 'org.eclipse.elk', 'Statechart visualizer', 'Atrium design kit'];

/** What of the development tools a build's scripts carry (source maps left out: they hold the sources as written). */
function devToolsIn(dir: string): string[] {
  const assets = readdirSync(path.join(dir, 'assets')).filter((name) => name.endsWith('.js') || name.endsWith('.css'));
  const found = assets.filter((name) => DEV_FILES.test(name));
  for (const name of assets) {
    const text = readFileSync(path.join(dir, 'assets', name), 'utf8');
    for (const mark of DEV_TEXT) if (text.includes(mark)) found.push(`${name}: ${mark}`);
  }
  return found;
}

describe('the production build', () => {
  it('has no statechart visualizer, recorder, elkjs or kit page; the tests build has them', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
    delete env.VITE_DEV_KIT;
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(build.status, build.stderr).toBe(0);
    expect(devToolsIn(outDir)).toEqual([]);

    const inTestsBuild = devToolsIn(path.join(root, 'dist')).join('\n');
    for (const mark of ['StatechartsPage', 'inspectionTap', 'statechartRecorder', 'elk.bundled', 'atrium-statecharts', 'org.eclipse.elk'])
      expect(inTestsBuild).toContain(mark);
  });
});
