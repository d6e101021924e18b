import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, setFlag } from './browser';
import { AuthPages } from './pages';

const DEMO = { email: 'demo@northwind.example', password: 'Atrium!2026' };
const BACK_SOON = "We'll be back soon";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await setFlag('maintenance-mode', null);
  await browser?.close();
});

describe('maintenance mode', () => {
  it('turning the flag on sends an open page to /maintenance without a reload, and turning it off brings it back', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    await auth.seeHome('Dana');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

    await setFlag('maintenance-mode', true);
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

    // The harbor brand's page adds the utility shortcuts: the help desk and the legal pages.
    const harbor = await newPage(browser, { host: 'harbor.localhost' });
    await harbor.page.goto('/login');
    await harbor.page.waitForURL('**/maintenance');
    const shortcuts = harbor.page.getByRole('navigation', { name: 'Useful links' });
    await shortcuts.waitFor();
    expect(await shortcuts.getByRole('link', { name: /help desk/ }).getAttribute('href')).toBe('mailto:help@harbor.localhost');
    expect(await shortcuts.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBeTruthy();
    expect(await shortcuts.getByRole('link', { name: /licen[cs]e agreement/ }).getAttribute('href')).toBeTruthy();

    await setFlag('maintenance-mode', false);
    await page.waitForURL('**/home', { timeout: 10_000 });
    await auth.seeHome('Dana');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still no reload');
    await harbor.page.waitForURL('**/login', { timeout: 10_000 });
    await harbor.context.close();

    // With the flag off, /maintenance itself leads back to the app.
    await page.goto('/maintenance');
    await page.waitForURL('**/home');
    await context.close();
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
