import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, settled } from './browser';
import { demoInPlaza } from './api';
import { HomePage, signedInPage } from './pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** A call by what it asks for (the path without uuids or query). */
const callOf = (url: string) =>
  new URL(url).pathname.replace(/^\/api/, '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}');

/**
 * Loads /home and expects every layout shift not caused by the person, as the browser reports it (the Layout
 * Instability API), to add up to at most 0.05; each with what moved (element, id, class, before → after), so a failure
 * says which part of the page it was.
 */
async function expectNoLayoutShift(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: { value: number; at: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const named = (node?: Node) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).split(' ')[0]}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            at: Math.round(entry.startTime),
            moved: entry.sources.map((s) => `${named(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/home');
  await new HomePage(page).ready();
  await page.waitForLoadState('networkidle');
  await settled(page);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] }).__shifts);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(cls, `shifts ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.05);
}

describe('start-up of a kept session on /home', () => {
  it('sends every call as soon as what it needs is known: no call waits for an answer it does not use', async () => {
    const { context } = await signedInPage(browser);
    const page = await context.newPage();
    // Each API call's start and end, in the order the browser saw them.
    const log: { at: 'start' | 'end'; call: string }[] = [];
    const api = (url: string) => new URL(url).pathname.startsWith('/api/');
    page.on('request', (r) => api(r.url()) && r.resourceType() !== 'eventsource' && log.push({ at: 'start', call: callOf(r.url()) }));
    page.on('requestfinished', (r) => api(r.url()) && log.push({ at: 'end', call: callOf(r.url()) }));
    await page.goto('/home');
    const home = new HomePage(page);
    await home.jumpBar().waitFor();
    await page.waitForLoadState('networkidle');

    const index = (at: 'start' | 'end', call: string) => {
      const i = log.findIndex((entry) => entry.at === at && entry.call === call);
      expect(i, `${at} of ${call} in ${JSON.stringify(log)}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    const userChecked = index('end', '/users/current');
    // The building needs only the kept user: its list, detail, theme and permissions leave beside the session check.
    for (const call of ['/tenant/v1/users/current/buildings', '/tenant/v1/buildings/{id}', '/buildings/{id}/theme', '/user-permissions/v1'])
      expect(index('start', call), call).toBeLessThan(userChecked);
    // The feed's first calls need only the building: they leave together, before any of them answers.
    const feed = ['/tenant/v1/buildings/{id}/categories', '/tenant/v2/buildings/{id}/promoted-content', '/tenant/v1/buildings/{id}/utility-buttons'];
    const firstFeedAnswer = Math.min(...feed.map((call) => index('end', call)));
    for (const call of feed) expect(index('start', call), call).toBeLessThan(firstFeedAnswer);
    // Each category's content needs the category's id: it follows the categories call, and nothing else.
    const categoriesAnswered = index('end', '/tenant/v1/buildings/{id}/categories');
    const contents = log.filter((e) => e.at === 'start' && e.call === '/tenant/v2/buildings/{id}/categories/{id}/content');
    expect(contents.length).toBeGreaterThan(2);
    expect(log.indexOf(contents[0]!)).toBeGreaterThan(categoriesAnswered);
    // No call was asked twice (a language arriving, or the session's confirmation, loads nothing again).
    const once = log.filter((e) => e.at === 'start' && !/^\/(flags|analytics)\//.test(e.call) && !e.call.endsWith('/content')).map((e) => e.call);
    expect(once).toEqual([...new Set(once)]);
    await context.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])
    it(`moves nothing once shown (cumulative layout shift at most 0.05) at ${viewport.width}px`, async () => {
      const { context } = await signedInPage(browser);
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await expectNoLayoutShift(page);
      await context.close();
    });

  it('keeps the promoted picture’s place before it comes (nothing under it moves when it does)', async () => {
    const { context } = await signedInPage(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    // Every content picture held until the boxes are measured: what the page reserves for it is what shows (routing
    // turns the HTTP cache off, so a picture an earlier test loaded is asked for again).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/content/**', async (route) => {
      await held;
      await route.fulfill({ response: await route.fetch() }).catch(() => undefined);
    });
    await page.goto('/home');
    const promoted = page.getByRole('region', { name: 'Featured' }).locator('img');
    await promoted.waitFor();
    const box = (await promoted.boundingBox())!;
    expect(await promoted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
    // 40 % of the content's width at the picture's ratio, capped at 280 px: what it takes once in.
    expect(Math.round(box.height)).toBeGreaterThanOrEqual(250);
    release();
    await context.close();
  });

  it('moves nothing when the spotlight answers last, and empty (the feed below it drawn only once it has answered)', async () => {
    const { demo, plaza } = await demoInPlaza();
    const categories = await demo.call<{ uuid: string; group: string }[]>(`/tenant/v1/buildings/${plaza}/categories?active=true&lang=en`);
    const spotlight = new Set(categories.filter((c) => c.group === 'spotlight').map((c) => c.uuid));
    expect(spotlight.size).toBeGreaterThan(0);
    let othersLeft = categories.length - spotlight.size;
    let othersDone!: () => void;
    const othersAnswered = new Promise<void>((resolve) => (othersDone = resolve));

    const { context } = await signedInPage(browser);
    const page = await context.newPage();
    // Tall enough that the spotlight's place and the discover categories under it are in view: a shift out of view counts for nothing.
    await page.setViewportSize({ width: 1366, height: 1600 });
    // Every other category's content as the server answers it; the spotlight's held until those are in and drawn, then empty.
    await page.route('**/api/tenant/v2/buildings/*/categories/*/content*', async (route) => {
      const uuid = new URL(route.request().url()).pathname.split('/categories/')[1]!.split('/')[0]!;
      if (!spotlight.has(uuid)) {
        await route.fulfill({ response: await route.fetch() });
        if (--othersLeft === 0) othersDone();
        return;
      }
      await othersAnswered;
      // Two frames: what the other answers bring is painted before the spotlight's answer comes.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await route.fulfill({ json: { data: [] } });
    });
    await expectNoLayoutShift(page);
    expect(await new HomePage(page).jumps()).not.toContain('Happening this week');
    await context.close();
  });
});
