import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/startBench';
import { projectRoot } from '../../server/paths';

describe('npm start', () => {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

  it('runs node itself on the start script, with the flags the bench and the browser tests start the server with', () => {
    expect(pkg.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'scripts/start.js'].join(' '));
  });

  it('finds the project root from the server modules (the bundle reads migrations and seeds from there)', () => {
    expect(readFileSync(path.join(projectRoot, 'server', 'db', 'seed.ts'), 'utf8')).toContain('seedDemoData');
  });
});
