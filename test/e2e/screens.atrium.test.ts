import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { BRANDS, signedInScreens, sweepSignedIn } from './sweep';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

const brand = BRANDS[0]!;

describe(`every signed-in screen of the ${brand.name} brand`, () => {
  it('has no sideways scroll at 360 and 1366 px, and axe is clean in light and dark', { timeout: 480_000 }, async () => {
    expect(await sweepSignedIn(browser, brand, await signedInScreens(brand))).toEqual([]);
  });
});
