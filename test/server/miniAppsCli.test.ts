import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseArgs, run, UsageError } from '../../scripts/miniapps.js';

const add = (...extra: string[]) =>
  parseArgs(['add', '--name', 'Lunch', '--url', 'https://lunch.example.com/app/', '--origin', 'https://lunch.example.com', ...extra]);

describe('npm run miniapps -- add: the command line', () => {
  it('reads a registration with its origins, scopes and frame attributes', () => {
    expect(
      add('--scope', 'user,token', '--scope', 'storage', '--allow', 'camera; clipboard-write', '--sandbox', 'allow-scripts allow-forms'),
    ).toEqual({
      command: 'add',
      app: {
        name: 'Lunch',
        baseUrl: 'https://lunch.example.com/app/',
        origins: ['https://lunch.example.com'],
        scopes: ['user', 'token', 'storage'],
        allow: 'camera; clipboard-write',
        sandbox: 'allow-scripts allow-forms',
      },
    });
    expect(add()).toMatchObject({ app: { sandbox: 'allow-scripts allow-forms allow-same-origin allow-popups', allow: '', scopes: [] } });
    expect(parseArgs(['list'])).toEqual({ command: 'list' });
    expect(parseArgs(['remove', 'https://lunch.example.com/app/'])).toEqual({ command: 'remove', target: 'https://lunch.example.com/app/' });
    expect(parseArgs([])).toEqual({ command: 'help' });
  });

  it.each([
    [['--origin', 'https://lunch.example.com/path'], /exact http\(s\) origin/],
    [['--origin', 'ftp://lunch.example.com'], /exact http\(s\) origin/],
    [['--origin', 'not an origin'], /http\(s\) origin/],
    [['--origin', 'https://user:pw@lunch.example.com'], /exact/],
    [['--scope', 'admin'], /Unknown scope "admin"/],
    [['--scope', 'user,everything'], /Unknown scope "everything"/],
    [['--sandbox', 'allow-scripts allow-everything'], /Unknown sandbox keyword/],
    [['--allow', 'camera "><script>'], /not a frame allow attribute/],
    [['--uuid', 'x'], /must be a uuid/],
    [['--color', 'red'], /Unknown option --color/],
    [['--name'], /needs a value/],
  ])('refuses %j', (extra, message) => {
    expect(() => add(...extra)).toThrow(message);
  });

  it('refuses a registration without name, URL or origin, a URL that is not http(s), or whose own origin is not listed', () => {
    expect(() => parseArgs(['add', '--url', 'https://a.example/', '--origin', 'https://a.example'])).toThrow(/--name/);
    expect(() => parseArgs(['add', '--name', 'A', '--origin', 'https://a.example'])).toThrow(/--url/);
    expect(() => parseArgs(['add', '--name', 'A', '--url', 'https://a.example/'])).toThrow(/--origin/);
    expect(() => parseArgs(['add', '--name', 'A', '--url', 'javascript:alert(1)', '--origin', 'https://a.example'])).toThrow(/http\(s\)/);
    expect(() => parseArgs(['add', '--name', 'A', '--url', '/relative/', '--origin', 'https://a.example'])).toThrow(/absolute/);
    expect(() => parseArgs(['add', '--name', 'A', '--url', 'https://a.example/', '--origin', 'https://b.example'])).toThrow(
      /must be one of the --origin/,
    );
    expect(() => parseArgs(['remove'])).toThrow(UsageError);
    expect(() => parseArgs(['frobnicate'])).toThrow(/Unknown command/);
  });
});

describe('npm run miniapps: the registry', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'atrium-miniapps-cli-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('adds, lists and removes a mini-app in the data folder', async () => {
    const env = { DATA_DIR: folder };
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      const command = add('--scope', 'user,visits', '--uuid', '11111111-2222-4333-8444-555555555555');
      await run(command as Exclude<typeof command, { command: 'help' }>, env);
      expect(printed.at(-1)).toMatch(/Registered Lunch as 11111111-2222-4333-8444-555555555555/);
      await expect(run(command as Exclude<typeof command, { command: 'help' }>, env)).rejects.toThrow(
        /registered at https:\/\/lunch.example.com\/app\/ already/,
      );
      await run({ command: 'list' }, env);
      expect(printed.join('\n')).toContain('origins https://lunch.example.com');
      expect(printed.join('\n')).toContain('scopes user visits');
      await run({ command: 'remove', target: '11111111-2222-4333-8444-555555555555' }, env);
      await expect(run({ command: 'remove', target: '11111111-2222-4333-8444-555555555555' }, env)).rejects.toThrow(/No mini-app/);
    } finally {
      log.mockRestore();
    }
  });
});
