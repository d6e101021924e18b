import type { Browser } from 'playwright-core';

/**
 * The first feed tile figure of `npm run bench` (issue 10): a signed-in visit to /home on loopback without throttling,
 * from the navigation to the first feed tile on screen, with an empty HTTP cache each time (the session kept), the
 * median of `runs`. Beside it, the same browser's time to the sign-in form's field on /login signed out: the page's
 * own floor (the page and its code, no API call), so the tile's figure reads as a multiple of it.
 */
export async function firstTileTime(
  browser: Browser,
  origin: string,
  login: { email: string; password: string },
  runs = 5,
): Promise<{ tileMs: number; formMs: number; runs: number[] }> {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const signedOut = await browser.newContext();
  const forms: number[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await signedOut.newPage();
    const started = Date.now();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Work email').waitFor();
    forms.push(Date.now() - started);
    await page.close();
  }
  await signedOut.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Work email').fill(login.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: /Sign in|Log in/ }).click();
  await page.waitForURL('**/home');
  await page.getByTestId('feed-tile').first().waitFor();
  const cdp = await context.newCDPSession(page);
  const tiles: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    const started = Date.now();
    await page.goto(`${origin}/home`);
    await page.getByTestId('feed-tile').first().waitFor();
    tiles.push(Date.now() - started);
  }
  await context.close();
  return { tileMs: median(tiles), formMs: median(forms), runs: tiles };
}
