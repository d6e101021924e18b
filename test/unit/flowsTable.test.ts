// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flowTable, readMeasured, rewriteTable, tableProblems } from '../../scripts/flowsTable.js';

/**
 * The README's flow table (issue 25): every machine of machines/ has a row, and a model coverage item by its id; the
 * check `npm test` runs after the model suites (scripts/flowsTable.js) finds a figure that differs from the measured
 * one, a "no model" for a measured machine and a measured machine the table leaves out, and `npm run flows:table`
 * writes the measured figures in.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const modules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });
const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'id' in value;

describe("the README's flow table", () => {
  const { rows } = flowTable(readme);

  it.each(Object.keys(modules).map((file) => [file.replace('../../', '')]))('has a row for %s, with a coverage item for its machine', (file) => {
    const ids = Object.values(modules[`../../${file}`]!)
      .filter(isMachine)
      .map((m) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    const name = path.basename(file);
    const row = rows.find((r) => r.cells[1]!.includes(file) || r.cells[1]!.includes(`\`${name}\``));
    expect(row, `no row of the flow table names ${file}`).toBeDefined();
    for (const id of ids) expect(row!.items.some((item) => item.startsWith(`\`${id}\` `))).toBe(true);
  });

  const table = [
    '| flow | machine | view | routes | tests | model coverage | wiring |',
    '|---|---|---|---|---|---|---|',
    '| a | `machines/a/a.machine.ts` | — | `/a\\|b` | — | `a` 3/4 | — |',
    '| b | `machines/b/b.machine.ts` | — | — | — | `b` no model: its rules are unit-tested | — |',
    '| c | rules | — | — | — | no machine: rules only | — |',
    '',
  ].join('\n');

  it('agrees with a measurement that gives the same figures', () => {
    expect(tableProblems(table, readMeasured('{"machine":"a","reached":3,"total":4,"flow":"a"}\n'))).toEqual([]);
  });

  it('names a figure that differs, a "no model" that now has one, and a measured machine it leaves out', () => {
    const measured = readMeasured(
      [
        '{"machine":"a","reached":2,"total":4,"flow":"x"}',
        '{"machine":"a","reached":4,"total":4,"flow":"y"}',
        '{"machine":"b","reached":5,"total":5,"flow":"b"}',
        '{"machine":"z","reached":1,"total":2,"flow":"z"}',
      ].join('\n'),
    );
    expect(tableProblems(table, measured)).toEqual([
      'a: the table says 3/4, the model suites measured 4/4',
      'b: the table says no model, the model suites measured 5/5',
      'z: measured 1/2, but no row of the table names it (add `z` 1/2 to its row)',
    ]);
    const rewritten = rewriteTable(table, measured);
    expect(rewritten).toContain('| a | `machines/a/a.machine.ts` | — | `/a\\|b` | — | `a` 4/4 | — |');
    expect(rewritten).toContain('`b` 5/5');
    expect(tableProblems(rewritten, measured)).toEqual(['z: measured 1/2, but no row of the table names it (add `z` 1/2 to its row)']);
  });

  it('names a figure no suite measured', () => {
    expect(tableProblems(table, readMeasured(''))).toEqual(['a: the table says 3/4, but no model suite measured it']);
  });
});
