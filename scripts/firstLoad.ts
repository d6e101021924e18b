import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** The target for the first load of /login: `npm run bench` prints it and marks the figure PASS or OVER. */
export const FIRST_LOAD_BUDGET_BYTES = 125 * 1024;
/**
 * The ceiling the first load may not break today (test/e2e/budget.test.ts, and `npm run bench` fails over it), a
 * regression guard above the 154.5 KB measured after the one-actor-system work (the app chart's screen and
 * coordination rules, the route-loaded screens). It is not the target: FIRST_LOAD_BUDGET_BYTES is, and the bench
 * prints OVER until the signed-in actors (building, header menu, global error, kiosk, consent) and the farm selector
 * load after sign-in (issue 9, item 10, left open); then the test asserts the budget itself.
 */
export const FIRST_LOAD_LIMIT_BYTES = 157 * 1024;

export interface FirstLoad {
  files: { url: string; type: 'script' | 'stylesheet'; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * Opens a page in a fresh context and adds up the JavaScript and CSS it fetches until the network is idle,
 * each file measured as gzip would send it (level 9, as a compressing proxy or CDN would).
 */
export async function measureFirstLoad(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<FirstLoad['files'][number] | null>[] = [];
  page.on('response', (response) => {
    const resource = response.request().resourceType();
    if (resource !== 'script' && resource !== 'stylesheet') return;
    const type: 'script' | 'stylesheet' = resource;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), type, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByLabel('Work email').waitFor();
  const files = (await Promise.all(pending)).filter((f): f is FirstLoad['files'][number] => f !== null);
  await context.close();
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
