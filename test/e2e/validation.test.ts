import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { AuthPages } from './pages';

// (Keeping the typed email after a failed sign-in is covered in login.test.ts.)

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

const alert = (auth: AuthPages, text: string) => auth.page.getByRole('alert').filter({ hasText: text });

describe('field validation in the browser', () => {
  it('shows Invalid Email once the email field is left, and keeps Next disabled', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    expect(await auth.canPress('Next'), 'Next with an empty email').toBe(false);
    await page.getByLabel('Work email').fill('tenant@northwind');
    expect(await alert(auth, 'Invalid Email').count(), 'no message while still typing').toBe(0);
    expect(await auth.canPress('Next')).toBe(false);
    await auth.leaveField('Work email');
    await alert(auth, 'Invalid Email').waitFor();
    expect(await page.getByLabel('Work email').getAttribute('aria-invalid')).toBe('true');
    expect(await auth.canPress('Next')).toBe(false);

    await page.getByLabel('Work email').fill('tenant@northwind.example');
    await alert(auth, 'Invalid Email').waitFor({ state: 'detached' });
    expect(await auth.canPress('Next')).toBe(true);
    await context.close();
  });

  it('asks for at least two characters in each name once the field is left', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open('/signup');
    await auth.enterEmail(`e2e-names-${Date.now()}@northwind.example`);
    await auth.seeStep('Create account');

    await page.getByLabel('First name', { exact: true }).fill('A');
    expect(await alert(auth, 'Please enter at least two characters').count(), 'no message while still typing').toBe(0);
    await auth.leaveField('First name');
    await alert(auth, 'Please enter at least two characters').waitFor();
    await page.getByLabel('Last name', { exact: true }).fill('B');
    await auth.leaveField('Last name');
    await expect.poll(() => alert(auth, 'Please enter at least two characters').count()).toBe(2);
    expect(await auth.canPress('Next')).toBe(false);

    await page.getByLabel('First name', { exact: true }).fill('Al');
    await expect.poll(() => alert(auth, 'Please enter at least two characters').count()).toBe(1);
    expect(await auth.canPress('Next'), 'Next while the last name is one character').toBe(false);
    // Spaces do not count as characters.
    await page.getByLabel('Last name', { exact: true }).fill(' B ');
    expect(await auth.canPress('Next')).toBe(false);
    await page.getByLabel('Last name', { exact: true }).fill('Bo');
    await expect.poll(() => alert(auth, 'Please enter at least two characters').count()).toBe(0);
    expect(await auth.canPress('Next')).toBe(true);
    await context.close();
  });
});
