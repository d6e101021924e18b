// @vitest-environment node
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One naming rule for test files (docs/testing.md, "Test file names"; decision 208): `<subject>[.<aspect>…].test.ts[x]`,
 * every part lowerCamelCase (a letter first, then letters and digits) and the parts joined by dots: `session.machine.test.ts`,
 * `content.race.test.ts`, `authFlow.model.test.tsx`, `devMailbox.test.ts`. No hyphens, underscores or capitals first,
 * and no `.spec.` files.
 */
export const TEST_FILE_NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*\.test\.tsx?$/;

const root = path.resolve(import.meta.dirname, '..', '..');

/** Every file under the folders that hold tests, whose name says it is one (`.test.` or `.spec.`). */
function testLikeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testLikeFiles(full);
    return /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

describe('test file names', () => {
  it('every test file follows the one rule', () => {
    const files = ['test', 'src', 'machines', 'server', 'contracts', 'scripts'].flatMap((dir) => testLikeFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !TEST_FILE_NAME.test(path.basename(file)))).toEqual([]);
  });

  it.each([
    ['session.machine.test.ts', true],
    ['content.race.test.ts', true],
    ['authFlow.model.test.tsx', true],
    ['screens.public.test.ts', true],
    ['content-race.test.ts', false],
    ['content_race.test.ts', false],
    ['ContentRace.test.ts', false],
    ['content.spec.ts', false],
    ['content..race.test.ts', false],
  ])('%s follows it: %s', (name, follows) => {
    expect(TEST_FILE_NAME.test(name)).toBe(follows);
  });
});
