import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { AuthPages } from './pages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

let browser: Browser;
/** The file's own tenant: the flag is flipped for its building, which no other file's people are in. */
let tenant: Tenant;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant();
});

describe('live flags and kiosk mode', () => {
  it('a flag flipped on the server changes the open menu within seconds, without a reload; kiosk on and off', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(tenant.person.email, tenant.person.password);
    await auth.seeHome(tenant.person.first_name);
    const marker = await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'no reload';
      return 'no reload';
    });

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Kiosk mode' }).count()).toBe(0);

    // On for the person's building: the server's event stream says a flag changed, and the app evaluates them again.
    await setBuildingFlag('dropdown-kiosk', true, tenant.building_uuid);
    await menu.getByRole('menuitemcheckbox', { name: 'Kiosk mode' }).waitFor({ timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);

    // Kiosk on: the minimal header, kept in session storage across a reload.
    await menu.getByRole('menuitemcheckbox', { name: 'Kiosk mode' }).click();
    await page.getByTestId('kiosk-header').waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('KIOSK_ENABLED'))).toBe('true');
    await page.reload();
    await page.getByTestId('kiosk-header').waitFor();

    // A tap asks for the password of the person signed in (decision 146): a passer-by's guess keeps kiosk mode and
    // shows nothing of the account; the right password leaves.
    await page.getByRole('button', { name: 'Tap to exit kiosk mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave kiosk mode' });
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Leave kiosk mode' }).click();
    await dialog.getByText('That password is not correct.').waitFor();
    expect(await page.getByTestId('kiosk-header').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Password').fill(tenant.person.password);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('KIOSK_ENABLED'))).toBeNull();
    await context.close();
  });
});
