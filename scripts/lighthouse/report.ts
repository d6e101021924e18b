import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { LighthouseResult } from './lighthouseBench';

const ms = (value: number) => `${Math.round(value)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'OVER');

/** The issue's targets: /login LCP ≤ 2× the static page's and score ≥ the floor page's; /home LCP ≤ 2.5×, CLS ≤ 0.05. */
export function lighthouseLines(r: LighthouseResult): string[] {
  const loginRatio = r.login.lcpMs / r.staticPage.lcpMs;
  const homeRatio = r.home.lcpMs / r.staticPage.lcpMs;
  return [
    'Lighthouse, mobile preset (median of runs, pages interleaved):',
    `  page                 score      LCP      TBT     CLS   bytes`,
    ...(
      [
        ['/login', r.login],
        ['floor page', r.floor],
        ['static page', r.staticPage],
        ['/home (signed in)', r.home],
      ] as const
    ).map(
      ([name, f]) =>
        `  ${name.padEnd(18)} ${String(f.score).padStart(6)} ${ms(f.lcpMs).padStart(8)} ${ms(f.tbtMs).padStart(8)} ${f.cls.toFixed(3).padStart(7)} ${String(Math.round(f.bytes / 1024)).padStart(5)} KiB`,
    ),
    `  /login LCP ${loginRatio.toFixed(2)}× the static page's (target ≤ 2: ${verdict(loginRatio <= 2)}); score ${r.login.score} against the floor page's ${r.floor.score} (${verdict(r.login.score >= r.floor.score)})`,
    `  /home LCP ${homeRatio.toFixed(2)}× the static page's (target ≤ 2.5: ${verdict(homeRatio <= 2.5)}); CLS ${r.home.cls.toFixed(3)} (target ≤ 0.05: ${verdict(r.home.cls <= 0.05)})`,
  ];
}

const INTRO = `# Performance

Figures printed by \`npm run bench\` on the development machine (2 cores; other work may run beside it, so compare the
ratios within a row, not the times across rows). Lighthouse: its default mobile run (emulated phone, simulated slow
4G and CPU), medians of the runs, the pages interleaved; the static and floor pages are served by Fastify configured
as the app's server is (scripts/lighthouse/). A row is added by \`npm run bench\` and \`npm run bench -- --only lighthouse\`.
`;

const LIGHTHOUSE_TABLE = `| date | /login score | floor score | static score | /login LCP | static LCP | /login LCP ratio | /home LCP | /home LCP ratio | /home CLS |
|---|---|---|---|---|---|---|---|---|---|`;

/**
 * Adds `row` as the last row of the table under `heading` in docs/performance.md (the file made, and the section added
 * with `table`'s header, when missing); earlier rows and other sections stay where they are.
 */
export function appendRow(file: string, heading: string | null, table: string, row: string) {
  let text = existsSync(file) ? readFileSync(file, 'utf8') : INTRO;
  if (!text.endsWith('\n')) text += '\n';
  const header = table.split('\n')[0]!;
  if (!text.includes(header)) text += `${heading ? `\n## ${heading}\n` : ''}\n${table}\n`;
  const lines = text.split('\n');
  let at = lines.indexOf(header);
  while (at + 1 < lines.length && lines[at + 1]!.startsWith('|')) at++;
  lines.splice(at + 1, 0, row);
  writeFileSync(file, lines.join('\n'));
}

/** Adds today's Lighthouse row to docs/performance.md; earlier rows stay. */
export function recordLighthouse(file: string, r: LighthouseResult, day = new Date().toISOString().slice(0, 10)) {
  const row =
    `| ${day} | ${r.login.score} | ${r.floor.score} | ${r.staticPage.score} | ${ms(r.login.lcpMs)} | ${ms(r.staticPage.lcpMs)} | ` +
    `${(r.login.lcpMs / r.staticPage.lcpMs).toFixed(2)}× | ${ms(r.home.lcpMs)} | ${(r.home.lcpMs / r.staticPage.lcpMs).toFixed(2)}× | ${r.home.cls.toFixed(3)} |`;
  appendRow(file, null, LIGHTHOUSE_TABLE, row);
}
