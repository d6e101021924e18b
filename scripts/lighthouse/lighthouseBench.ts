/**
 * The Lighthouse figures of `npm run bench` (issue 10): Lighthouse's default mobile run (emulated phone, simulated
 * slow 4G and CPU), median of five runs each, the pages interleaved so the machine's load falls on all of them alike:
 *  - /login against a static no-JS page of the same form, and against the floor page (scripts/floor/: one form on
 *    React, TanStack Router, XState, react-intl and Stitches alone);
 *  - a signed-in /home against the same static page.
 * The static and floor pages are served by Fastify with @fastify/static configured as the app's server configures it
 * (the build's brotli and gzip copies, the same cache headers), so the comparison is of the pages, not the servers.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { precompressFolder } from '../build/precompress';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { buildFloorPage } from '../floor/floorPage';
import { assetCacheControl } from '../../server/lib/appPage';
import { HOME_BUILDING_COOKIE } from '../../contracts/boot';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** A folder to keep every run's whole report in (`LIGHTHOUSE_REPORTS=dir`), to read what a figure is made of. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;

export interface PageFigures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
}

export interface LighthouseResult {
  login: PageFigures;
  home: PageFigures;
  staticPage: PageFigures;
  floor: PageFigures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The reference pages in one folder: the static form at /static/, the built floor page at / (its route is /login). */
async function referenceSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-lh-'));
  await buildFloorPage(dir);
  mkdirSync(path.join(dir, 'static'));
  copyFileSync(path.join(here, 'staticLogin.html'), path.join(dir, 'static', 'index.html'));
  precompressFolder(dir);
  const app = Fastify();
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => void reply.header('cache-control', assetCacheControl(path.relative(dir, file))),
  });
  // The floor page's router owns /login, as the app's does.
  app.get('/login', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the comparison against the app at `appOrigin`, signing in with `login` for /home. `debugPort` is the port
 * Chromium opens for Lighthouse.
 */
export async function lighthouseBench(appOrigin: string, login: { email: string; password: string }, debugPort = 9333): Promise<LighthouseResult> {
  const site = await referenceSite();
  const profile = mkdtempSync(path.join(tmpdir(), 'atrium-lh-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    /**
     * The person's session, kept in this profile's storage for the /home run (the other runs clear the origin's
     * storage, as Lighthouse does by default), then the HTTP cache emptied: /home is measured on a cold cache too.
     */
    const signIn = async () => {
      await page.goto(`${appOrigin}/login`);
      const email = page.getByLabel('Work email');
      // Still signed in from the last round (a run's storage reset may leave the session): /login leads home.
      await Promise.race([email.waitFor(), page.waitForURL('**/home')]);
      if (await email.isVisible()) {
        await email.fill(login.email);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('Password', { exact: true }).fill(login.password);
        await page.getByRole('button', { name: /Sign in|Log in/ }).click();
        await page.waitForURL('**/home');
      }
      // A returning person's browser knows their building (the cookie the page paints its hero from, decision 059):
      // leaving before the app has chosen the building would measure a first visit instead.
      await page.getByTestId('hero').waitFor();
      const deadline = Date.now() + 10_000;
      while (!(await context.cookies(appOrigin)).some((cookie) => cookie.name === HOME_BUILDING_COOKIE)) {
        if (Date.now() > deadline) throw new Error(`no ${HOME_BUILDING_COOKIE} cookie after signing in`);
        await page.waitForTimeout(100);
      }
      await page.goto('about:blank');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    };

    const run = async (url: string, keepSession: boolean): Promise<PageFigures> => {
      const result = await lighthouse(url, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // A run clears the origin's storage by default, which would sign the person out of /home.
        disableStorageReset: keepSession,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        const name = `${String(++reportCount).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
        writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
      }
      // A measured page that led elsewhere (signed in on /login, signed out on /home) measured the wrong page.
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
        bytes: audit('total-byte-weight'),
      };
    };

    /** Nobody signed in on the app's origin (its storage cleared), so /login is measured as a visitor sees it. */
    const signOut = async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: appOrigin, storageTypes: 'all' });
      await cdp.detach();
    };

    const samples: Record<keyof LighthouseResult, PageFigures[]> = { login: [], home: [], staticPage: [], floor: [] };
    for (let i = 0; i < RUNS; i++) {
      await signOut();
      samples.login.push(await run(`${appOrigin}/login`, false));
      samples.staticPage.push(await run(`${site.origin}/static/`, false));
      samples.floor.push(await run(`${site.origin}/login`, false));
      await signIn();
      samples.home.push(await run(`${appOrigin}/home`, true));
    }
    const summary = (list: PageFigures[]): PageFigures => ({
      score: median(list.map((f) => f.score)),
      lcpMs: median(list.map((f) => f.lcpMs)),
      cls: median(list.map((f) => f.cls)),
      tbtMs: median(list.map((f) => f.tbtMs)),
      bytes: median(list.map((f) => f.bytes)),
    });
    return { login: summary(samples.login), home: summary(samples.home), staticPage: summary(samples.staticPage), floor: summary(samples.floor) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await site.close();
  }
}
