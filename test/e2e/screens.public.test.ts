import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { BRANDS, sweepSignedOut } from './sweep';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

describe('the sweep’s accessibility check', () => {
  it('finds a serious violation in the page and one inside a frame of another origin', async () => {
    const { page, context } = await newPage(browser);
    // A picture without a text alternative (axe's image-alt, critical) in the page, and another in a frame of another
    // origin (a data: document's origin is opaque), as the card frame and mini-apps are.
    const inside = encodeURIComponent('<html lang="en"><title>Inside</title><main><img src="x.png" id="no-alt-inside"></main></html>');
    await page.setContent(`<html lang="en"><head><title>Sweep check</title></head><body><main><h1>Check</h1>
      <img src="x.png" id="no-alt"><iframe title="Another origin" src="data:text/html,${inside}"></iframe></main></body></html>`);
    const violations = await seriousA11yViolations(page);
    expect(violations).toContain('image-alt: #no-alt');
    expect(violations).toContainEqual(expect.stringMatching(/^image-alt: .*#no-alt-inside/));
    await context.close();
  });

  it('in dark, finds a contrast only the dark scheme has, with the colour rules alone', async () => {
    const { page, context } = await newPage(browser);
    await page.setContent(`<html lang="en"><head><title>Dark check</title>
      <style>@media (prefers-color-scheme: dark) { body { background: #111; } #dim { color: #333; } }</style></head>
      <body><main><h1>Check</h1><p id="dim">Hard to read in the dark</p></main></body></html>`);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await seriousA11yViolations(page, { colourRules: true })).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousA11yViolations(page, { colourRules: true })).toContain('color-contrast: #dim');
    await context.close();
  });
});

describe.each(BRANDS)('every signed-out screen of the $name brand', (brand) => {
  it('has no sideways scroll at 360 and 1366 px, and axe is clean in light and dark', { timeout: 240_000 }, async () => {
    expect(await sweepSignedOut(browser, brand)).toEqual([]);
  });
});
