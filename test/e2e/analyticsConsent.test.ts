import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createConfirmedAccount, launchBrowser, newPage } from './browser';
import { AuthPages } from './pages';

// The e2e server has no ANALYTICS_TAG_URL: the switch and the kept choice show the consent, and no tag is added.
const ACCOUNT = { email: `analytics.${Date.now().toString(36)}@northwind.example`, firstName: 'Ana', lastName: 'Lytics', password: 'Atrium!2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await createConfirmedAccount(ACCOUNT);
});

const keptConsent = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('root') ?? '{}') as { analytics?: { consent: string } | null }).analytics?.consent ?? null);

describe('analytics consent', () => {
  it('is given and withdrawn with the settings switch, kept across pages and reloads, and adds no tag without a URL', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(ACCOUNT.email, ACCOUNT.password);
    await page.waitForURL('**/home');

    await page.goto('/account?tab=settings');
    const consentSwitch = page.getByRole('switch', { name: 'Share usage analytics' });
    await consentSwitch.waitFor();
    expect(await consentSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await keptConsent(page)).toBeNull();

    await consentSwitch.click();
    await expect.poll(() => consentSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await keptConsent(page)).toBe('granted');
    expect(await page.locator('script[data-atrium-analytics]').count()).toBe(0);

    await page.reload();
    await page.getByRole('switch', { name: 'Share usage analytics' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Share usage analytics' }).getAttribute('aria-checked')).toBe('true');

    await page.getByRole('switch', { name: 'Share usage analytics' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Share usage analytics' }).getAttribute('aria-checked')).toBe('false');
    expect(await keptConsent(page)).toBe('withdrawn');
    await context.close();
  });
});
