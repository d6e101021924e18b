import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, createConfirmedAccount, launchBrowser, newPage, visit } from './browser';
import { AuthPages } from './pages';

/** The account area, with verbs that read like what a person does there. */
class AccountPages {
  constructor(readonly page: Page) {}

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async openProfile(tab: 'profile' | 'password' = 'profile') {
    await visit(this.page, tab === 'password' ? '/account/profile?tab=password' : '/account/profile');
    await this.page.getByRole('form', { name: tab === 'password' ? 'Change your password' : 'Profile details' }).waitFor();
  }

  async save() {
    await this.button('Save').click();
  }

  async seeDialog(title: string) {
    const dialog = this.page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  /** A success comes as a dialog (access document section 4), not a toast; OK closes it. */
  async seeSuccessDialog(title: string, text: string) {
    const dialog = await this.seeDialog(title);
    await dialog.getByText(text).waitFor();
    expect(await this.page.getByTestId('toasts').getByText(text).count()).toBe(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async seeMessage(text: string) {
    await this.page.getByText(text, { exact: true }).first().waitFor();
  }

  async changePassword(current: string, next: string, confirm = next) {
    await this.field('Current password').fill(current);
    await this.field('New password').fill(next);
    await this.field('Confirm password').fill(confirm);
    await this.button('Update password').click();
  }
}

const api = (path: string) => `${baseURL()}/api${path}`;

/** Signs in through the API, as another device would. */
async function apiLogin(email: string, password: string): Promise<string> {
  const answer = await fetch(api('/auth/v2/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

async function apiUser(token: string) {
  const answer = await fetch(api('/users/current'), { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: { first_name: string; last_name: string; email_accepted: boolean } }).data;
}

// A fresh account of its own, so nothing another browser test relies on (the demo tenant's name and password) changes.
const ACCOUNT = { email: `account.${Date.now().toString(36)}@northwind.example`, firstName: 'Avery', lastName: 'Account', password: 'Atrium!2026' };
const NEW_PASSWORD = 'Renewed!2027';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await createConfirmedAccount(ACCOUNT);
});

async function signedInPage(password = ACCOUNT.password) {
  const { page, context } = await newPage(browser);
  const auth = new AuthPages(page);
  await auth.open();
  await auth.signIn(ACCOUNT.email, password);
  await page.waitForURL('**/home');
  return { page, context, auth, account: new AccountPages(page) };
}

describe('the account area', () => {
  it('shows vertical tabs profile, legal and settings; legal links open in a new tab; the language changes in a dialog', async () => {
    const { page, context } = await signedInPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, '/account');
    const tabs = page.getByRole('tablist', { name: 'Account sections' });
    await tabs.waitFor();
    // Access document section 2: the account page's tabs are vertical.
    expect(await tabs.getAttribute('aria-orientation')).toBe('vertical');
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Profile', 'Legal', 'Settings']);
    const [first, second] = await Promise.all([
      tabs.getByRole('tab', { name: 'Profile' }).boundingBox(),
      tabs.getByRole('tab', { name: 'Legal' }).boundingBox(),
    ]);
    expect(second!.y).toBeGreaterThan(first!.y);
    expect(second!.x).toBe(first!.x);
    await page.getByTestId('account-name').filter({ hasText: 'Avery Account' }).waitFor();

    // Up and Down move between sections.
    await tabs.getByRole('tab', { name: 'Profile' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL('**/account?tab=legal');
    // The browser asks for en-US: "license" there, "licence" in the source catalogue.
    for (const [name, href] of [
      [/^Privacy policy/, /privacy/],
      [/^End-user licen[cs]e agreement/, /terms|eula/],
    ] as const) {
      const link = page.getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toMatch(href);
    }
    // The default brand has no request-data link (only the brand with its own legal links does).
    expect(await page.getByRole('link', { name: /^Request my data/ }).count()).toBe(0);

    // One Atrium Plaza has English and Spanish, and the flag is on by default: the language changes in a dialog.
    await tabs.getByRole('tab', { name: 'Settings' }).click();
    expect(await page.getByTestId('account-language').innerText()).toBe('English');
    await page.getByRole('button', { name: 'Change language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your language' });
    await dialog.getByText('Español', { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Cuenta' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('account-language').innerText()).toBe('Español');
    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await page.getByRole('dialog', { name: 'Elige tu idioma' }).getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await context.close();
  });

  it('on a phone lists the sections, opens one, and leads back to the list', async () => {
    const { page, context } = await signedInPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/account');
    const list = page.getByRole('navigation', { name: 'Account sections' });
    await list.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Profile', 'Legal', 'Settings']);
    expect(await page.getByRole('tablist').count()).toBe(0);
    await list.getByRole('link', { name: 'Legal' }).click();
    await page.waitForURL('**/account?tab=legal');
    await page.getByRole('link', { name: /^Privacy policy/ }).waitFor();
    expect(await list.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'All account sections' }).click();
    await page.waitForURL((url) => url.pathname === '/account' && url.search === '');
    await list.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows the harbor brand its own privacy notice and terms and the request-data link', async () => {
    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(ACCOUNT.email, ACCOUNT.password);
    // The account's building is not a harbor building: what matters here is the page's brand.
    await page.waitForURL((url) => url.pathname !== '/login');
    await visit(page, '/account?tab=legal');
    const links = page.getByRole('tabpanel').getByRole('link');
    await links.first().waitFor();
    expect(await links.allInnerTexts()).toEqual([
      expect.stringMatching(/^Harbor Workplace privacy notice/),
      expect.stringMatching(/^Harbor Workplace terms of use/),
      expect.stringMatching(/^Request my data/),
    ]);
    expect(await page.getByRole('link', { name: /^Request my data/ }).getAttribute('href')).toMatch(/^mailto:privacy@harbor\.localhost/);
    expect(await page.getByRole('link', { name: /^Harbor Workplace privacy notice/ }).getAttribute('href')).toBe('/legal/harbor-privacy.html');
    await context.close();
  });

  it('keeps the appearance setting (system, light, dark) across a reload, and dark follows the device on "system"', async () => {
    const { page, context } = await signedInPage();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page, '/account?tab=settings');
    const appearance = page.getByRole('group', { name: 'Appearance' });
    expect(await appearance.getByLabel('Same as this device').isChecked()).toBe(true);
    expect(await background()).toBe('rgb(244, 246, 248)');
    // On "system", the device's preference decides.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).toBe('rgb(17, 20, 23)');
    await page.emulateMedia({ colorScheme: 'light' });
    await appearance.getByLabel('Dark').check();
    await expect.poll(background).toBe('rgb(17, 20, 23)');
    expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    await page.reload();
    await page.getByRole('group', { name: 'Appearance' }).getByLabel('Dark').waitFor();
    expect(await page.getByRole('group', { name: 'Appearance' }).getByLabel('Dark').isChecked()).toBe(true);
    expect(await background()).toBe('rgb(17, 20, 23)');
    // A chosen light holds against a dark device.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('group', { name: 'Appearance' }).getByLabel('Light').check();
    await expect.poll(background).toBe('rgb(244, 246, 248)');
    await page.getByRole('group', { name: 'Appearance' }).getByLabel('Same as this device').check();
    await expect.poll(background).toBe('rgb(17, 20, 23)');
    await context.close();
  });

  it('saves the marketing-email consent from the settings tab', async () => {
    const { page, context } = await signedInPage();
    await visit(page, '/account?tab=settings');
    const consent = page.getByLabel('Send me news and offers by email');
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    const token = await apiLogin(ACCOUNT.email, ACCOUNT.password);
    await expect.poll(async () => (await apiUser(token)).email_accepted).toBe(true);
    await page.reload();
    await page.getByLabel('Send me news and offers by email').waitFor();
    expect(await page.getByLabel('Send me news and offers by email').isChecked()).toBe(true);
    await context.close();
  });
});

describe('the profile form', () => {
  it('saves a changed first name and shows "profile updated"; a change made elsewhere answers a conflict that keeps what was typed', async () => {
    const { page, context, auth, account } = await signedInPage();
    await account.openProfile();
    expect(await account.field('Email').inputValue()).toBe(ACCOUNT.email);
    expect(await account.field('Email').getAttribute('readonly')).not.toBeNull();
    expect(await account.field('Company').inputValue()).toBe('Northwind Traders');
    expect(await account.button('Save').isEnabled()).toBe(false);

    await account.field('First name').fill('Averina');
    expect(await account.button('Save').isEnabled()).toBe(true);
    await account.field('First name').fill('');
    await account.field('First name').blur();
    await account.seeMessage('Please enter at least one character');
    expect(await account.button('Save').isEnabled()).toBe(false);
    await account.field('First name').fill('Averina');
    await account.save();
    await account.seeSuccessDialog('Profile updated', 'Your changes have been saved.');
    expect(await account.button('Save').isEnabled()).toBe(false);

    // Someone changes the profile from another device in the meantime.
    const token = await apiLogin(ACCOUNT.email, ACCOUNT.password);
    const elsewhere = await fetch(api('/users/current'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ last_name: 'Elsewhere' }),
    });
    expect(elsewhere.status).toBe(200);

    await account.field('First name').fill('Avery-Lynn');
    await account.field('Last name').fill('Typed');
    await account.save();
    await account.seeMessage('Your profile was changed elsewhere. Please review and save again.');
    expect(await account.field('First name').inputValue()).toBe('Avery-Lynn');
    expect(await account.field('Last name').inputValue()).toBe('Typed');
    expect((await apiUser(token)).last_name).toBe('Elsewhere');

    // The form has read the server's version: the next Save goes through, with what the person typed.
    await account.button('Use the saved version instead').waitFor();
    await account.save();
    await account.seeSuccessDialog('Profile updated', 'Your changes have been saved.');
    expect(await apiUser(token)).toMatchObject({ first_name: 'Avery-Lynn', last_name: 'Typed' });

    // The session has the new name: home greets the person by it.
    await page.goto('/home');
    await auth.seeHome('Avery-Lynn');
    await context.close();
  });
});

describe('the password update', () => {
  it('opens as a dialog from the account page; refuses a wrong current password and a reused one, then changes it; the new password signs in', async () => {
    const { page, context, auth, account } = await signedInPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, '/account');
    await account.button('Change password').click();
    const dialog = await account.seeDialog('Change password');
    await page.waitForURL('**/account?tab=profile&dialog=password');

    await account.field('New password').fill(NEW_PASSWORD);
    await account.field('Confirm password').fill(`${NEW_PASSWORD}x`);
    await account.field('Confirm password').blur();
    await account.seeMessage('Passwords are not equal');
    expect(await account.button('Update password').isEnabled()).toBe(false);

    await account.changePassword('Not!The1Password', NEW_PASSWORD);
    await account.seeMessage('The current password is not correct');

    await account.changePassword(ACCOUNT.password, ACCOUNT.password);
    await account.seeMessage('You can not reuse this old password');
    expect(await account.field('New password').inputValue()).toBe(ACCOUNT.password);

    await account.changePassword(ACCOUNT.password, NEW_PASSWORD);
    // The "password reset" success dialog takes the form's place, and closing it closes both.
    await account.seeSuccessDialog('Password reset', 'Your password has been changed. Use it the next time you sign in.');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/account' && !url.search.includes('dialog'));

    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/login');
    await auth.open();
    await auth.signIn(ACCOUNT.email, ACCOUNT.password);
    await auth.seeError("User email or password doesn't match");
    await auth.open();
    await auth.signIn(ACCOUNT.email, NEW_PASSWORD);
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await context.close();
  });
});
