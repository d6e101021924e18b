import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, visit } from './browser';
import { HomePage, signedInPage } from './pages';
import { newTenant, type Tenant } from './tenant';

/**
 * The unattended lobby screen (issue 23, part E): left alone for the idle period (90 s by default) it goes home and
 * starts its screens again; someone using it starts the count again. Time is Playwright's fake clock, never a wait.
 */
const IDLE_MS = 90_000;

let browser: Browser;
let tenant: Tenant;
beforeAll(async () => {
  browser = await launchBrowser();
  // A first name found nowhere else on a screen, so the check that it is not shown means something.
  tenant = await newTenant({ first_names: ['Zephyrine'] });
});

describe('the unattended kiosk', () => {
  it('returns home after the idle period without input, and not while someone uses it', async () => {
    const { page, context } = await signedInPage(browser, { as: tenant.person });
    await page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
    await context.clock.install();
    await page.goto(`/building/${tenant.building_uuid}/amenities`);
    await page.getByTestId('kiosk-header').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Someone touches the screen two thirds of the way: the count starts again.
    await context.clock.runFor(60_000);
    await page.mouse.click(5, 300);
    await context.clock.runFor(60_000);
    expect(new URL(page.url()).pathname).toBe(`/building/${tenant.building_uuid}/amenities`);

    // Then nobody for the rest of the period: home.
    await context.clock.runFor(IDLE_MS - 60_000 + 1_000);
    await page.waitForURL((url) => url.pathname === '/home' || url.pathname === `/building/${tenant.building_uuid}`);
    await page.getByTestId('kiosk-header').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Left alone a whole day at home: it stays there, and the next person's move loads as before (the access token,
    // long expired on the page's clock, is refreshed with the refresh token, which lasts 30 days).
    await context.clock.runFor(24 * 60 * 60 * 1000);
    await page.getByTestId('kiosk-header').waitFor();
    await visit(page, `/building/${tenant.building_uuid}/amenities`);
    await page.getByRole('heading', { level: 1, name: 'Amenities' }).waitFor();
    await expect.poll(() => page.getByRole('link').count()).toBeGreaterThan(1);
    expect(new URL(page.url()).pathname).toBe(`/building/${tenant.building_uuid}/amenities`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('from a screen a person opened, goes back to a home that shows nothing personal', async () => {
    const { page, context } = await signedInPage(browser, { as: tenant.person });
    await page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
    await context.clock.install();
    await page.goto(`/building/${tenant.building_uuid}`);
    await page.getByTestId('kiosk-header').waitFor();
    const home = new HomePage(page);
    // A passer-by opens the wallet's explanation (a mobile-only service) and walks away.
    await home.utilities().filter({ hasText: 'Wallet' }).click();
    await page.waitForURL('**/mobile-only**');

    await context.clock.runFor(IDLE_MS + 1_000);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByTestId('kiosk-header').waitFor();
    await home.utilities().first().waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toContain(tenant.person.first_name);
    expect(text).not.toContain(tenant.person.email);
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    await context.close();
  });
});
