// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the guides name exists (issue 25): every repository path written in backticks in README.md,
 * docs/architecture.md and docs/testing.md, and every test file they cite by name. A renamed or removed file
 * that a guide still names fails here, with the guide and the name.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const GUIDES = ['README.md', 'docs/architecture.md', 'docs/testing.md'];
const ROOTS = ['src', 'machines', 'server', 'test', 'contracts', 'scripts', 'docs', 'public', 'public-miniapps'];
const ROOT_FILES = /^(eslint\.config\.js|vite\.config\.ts|vitest\.config\.ts|tsconfig\.json|package\.json|index\.html)$/;

/** The backticked spans of a Markdown text (inline code only; fenced blocks are drawings). */
export function backticked(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}

/** A span that is a repository path: under a known folder, no placeholder, no spaces; `ui/…` is the view column's `src/ui/…`. */
export function repoPath(span: string): string | null {
  const candidate = span.replace(/[.,;:]$/, '');
  if (/[\s<>{}*|$?=[\]()]/.test(candidate) || candidate.includes('…') || candidate.includes('...')) return null;
  if (ROOT_FILES.test(candidate)) return candidate;
  if (candidate.startsWith('ui/')) return `src/${candidate}`;
  const first = candidate.split('/')[0]!;
  if (!candidate.includes('/') || !ROOTS.includes(first)) return null;
  if (!/\.[a-z]+$/i.test(candidate) && !candidate.endsWith('/')) return /^[\w./-]+$/.test(candidate) ? candidate : null;
  return candidate;
}

/** Every file under test/, relative to the repository. */
function testFiles(dir = path.join(root, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? testFiles(path.join(dir, entry.name)) : [path.relative(root, path.join(dir, entry.name))],
  );
}

/** A test file name a guide cites (`visitorCheckIn.test.ts`, `screens.*.test.ts`) as a pattern over file names. */
const namePattern = (name: string) => new RegExp(`^${name.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);

describe('the guides name what exists', () => {
  const files = testFiles().map((f) => path.basename(f));

  it.each(GUIDES)('every repository path in backticks in %s exists', (guide) => {
    const text = readFileSync(path.join(root, guide), 'utf8');
    const missing = [
      ...new Set(
        backticked(text)
          .map(repoPath)
          .filter((p): p is string => p !== null),
      ),
    ].filter((p) => !existsSync(path.join(root, p)));
    expect(missing, `${guide} names paths that do not exist`).toEqual([]);
  });

  it.each(GUIDES)('every test file %s cites by name exists', (guide) => {
    const text = readFileSync(path.join(root, guide), 'utf8');
    const cited = [...new Set([...text.matchAll(/[\w.*<>-]+\.test\.tsx?/g)].map((m) => m[0]).filter((name) => !/[<>]/.test(name)))];
    const missing = cited.filter((name) => !files.some((file) => namePattern(name).test(file)));
    expect(missing, `${guide} cites test files that do not exist`).toEqual([]);
  });

  it('reads paths and leaves prose, placeholders and shorthands alone', () => {
    expect(backticked('see `src/app/appActor.ts`, `npm test` and\n```\nnot/this.ts\n```')).toEqual(['src/app/appActor.ts', 'npm test']);
    expect(
      [
        'src/app/appActor.ts',
        'ui/shell/Startup.tsx',
        'machines/<area>/<flow>.machine.ts',
        'npm test',
        'Feed.tsx',
        'eslint.config.js',
        'docs/statecharts/',
      ].map(repoPath),
    ).toEqual(['src/app/appActor.ts', 'src/ui/shell/Startup.tsx', null, null, null, 'eslint.config.js', 'docs/statecharts/']);
    expect(['visitorCheckIn.test.ts', 'screens.*.test.ts'].map((name) => files.some((file) => namePattern(name).test(file)))).toEqual([true, true]);
    expect(files.some((file) => namePattern('noSuch.test.ts').test(file))).toBe(false);
  });
});
