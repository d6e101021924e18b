// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules (eslint.config.js) proven on fixtures: each snippet is linted as if it were a file at the given
 * path, so the import it makes crosses (or keeps to) a layer boundary. A rule that stopped catching its case fails.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rules', () => {
  // ESLint loads its configuration, plugins and import resolver at its first file: set-up, not a rule's check.
  beforeAll(() => problems('src/ui/shell/LintFixture.tsx', 'export const f = 1;\n'), 60_000);

  it.each([
    [
      'a view that calls the API',
      'src/ui/shell/LintFixture.tsx',
      "import { api } from '../../api/client';\nexport const f = api;\n",
      /Views never call the API/,
    ],
    [
      'a view that imports the route tree',
      'src/ui/shell/LintFixture.tsx',
      "import { router } from '../../routes/router';\nexport const f = router;\n",
      /route tree/,
    ],
    [
      'a new view that imports a wiring module',
      'src/ui/shell/LintFixture.tsx',
      "import { homeLogic } from '../../app/screens/home';\nexport const f = homeLogic;\n",
      /no wiring module/,
    ],
    [
      'a route that calls the API',
      'src/routes/lintFixture.tsx',
      "import { track } from '../api/analytics';\nexport const f = track;\n",
      /do not call the API/,
    ],
    ['a machine that imports React', 'machines/home/lintFixture.ts', "import { useState } from 'react';\nexport const f = useState;\n", /no React/],
    [
      'a machine that imports the app',
      'machines/home/lintFixture.ts',
      "import { navigate } from '../../src/app/adapters/navigation';\nexport const f = navigate;\n",
      /nothing from src/,
    ],
    [
      'the server importing a machine',
      'server/lib/lintFixture.ts',
      "import { homeMachine } from '../../machines/home/home.machine.js';\nexport const f = homeMachine;\n",
      /nothing of the machines/,
    ],
    [
      'a contract importing the server',
      'contracts/lintFixture.ts',
      "import { readConfig } from '../server/config.js';\nexport const f = readConfig;\n",
      /depend on nothing/,
    ],
    [
      'a view that reads the search untyped',
      'src/ui/shell/LintFixture.tsx',
      "import { useSearch } from '@tanstack/react-router';\nexport const f = () => useSearch({ strict: false }) as { tab?: string };\n",
      /not \{ strict: false \}/,
    ],
    [
      'a route that asserts a param present',
      'src/routes/lintFixture.tsx',
      'export const f = ({ params }: { params: Record<string, string | undefined> }) => params.suiteId!;\n',
      /typed from its path/,
    ],
    [
      "a hook that asserts a match's param present",
      'src/ui/shell/LintFixture.tsx',
      'export const f = (m: { params: Record<string, string | undefined> }) => m.params.suiteId!;\n',
      /typed from its path/,
    ],
  ])('refuses %s', async (_case, filePath, code, message) => {
    const found = await problems(filePath, code);
    expect(found.join('\n')).toMatch(message);
  });

  it('accepts the same files when they keep to their layer', async () => {
    expect(await problems('src/ui/shell/LintFixture.tsx', "import { useT } from '../../i18n/useT';\nexport const f = useT;\n")).toEqual([]);
    expect(
      await problems(
        'src/ui/shell/LintFixture.tsx',
        "import { getRouteApi } from '@tanstack/react-router';\nconst route = getRouteApi('/account');\nexport const f = () => route.useSearch();\n",
      ),
    ).toEqual([]);
    expect(
      await problems('server/lib/lintFixture.ts', "import { FLAG_DEFAULTS } from '../../contracts/flags.js';\nexport const f = FLAG_DEFAULTS;\n"),
    ).toEqual([]);
    expect(
      await problems('machines/home/lintFixture.ts', "import { FLAG_DEFAULTS } from '../../contracts/flags';\nexport const f = FLAG_DEFAULTS;\n"),
    ).toEqual([]);
  });
});

describe('typed joins (issue 25)', () => {
  beforeAll(() => problems('machines/home/lintFixture.ts', 'export const f = 1;\n'));

  it.each([
    ['a cast on a system lookup in a view', 'src/ui/shell/LintFixture.tsx', "export const f = (app: any) => app.system.get('session') as number;\n"],
    [
      'a cast on a system lookup in a machine',
      'machines/home/lintFixture.ts',
      "export const f = (system: any, self: any) => (system.get('session') ?? self) as number;\n",
    ],
    [
      '`as never` on spawnChild',
      'machines/home/lintFixture.ts',
      "export const f = (enqueue: any, l: unknown) => enqueue.spawnChild(l as never, { id: 'x' });\n",
    ],
    ['`as never` on spawn options', 'machines/home/lintFixture.ts', "export const f = (spawn: any, l: unknown) => spawn(l, { id: 'x' } as never);\n"],
    ['a read of _parent in a machine', 'machines/home/lintFixture.ts', 'export const f = (self: any) => self._parent;\n'],
    ['a _parent field in the app', 'src/devtools/lintFixture.ts', 'export interface RefLike {\n  _parent?: RefLike;\n}\n'],
  ])('refuses %s', async (_case, filePath, code) => {
    const found = await problems(filePath, code);
    expect(found.filter((p) => p.startsWith('no-restricted-syntax'))).toHaveLength(1);
  });

  it('accepts the typed lookup, the spawn helper and a report through the parent-given ref', async () => {
    const code = [
      "import { systemActor } from '../app/system';",
      "import { spawnLoaded } from '../shared/spawn';",
      "export const look = (system: any) => systemActor(system, 'session');",
      "export const start = (l: any) => spawnLoaded(l, { id: 'x', input: {} });",
      'export const report = (context: any) => context.reportTo;',
      '',
    ].join('\n');
    expect((await problems('machines/home/lintFixture.ts', code)).filter((p) => p.startsWith('no-restricted-syntax'))).toEqual([]);
  });
});
