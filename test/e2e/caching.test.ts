import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

describe('a repeat visit', () => {
  it('to /login transfers no JavaScript or CSS: every file comes from the browser’s cache, not even revalidated', async () => {
    const { page, context } = await newPage(browser, { coldCache: true });
    await page.goto('/login');
    await page.getByLabel('Work email').waitFor();
    await page.waitForLoadState('networkidle');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const files = new Map<string, { url: string; cached: boolean; status: number | null }>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Script' || event.type === 'Stylesheet') files.set(event.requestId, { url: event.request.url, cached: false, status: null });
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const file = files.get(event.requestId);
      if (file) file.cached = true;
    });
    cdp.on('Network.responseReceived', (event) => {
      const file = files.get(event.requestId);
      if (!file) return;
      file.status = event.response.status;
      if (event.response.fromDiskCache || event.response.fromPrefetchCache) file.cached = true;
    });
    // A new visit, not a reload (a reload asks the server again on purpose).
    await page.goto('about:blank');
    await page.goto('/login');
    await page.getByLabel('Work email').waitFor();
    await page.waitForLoadState('networkidle');

    expect(files.size).toBeGreaterThan(2);
    const transferred = [...files.values()].filter((file) => !file.cached).map((file) => `${file.status} ${new URL(file.url).pathname}`);
    expect(transferred).toEqual([]);
    await context.close();
  });
});
