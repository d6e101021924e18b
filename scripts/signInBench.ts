import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * "Sign in" to the first feed image (issue 26), in Chromium throttled as DevTools' Slow 4G: 563 ms round trip,
 * 180 kB/s down, 84 kB/s up. Each run is a new browser context (an empty cache, no session) that loads /login under
 * the throttle, types the demo login as a person would (the page may fetch what it likes meanwhile), and is timed
 * from the click on "Sign in" to the first feed tile's picture decoded on screen. Beside it, the floor: a static page
 * whose button makes one request and then shows one image (the same picture's bytes), timed the same way. Medians of
 * `runs`.
 */
export const SLOW_4G = { latency: 563, downloadThroughput: 180 * 1024, uploadThroughput: 84 * 1024 } as const;

export interface SignInFigures {
  signInMs: number;
  floorMs: number;
  runs: number[];
  floorRuns: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function throttled(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  return { context, page };
}

/** Milliseconds from the click on the page's `button` to the first `img` matching `selector` decoded with a size. */
async function clickToImage(page: Page, button: () => Promise<void>, selector: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { benchClickAt?: number };
    delete w.benchClickAt;
    document.addEventListener('click', () => (w.benchClickAt ??= performance.now()), { capture: true, once: true });
  });
  await button();
  const handle = await page.waitForFunction(
    (sel) => {
      const img = document.querySelector<HTMLImageElement>(sel);
      const clickedAt = (window as unknown as { benchClickAt?: number }).benchClickAt;
      return img && img.complete && img.naturalWidth > 0 && clickedAt !== undefined ? performance.now() - clickedAt : false;
    },
    selector,
    { polling: 'raf', timeout: 60_000 },
  );
  return Math.round(Number(await handle.jsonValue()));
}

/** A page on its own port: a button that fetches one small JSON answer, then shows the image it names. */
async function floorServer(image: Buffer, type: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const page = `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Floor</title>
<button id="go">Sign in</button><main id="out"></main>
<script>document.getElementById('go').addEventListener('click', async () => {
  const { src } = await (await fetch('/data.json', { method: 'POST' })).json();
  const img = new Image(); img.alt = ''; img.src = src; img.className = 'shown'; document.getElementById('out').append(img);
});</script></html>`;
  const server: Server = createServer((request, response) => {
    if (request.url === '/data.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ src: `/image?${Date.now()}` }));
    } else if (request.url?.startsWith('/image')) {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(image);
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const FEED_IMAGE = '[data-testid="feed-tile"] img';

export async function signInToFeedImage(
  browser: Browser,
  origin: string,
  login: { email: string; password: string },
  runs = 5,
): Promise<SignInFigures> {
  const times: number[] = [];
  let firstImage: string | null = null;
  for (let run = 0; run < runs; run++) {
    const { context, page } = await throttled(browser);
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.getByLabel('Work email').fill(login.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(login.password);
    // Whatever the page fetches while a person types is done before they press the button.
    await page.waitForLoadState('networkidle');
    times.push(await clickToImage(page, () => page.getByRole('button', { name: /Sign in|Log in/ }).click(), FEED_IMAGE));
    firstImage ??= await page
      .locator(FEED_IMAGE)
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    await context.close();
  }

  const picture = await fetch(firstImage!);
  const floor = await floorServer(Buffer.from(await picture.arrayBuffer()), picture.headers.get('content-type') ?? 'image/jpeg');
  const floorRuns: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const { context, page } = await throttled(browser);
      await page.goto(floor.origin, { waitUntil: 'networkidle' });
      floorRuns.push(await clickToImage(page, () => page.click('#go'), 'img.shown'));
      await context.close();
    }
  } finally {
    await floor.close();
  }
  return { signInMs: median(times), floorMs: median(floorRuns), runs: times, floorRuns };
}

export function signInLines(figures: SignInFigures): string[] {
  return [
    `"Sign in" to the first feed image, Slow 4G (563 ms, 180 kB/s): median ${figures.signInMs} ms (target 3500 ms: ` +
      `${figures.signInMs <= 3500 ? 'PASS' : 'OVER'}) = ${(figures.signInMs / figures.floorMs).toFixed(2)}× a static page's one request ` +
      `and one image, ${figures.floorMs} ms (runs ${figures.runs.join(', ')} ms; floor ${figures.floorRuns.join(', ')} ms)`,
  ];
}
