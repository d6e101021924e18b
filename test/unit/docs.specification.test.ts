import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/specification.md (issue 24): every requirement of sections 2 to 9 of both specification documents, its status and
 * the test that shows it. This keeps the page true as the code moves: a cited test file, test title, decision record or
 * path that is gone, a deviation without its decision, or a row that is not done and does not say why, fails here.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = 'docs/specification.md';

const STATUSES = ['done', 'deviation', 'partly', 'missing', 'n/a', 'issue 24 (in progress)'] as const;
type Status = (typeof STATUSES)[number];

interface Row {
  id: string;
  requirement: string;
  status: string;
  where: string;
  note: string;
}

/** The cells of a table row, split on the pipes that are not escaped (`\|` stays inside a cell). */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

function rowsOf(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| [AC]\d+\.\d+ \|/.test(line))
    .map((line) => {
      const [id = '', requirement = '', status = '', where = '', note = ''] = cells(line);
      return { id, requirement, status, where, note };
    });
}

/** A test's title as the doc cites it, without the annotation that may follow it in the cell. */
const TEMPLATE_PART = /\$\{[^}]*\}|%[sdijfoO#%]/;

/**
 * The literal part of a cited title that must be in the test file: the text before its first template part (or, for a
 * title that starts with one, the first literal piece), cut to 60 characters. Titles end at the next link, a line
 * break, a dash or a remark in brackets; a reasonable prefix, so punctuation after a title does not matter.
 */
function titleProbe(cited: string): string {
  const pieces = cited
    .replace(/\\\|/g, '|')
    .split(TEMPLATE_PART)
    .map((piece) => piece.replace(/[\s,;.()]+$/, ''));
  const first = pieces[0]!.trim() ? pieces[0]! : (pieces.find((piece) => piece.trim().length >= 3) ?? '');
  return first.trimStart().slice(0, 60).trimEnd();
}

/** Every `[path](target) › title` of a note: the link's target and the cited title (empty when none is cited). */
function citationsOf(note: string): { target: string; title: string }[] {
  const found: { target: string; title: string }[] = [];
  const link = /\[[^\]]*\]\(([^)]+)\)(?: › )?/g;
  let match: RegExpExecArray | null;
  while ((match = link.exec(note))) {
    const target = match[1]!;
    if (!target.startsWith('../test/')) continue;
    let title = '';
    if (match[0].endsWith(' › ')) {
      const rest = note.slice(link.lastIndex);
      const end = [rest.indexOf('<br>'), rest.indexOf(' — '), rest.indexOf('['), rest.indexOf(' (`')].filter((i) => i >= 0);
      title = rest.slice(0, end.length ? Math.min(...end) : rest.length).trim();
    }
    found.push({ target, title });
  }
  return found;
}

interface Files {
  exists: (path: string) => boolean;
  read: (path: string) => string;
}

/** What is wrong with the page: one line per problem, naming the row. */
function problemsOf(markdown: string, files: Files): string[] {
  const problems: string[] = [];
  const rows = rowsOf(markdown);
  const seen = new Set<string>();
  for (const row of rows) {
    const at = `${row.id}:`;
    if (seen.has(row.id)) problems.push(`${at} the id is used twice`);
    seen.add(row.id);
    if (!STATUSES.includes(row.status as Status)) problems.push(`${at} unknown status "${row.status}"`);
    if (!row.requirement) problems.push(`${at} no requirement`);

    for (const [, target] of `${row.note} ${row.where}`.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      if (!files.exists(join('docs', target!))) problems.push(`${at} links ${target}, which does not exist`);
    }
    for (const [, code] of `${row.where} ${row.note}`.matchAll(/`([^`]+)`/g)) {
      const path = code!.split(/[\s:#(]/)[0]!;
      if (/^(src|machines|server|contracts|scripts|test|docs)\//.test(path) && !files.exists(path))
        problems.push(`${at} names ${path}, which does not exist`);
    }
    const citations = citationsOf(row.note);
    for (const { target, title } of citations) {
      const file = join('docs', target);
      if (!title || !files.exists(file)) continue;
      const probe = titleProbe(title);
      const text = files.read(file);
      const holds = (part: string) => text.includes(part) || text.includes(part.replace(/'/g, "\\'"));
      // A title that is mostly template parts (`%s → %s`) is found as written; others by their literal prefix.
      if (!holds(title.replace(/\\\|/g, '|')) && (probe.length < 3 || !holds(probe)))
        problems.push(`${at} cites "${title}", which ${target} does not hold`);
    }

    const says = row.note.replace(/[—\s-]/g, '').length > 0;
    if (row.status === 'done' && citations.length === 0) problems.push(`${at} is done but cites no test`);
    if (row.status === 'deviation' && !/\]\(decisions\/[^)]+\.md\)/.test(row.note)) problems.push(`${at} is a deviation without its decision record`);
    if (['missing', 'partly', 'n/a'].includes(row.status) && !says) problems.push(`${at} is ${row.status} and does not say why`);
  }

  // The summary counts the rows as they are.
  for (const status of STATUSES) {
    const line = markdown.split('\n').find((l) => l.startsWith(`| ${status} |`));
    const total = line ? Number(cells(line)[3]) : NaN;
    const counted = rows.filter((row) => row.status === status).length;
    if (total !== counted) problems.push(`summary: ${status} says ${total}, the rows say ${counted}`);
  }
  return problems;
}

const disk: Files = {
  exists: (path) => existsSync(join(ROOT, path)),
  read: (path) => readFileSync(join(ROOT, path), 'utf8'),
};

describe('docs/specification.md', () => {
  const markdown = readFileSync(join(ROOT, DOC), 'utf8');
  const rows = rowsOf(markdown);

  it('has rows for sections 2 to 9 of both documents', () => {
    const sections = new Set(rows.map((row) => row.id.split('.')[0]));
    for (const doc of ['A', 'C']) for (let section = 2; section <= 9; section++) expect(sections).toContain(`${doc}${section}`);
    expect(rows.length).toBeGreaterThan(300);
  });

  it('cites only tests, titles, decisions and paths that exist, and every row not done says why', () => {
    expect(problemsOf(markdown, disk)).toEqual([]);
  });

  it('numbers the rows of each section 1, 2, 3 … in order', () => {
    const next = new Map<string, number>();
    for (const row of rows) {
      const [section, number] = row.id.split('.');
      expect(Number(number), row.id).toBe((next.get(section!) ?? 0) + 1);
      next.set(section!, Number(number));
    }
  });
});

describe('the checks of docs/specification.md', () => {
  const files: Files = {
    exists: (path) => ['test/unit/x.test.ts', 'docs/decisions/001-a.md', 'src/a.ts'].includes(path),
    read: () => "it('opens the door', …); it('counts ${n} things', …); it('doesn\\'t wait', …)",
  };
  const page = (...rows: string[]) =>
    ['| Status | A | C | Both |', ...STATUSES.map((s) => `| ${s} | 0 | 0 | ${rows.filter((r) => r.includes(`| ${s} |`)).length} |`), ...rows].join(
      '\n',
    );
  const test = (title: string) => `[test/unit/x.test.ts](../test/unit/x.test.ts) › ${title}`;

  it('pass a good page: a title with a template part, an escaped quote, a remark after a title, a decision', () => {
    const good = page(
      `| A2.1 | r | done | \`src/a.ts\` | ${test('opens the door')} (\`#hash\`)<br>${test('counts ${n} things')} |`,
      `| A2.2 | r | deviation | — | [001](decisions/001-a.md); ${test("doesn't wait")} |`,
      '| A2.3 | r | missing | — | Not built: no server for it. |',
      '| A2.4 | r | issue 24 (in progress) | — |  |',
    );
    expect(problemsOf(good, files)).toEqual([]);
  });

  it('find a missing test file, an unknown title, a missing decision or path, and rows that do not say why', () => {
    const bad = page(
      `| A2.1 | r | done | \`src/gone.ts\` | [test/unit/y.test.ts](../test/unit/y.test.ts) › opens the door |`,
      `| A2.2 | r | done | — | ${test('closes the door')} |`,
      '| A2.3 | r | deviation | — | [002](decisions/002-b.md) |',
      '| A2.4 | r | missing | — | — |',
      '| A2.5 | r | done | — | works |',
      '| A2.6 | r | maybe | — | x |',
    );
    expect(problemsOf(bad, files)).toEqual([
      'A2.1: links ../test/unit/y.test.ts, which does not exist',
      'A2.1: names src/gone.ts, which does not exist',
      'A2.2: cites "closes the door", which ../test/unit/x.test.ts does not hold',
      'A2.3: links decisions/002-b.md, which does not exist',
      'A2.4: is missing and does not say why',
      'A2.5: is done but cites no test',
      'A2.6: unknown status "maybe"',
    ]);
  });

  it('find a summary that no longer counts the rows', () => {
    const stale = page('| A2.1 | r | missing | — | Not built. |').replace('| missing | 0 | 0 | 1 |', '| missing | 0 | 0 | 2 |');
    expect(problemsOf(stale, files)).toEqual(['summary: missing says 2, the rows say 1']);
  });
});
