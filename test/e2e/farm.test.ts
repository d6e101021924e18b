import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { AuthPages } from './pages';

const DEMO = { email: 'demo@northwind.example', password: 'Atrium!2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** The farm selector and the farm bar, with verbs that read like what a person does. */
class FarmPages {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Choose a farm' });
  }

  bar() {
    return this.page.getByRole('complementary', { name: 'Farm in use' });
  }

  async openSelector(auth: AuthPages) {
    await auth.enterEmail('#farm');
    await this.dialog().waitFor();
  }

  async seeFarm(description: string) {
    await this.dialog().getByRole('radio', { name: description }).waitFor();
  }

  async typeCustomUrl(value: string) {
    const field = this.dialog().getByLabel('Custom URL');
    await field.fill(value);
    await field.blur();
  }

  async chooseFarm(description: string) {
    await this.dialog().getByRole('radio', { name: description }).check();
    await this.dialog().getByRole('button', { name: 'Use this farm' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  async chooseCustomUrl(value: string) {
    await this.typeCustomUrl(value);
    await this.dialog().getByRole('button', { name: 'Use this farm' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  unavailable() {
    return this.page.getByRole('alert').filter({ has: this.page.getByRole('heading', { name: "We can't reach the service right now" }) });
  }

  /** Presses Tab until `name`'s button has focus (at most `max` times), then Enter: the keyboard alone. */
  async pressWithKeyboard(name: string, max = 5) {
    const button = this.page.getByRole('button', { name, exact: true });
    for (let presses = 0; !(await button.evaluate((el) => el === document.activeElement)); presses++) {
      expect(presses, `${max} presses of Tab never reached "${name}"`).toBeLessThan(max);
      await this.page.keyboard.press('Tab');
    }
    await this.page.keyboard.press('Enter');
  }

  persistedFarm() {
    return this.page.evaluate(() => (JSON.parse(localStorage.getItem('root') ?? '{}') as { farm?: unknown }).farm ?? null);
  }
}

describe('the farm selector', () => {
  it('lists the farms, refuses a bad custom URL, uses the chosen farm for sign-in, and shows the bar except on /webview', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    const farms = new FarmPages(page);
    await auth.open();
    expect(await farms.bar().count()).toBe(0);

    await farms.openSelector(auth);
    await farms.seeFarm('Local (this server)');
    await farms.seeFarm('Staging');
    await farms.dialog().getByText('/api', { exact: true }).waitFor();

    await farms.typeCustomUrl('staging.example');
    await farms.dialog().getByRole('alert').filter({ hasText: 'Invalid Farm url' }).waitFor();

    await farms.chooseFarm('Local (this server)');
    await farms.bar().getByText('Farm: Local (this server) (/api)').waitFor();
    expect(await farms.persistedFarm()).toMatchObject({ description: 'Local (this server)', url: '/api' });
    expect(await auth.fieldValue('Work email')).toBe('');

    // Every call now goes to the farm's API base: signing in still works against it.
    await auth.signIn(DEMO.email, DEMO.password);
    await auth.seeHome('Dana');
    await farms.bar().waitFor();

    // The bar is hidden on any path with /webview (the native web view's help desk here, with the kept session).
    await page.goto('/webview/help-desk');
    await page.getByRole('heading', { name: 'Help desk', level: 1 }).waitFor();
    expect(await farms.bar().count()).toBe(0);

    // Back on the home page, the bar clears the farm: the default API again.
    await page.goto('/home');
    await auth.seeHome('Dana');
    await farms.bar().getByRole('button', { name: 'Clear farm' }).click();
    await farms.bar().waitFor({ state: 'detached' });
    expect(await farms.persistedFarm()).toBeNull();
    await page.reload();
    await auth.seeHome('Dana');
    expect(await farms.bar().count()).toBe(0);
    await context.close();
  });
});

describe('a farm that cannot be reached', () => {
  it('after a reload, the unavailable screen leads back to the default farm, by keyboard, at 360 px', async () => {
    const { page, context } = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    const auth = new AuthPages(page);
    const farms = new FarmPages(page);
    await page.route(
      (url) => url.hostname === 'farm.invalid',
      (route) => route.abort('connectionrefused'),
    );
    await auth.open();
    await farms.openSelector(auth);
    await farms.chooseCustomUrl('https://farm.invalid');
    expect(await farms.persistedFarm()).toMatchObject({ url: 'https://farm.invalid' });

    await page.reload();
    await farms.unavailable().waitFor();
    await farms.unavailable().getByText('https://farm.invalid', { exact: false }).waitFor();
    // Nothing runs off the side of a phone's screen (the farm's address included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await farms.pressWithKeyboard('Back to the default farm');
    await page.getByLabel('Work email').waitFor();
    expect(await farms.unavailable().count()).toBe(0);
    expect(await farms.bar().count()).toBe(0);
    expect(await farms.persistedFarm()).toBeNull();
    // The default farm is kept: the next visit starts on it.
    await page.reload();
    await page.getByLabel('Work email').waitFor();
    expect(await farms.bar().count()).toBe(0);
    await context.close();
  });
});
