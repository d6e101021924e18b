import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './browser';
import { AuthPages, HomePage, signInThroughStorage } from './pages';
import { newTenant, type Tenant } from './tenant';

/** The statechart visualizer (/__statecharts, src/ui/statecharts/StatechartsPage.tsx) of development builds. */

let browser: Browser;
let tenant: Tenant;
beforeAll(async () => {
  [browser, tenant] = await Promise.all([launchBrowser(), newTenant()]);
});

/** The machines `npm run statecharts` draws, by file name. */
const DIAGRAMS = readdirSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'statecharts'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.replace(/\.md$/, ''))
  // In the visualizer's order: alphabetical as a person reads it (bookableResources before bookResource).
  .sort((a, b) => a.localeCompare(b));

/** The visualizer, with verbs for what a person reads and does on it. */
class Visualizer {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/__statecharts');
    await this.page.getByRole('heading', { level: 1, name: 'Statechart visualizer' }).waitFor();
  }

  machines() {
    return this.page.getByTestId('machine').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.file));
  }

  chart() {
    return this.page.getByTestId('statechart');
  }

  /** A running actor of that machine whose state starts with `state`. */
  actor(machine: string, state = '') {
    // `[data-state^=""]` would match nothing.
    return this.page.locator(`[data-testid="actor"][data-machine="${machine}"]${state ? `[data-state^="${state}"]` : ''}`);
  }

  step() {
    return this.page.getByTestId('step');
  }

  activeStates() {
    return this.chart()
      .locator('[data-active="true"]')
      .evaluateAll((states) => states.map((s) => (s as SVGElement).dataset.state));
  }
}

describe('the statechart visualizer', () => {
  it('lists every machine of docs/statecharts/ and draws one offline', async () => {
    const { page, context } = await newPage(browser);
    const elsewhere: string[] = [];
    // Nothing it draws comes from another origin.
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL()).origin) elsewhere.push(request.url());
    });
    const visualizer = new Visualizer(page);
    await visualizer.open();
    await expect.poll(() => visualizer.machines()).toEqual(DIAGRAMS);
    // The session machine is drawn first: a box for each of its states, nested, and arrows with their events.
    await visualizer.chart().waitFor();
    expect(await visualizer.chart().getAttribute('data-machine')).toBe('session');
    for (const state of ['signedOut', 'signedIn', 'signedIn.active', 'restoring'])
      expect(await visualizer.chart().locator(`[data-state="${state}"]`).count(), state).toBe(1);
    expect(await visualizer.chart().locator('[data-edge^="session.logout"]').count()).toBeGreaterThan(0);

    await page.locator('[data-testid="machine"][data-file="contentDetail"]').click();
    await page.locator('[data-testid="statechart"][data-machine="contentDetail"]').waitFor();
    expect(await visualizer.chart().locator('[data-state="loaded.deciding"]').count()).toBe(1);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it("follows another tab's actors live, steps back, exports without personal data and loads the export", async () => {
    const { page, context } = await newPage(browser);
    const visualizer = new Visualizer(page);
    await visualizer.open();
    await visualizer.chart().waitFor();

    // Another tab of the same browser signs in and opens a content from the home feed.
    const app = await context.newPage();
    await signInThroughStorage(app, tenant.person);
    await new AuthPages(app).seeHome(tenant.person.first_name);
    const home = new HomePage(app);
    await home.ready();
    // The visualizer hears the tab's session signed in, and the flows of its screen.
    await visualizer.actor('session', 'signedIn').waitFor();
    await visualizer.actor('home').waitFor();
    await home.tile('Morning yoga on the terrace').click();
    await app.locator('#content-title').waitFor();
    await visualizer.actor('contentDetail', 'loaded').waitFor();

    // Its content flow: the last snapshot is loaded, one back it was loading.
    await visualizer.actor('contentDetail', 'loaded').click();
    await page.locator('[data-testid="statechart"][data-machine="contentDetail"]').waitFor();
    await expect.poll(() => visualizer.step().getAttribute('data-state')).toMatch(/^loaded\./);
    await expect.poll(() => visualizer.activeStates()).toContain('loaded');
    expect(await visualizer.chart().locator('[data-taken="true"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Previous snapshot' }).click();
    await expect.poll(() => visualizer.step().getAttribute('data-state')).toBe('loading');
    expect(await visualizer.activeStates()).toEqual(['loading']);
    expect(await page.getByTestId('context').innerText()).toContain('"uuid"');
    expect(await page.getByTestId('event-log').getByRole('cell', { name: 'screen.open', exact: true }).count()).toBeGreaterThan(0);

    // The export: a download with no token and no email in it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const auth = await app.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').auth);
    expect(auth.token.length).toBeGreaterThan(20);
    expect(text).toContain('contentDetail');
    expect(text).not.toContain(auth.token);
    expect(text).not.toContain(auth.refreshToken.token);
    expect(text).not.toContain(tenant.person.email);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);

    // The tab leaves the content: its flow stops and leaves the tree.
    await app.goBack();
    await home.ready();
    await visualizer.actor('contentDetail').waitFor({ state: 'detached' });

    // Loaded again, offline: the recording's tree has the content flow as it was.
    await page.getByTestId('import').setInputFiles(file);
    await page.getByTestId('loaded-recording').waitFor();
    await visualizer.actor('contentDetail', 'loaded').click();
    await expect.poll(() => visualizer.step().getAttribute('data-state')).toMatch(/^loaded\./);
    await page.getByRole('button', { name: 'Back to live' }).click();
    await visualizer.actor('contentDetail').waitFor({ state: 'detached' });
    await app.close();
    await context.close();
  });

  it.each(['light', 'dark'] as const)('has no serious or critical accessibility violations in %s, and fits 360 px', async (scheme) => {
    const { page, context } = await newPage(browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 360, height: 740 });
    const visualizer = new Visualizer(page);
    await visualizer.open();
    await visualizer.chart().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page, scheme === 'dark' ? { colourRules: true } : {})).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await context.close();
  });
});
