/**
 * The README's flow table and the model suites' figures (issue 25; decision 206).
 *
 * A model run writes one JSON line per machine it measured, `{ machine, reached, total, flow }`, to the file named by
 * ATRIUM_MODEL_COVERAGE (test/model/coverage.ts); `npm test` and `npm run check` name one for their run, keep it as the
 * last measurement (LAST_MEASUREMENT) and check the table against it. The table's "model coverage" cell holds one
 * item per machine of its row, separated by `; `: `` `machineId` 37/37 `` (the figure a model suite measures; the best
 * of the suites that run the machine), or `` `machineId` no model: why ``; a row of rules alone, `no machine: …`.
 *
 *   npm run flows:table               rewrites the table's figures from the last measurement (a machine that got a
 *                                     model loses its "no model" note for its figure)
 *   npm run flows:table -- --measure  runs the model suites first (a few minutes), then rewrites
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const README = path.join(root, 'README.md');
export const LAST_MEASUREMENT = path.join(root, 'node_modules', '.cache', 'atrium', 'model-coverage.jsonl');
const COVERAGE_COLUMN = 'model coverage';

/** The measured figures by machine id, from a run's JSON lines (a machine several suites run: its best figure). */
export function readMeasured(text) {
  const measured = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const { machine, reached, total } = JSON.parse(line);
    const known = measured.get(machine);
    if (!known || reached > known.reached) measured.set(machine, { reached, total });
  }
  return measured;
}

/** A table row's cells (a `\|` inside a cell is text, not a border). */
const cellsOf = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

const FIGURE = /^`([\w.-]+)` (\d+)\/(\d+)$/;
const NO_MODEL = /^`([\w.-]+)` no model: (.+)$/;
/** A row of rules without a machine of their own. */
const NO_MACHINE = /^no machine: .+$/;

/** The flow table: its lines' indexes, the coverage column's index and each row's items. */
export function flowTable(readme) {
  const lines = readme.split('\n');
  const header = lines.findIndex((line) => /^\| flow \| machine \|/.test(line));
  if (header < 0) throw new Error('README.md has no flow table (a header starting "| flow | machine |")');
  const column = cellsOf(lines[header]).indexOf(COVERAGE_COLUMN);
  if (column < 0) throw new Error(`README.md's flow table has no "${COVERAGE_COLUMN}" column`);
  const rows = [];
  for (let i = header + 2; i < lines.length && lines[i].startsWith('|'); i++) {
    const cells = cellsOf(lines[i]);
    const items = (cells[column] ?? '').split(/;\s*/).filter(Boolean);
    rows.push({ line: i, cells, flow: cells[0], items });
  }
  return { lines, column, rows };
}

/** What is wrong between the table and a measurement, as sentences (none: they agree). */
export function tableProblems(readme, measured) {
  const { rows } = flowTable(readme);
  const problems = [];
  const listed = new Set();
  for (const row of rows) {
    if (row.items.length === 0) problems.push(`the row "${row.flow}" has no model coverage item`);
    for (const item of row.items) {
      if (NO_MACHINE.test(item)) continue;
      const figure = FIGURE.exec(item);
      const none = NO_MODEL.exec(item);
      if (!figure && !none) {
        problems.push(`the row "${row.flow}": "${item}" is neither \`machine\` reached/total nor \`machine\` no model: why`);
        continue;
      }
      const machine = (figure ?? none)[1];
      listed.add(machine);
      const found = measured.get(machine);
      if (figure && !found) problems.push(`${machine}: the table says ${figure[2]}/${figure[3]}, but no model suite measured it`);
      if (figure && found && (found.reached !== Number(figure[2]) || found.total !== Number(figure[3])))
        problems.push(`${machine}: the table says ${figure[2]}/${figure[3]}, the model suites measured ${found.reached}/${found.total}`);
      if (none && found) problems.push(`${machine}: the table says no model, the model suites measured ${found.reached}/${found.total}`);
    }
  }
  for (const [machine, { reached, total }] of measured)
    if (!listed.has(machine))
      problems.push(`${machine}: measured ${reached}/${total}, but no row of the table names it (add \`${machine}\` ${reached}/${total} to its row)`);
  return problems;
}

/** The README with the table's figures (and the "no model" items of machines now measured) from a measurement. */
export function rewriteTable(readme, measured) {
  const { lines, column, rows } = flowTable(readme);
  for (const row of rows) {
    const items = row.items.map((item) => {
      const machine = (FIGURE.exec(item) ?? NO_MODEL.exec(item))?.[1];
      const found = machine && measured.get(machine);
      return found ? `\`${machine}\` ${found.reached}/${found.total}` : item;
    });
    const cells = [...row.cells];
    cells[column] = items.join('; ');
    lines[row.line] = `| ${cells.join(' | ')} |`;
  }
  return lines.join('\n');
}

/** The check `npm test` runs after the model suites: null when the table agrees, else the message to print. */
export function checkReadme(measurementFile) {
  const measured = readMeasured(readFileSync(measurementFile, 'utf8'));
  const problems = tableProblems(readFileSync(README, 'utf8'), measured);
  if (problems.length === 0) return null;
  return [
    "README.md's flow table does not give the model coverage the model suites measured:",
    ...problems.map((p) => `  - ${p}`),
    'Run `npm run flows:table` to write the measured figures into it (this run kept them), then commit README.md.',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--measure')) {
    mkdirSync(path.dirname(LAST_MEASUREMENT), { recursive: true });
    writeFileSync(LAST_MEASUREMENT, '');
    const run = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'model'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ATRIUM_MODEL_COVERAGE: LAST_MEASUREMENT },
    });
    if (run.status !== 0) console.error('The model suites failed; the figures below are those of the suites that ran.');
  }
  if (!existsSync(LAST_MEASUREMENT) || !readFileSync(LAST_MEASUREMENT, 'utf8').trim()) {
    console.error('No measurement yet: run `npm test`, `npm run check` or `npm run flows:table -- --measure`.');
    process.exit(1);
  }
  const measured = readMeasured(readFileSync(LAST_MEASUREMENT, 'utf8'));
  const readme = readFileSync(README, 'utf8');
  const next = rewriteTable(readme, measured);
  if (next !== readme) writeFileSync(README, next);
  const problems = tableProblems(next, measured);
  console.log(
    next !== readme ? 'README.md: the flow table has the measured figures now.' : 'README.md: the flow table had the measured figures already.',
  );
  if (problems.length > 0) {
    console.error(problems.map((p) => `  - ${p}`).join('\n'));
    process.exit(1);
  }
}
