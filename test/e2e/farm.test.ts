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

    // The bar is hidden on any path with /webview (that path may show the not-found page).
    await page.goto('/webview');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
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
