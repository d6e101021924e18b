import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, setFlag } from './browser';
import { AuthPages } from './pages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

const BACK_SOON = "We'll be back soon";

let browser: Browser;
/** The file's own tenant: maintenance is turned on for its building, which no other file's people are in. */
let tenant: Tenant;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant();
});
afterAll(async () => {
  // The signed-out test below turns maintenance on globally (see there).
  await setFlag('maintenance-mode', null);
});

describe('maintenance mode', () => {
  it('turning the flag on for the building sends an open page to /maintenance without a reload, and turning it off brings it back', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(tenant.person.email, tenant.person.password);
    await auth.seeHome(tenant.person.first_name);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

    await setBuildingFlag('maintenance-mode', true, tenant.building_uuid);
    await page.waitForURL('**/maintenance', { timeout: 10_000 });
    await page.getByRole('heading', { name: BACK_SOON }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
    // The default brand shows the message only.
    expect(await page.getByRole('navigation', { name: 'Useful links' }).count()).toBe(0);

    // Any other route waits on the maintenance page; the public ones stay open.
    await page.goto('/account/profile');
    await page.waitForURL('**/maintenance');
    await page.getByRole('heading', { name: BACK_SOON }).waitFor();
    await page.goto('/mobile-only');
    await page.getByRole('heading', { name: 'Get the mobile app' }).waitFor();
    await page.goto('/home');
    await page.waitForURL('**/maintenance');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still no reload'));

    await setBuildingFlag('maintenance-mode', false, tenant.building_uuid);
    await page.waitForURL('**/home', { timeout: 10_000 });
    await auth.seeHome(tenant.person.first_name);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still no reload');

    // With the flag off, /maintenance itself leads back to the app.
    await page.goto('/maintenance');
    await page.waitForURL('**/home');
    await context.close();
  });

  it('signed out, turning the flag on globally sends an open page of the harbor brand to /maintenance with its shortcuts, and off brings it back', async () => {
    // The one global flip left in this file: a signed-out visitor is evaluated as the anonymous flag user, who has no
    // building (machines/flags/flagUser.ts), so only the global value reaches them; a building's override cannot.
    const harbor = await newPage(browser, { host: 'harbor.localhost' });
    await harbor.page.goto('/login');
    await harbor.page.getByLabel('Work email').waitFor();
    await harbor.page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

    await setFlag('maintenance-mode', true);
    await harbor.page.waitForURL('**/maintenance', { timeout: 10_000 });
    // The harbor brand's page adds the utility shortcuts: the help desk and the legal pages.
    const shortcuts = harbor.page.getByRole('navigation', { name: 'Useful links' });
    await shortcuts.waitFor();
    expect(await shortcuts.getByRole('link', { name: /help desk/ }).getAttribute('href')).toBe('mailto:help@harbor.localhost');
    expect(await shortcuts.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBeTruthy();
    expect(await shortcuts.getByRole('link', { name: /licen[cs]e agreement/ }).getAttribute('href')).toBeTruthy();
    // And the brand's utility shortcuts that work while the app is down: the other sites (decision 196).
    const utilityShortcuts = harbor.page.getByRole('navigation', { name: 'Shortcuts' });
    expect(await utilityShortcuts.getByRole('link').allInnerTexts()).toEqual(['Resource reservation', 'Parking', 'Facility app']);
    expect(await utilityShortcuts.getByRole('link', { name: 'Facility app' }).getAttribute('href')).toBe('https://facility.example.com');
    expect(await harbor.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');

    // A page opened while maintenance lasts lands on it too.
    const other = await newPage(browser, { host: 'harbor.localhost' });
    await other.page.goto('/login');
    await other.page.waitForURL('**/maintenance');
    await other.page.getByRole('navigation', { name: 'Useful links' }).waitFor();
    await other.context.close();

    await setFlag('maintenance-mode', false);
    await harbor.page.waitForURL('**/login', { timeout: 10_000 });
    expect(await harbor.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
    await harbor.context.close();
  });
});

describe('public shell pages', () => {
  it('/sign-in-required explains and leads to sign-in, keeping the query', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/sign-in-required?invite=42');
    await page.getByRole('heading', { name: 'Sign-in required' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login?invite=42');
    await page.getByLabel('Work email').waitFor();
    await context.close();
  });

  it('/mobile-only prompts to download the mobile app', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/mobile-only');
    await page.getByRole('heading', { name: 'Get the mobile app' }).waitFor();
    await page.getByText('This works only in the Atrium mobile app', { exact: false }).waitFor();
    await page.getByRole('link', { name: /App Store/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mobile-only');
    await context.close();
  });
});
