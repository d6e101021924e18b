import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FIRST_LOAD_BUDGET_BYTES, measureFirstLoad } from '../../scripts/firstLoad';
import { baseURL, launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('first load of /login', () => {
  it(`stays within ${FIRST_LOAD_BUDGET_BYTES / 1024} KB of gzipped JavaScript and CSS`, async () => {
    const load = await measureFirstLoad(browser, `${baseURL()}/login`);
    expect(load.files.length).toBeGreaterThan(0);
    // Screens past sign-in are their own chunks: none of them may be part of the first load.
    expect(load.files.map((f) => f.url).filter((url) => /HomePage/.test(url))).toEqual([]);
    expect(load.gzipBytes, load.files.map((f) => `${f.url} ${f.gzipBytes}`).join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });
});
