import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { apiSignIn, buildingUuid, contentUuid } from './api';
import { AuthPages } from './pages';
import { ADMIN, BRANDS, SIZES, settle } from './sweep';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

describe.each(BRANDS)('the $name brand’s overlays', (brand) => {
  it('the account menu, the building switcher and a confirm step lie inside the window at both sizes', { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser, brand.host ? { host: brand.host } : {});
    const auth = new AuthPages(page);
    await auth.open();
    // A person with more than one building of the brand, so the switcher opens (Olivia's domain offers single
    // sign-on first: she takes her password instead).
    const person = brand.host ? { email: 'olivia@umbrella.example', password: 'Atrium!2026' } : ADMIN;
    await auth.enterEmail(person.email);
    const sso = auth.ssoDialog().getByRole('button', { name: 'Use my password instead' });
    await Promise.race([sso.waitFor(), page.getByLabel('Password', { exact: true }).waitFor()]);
    if (await sso.isVisible()) await sso.click();
    await auth.enterPassword(person.password);
    await page.waitForURL('**/home');
    await settle(page);
    const outside: string[] = [];
    const inside = async (what: string, selector: string) => {
      // Measured once the overlay has finished coming in (a sheet rises from below).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const box = await page.locator(selector).first().boundingBox();
      const view = page.viewportSize()!;
      if (!box) outside.push(`${what}: not shown`);
      else if (box.x < 0 || box.y < 0 || box.x + box.width > view.width + 0.5 || box.y + box.height > view.height + 0.5)
        outside.push(`${what} at ${view.width}px: ${JSON.stringify(box)}`);
    };
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await inside('account menu', '[role="menu"]');
      await page.keyboard.press('Escape');
      await page.locator('[role="menu"]').waitFor({ state: 'hidden' });
      await page.getByTestId('current-building-name').click();
      await inside('building switcher', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'hidden' });
    }
    // A content's confirm step: the free event's RSVP, opened and dismissed at each size (nothing is booked).
    const session = await apiSignIn(person.email, person.password);
    const building = await buildingUuid(session, brand.host ? 'Harbor Point' : brand.building);
    const event = await contentUuid(session, building, 'Morning yoga on the terrace');
    await page.goto(`/building/${building}/event-posts/${event}`);
    await settle(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.getByTestId('action-bar').getByRole('button', { name: 'RSVP', exact: true }).click();
      await inside('RSVP confirm step', '[role="dialog"]');
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'hidden' });
    }
    await context.close();
    expect(outside).toEqual([]);
  });
});
