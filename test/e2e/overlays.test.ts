import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, settled } from './browser';
import { AuthPages } from './pages';

/** The seed's admin: three buildings, so the building switcher opens. */
const ADMIN = { email: 'admin@globex.example', password: 'Atrium!2026', firstName: 'Ada' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** What has focus: its role, accessible text and test id, and whether it is inside an open dialog or menu. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      role: el?.getAttribute('role') ?? null,
      text: el?.textContent?.trim() ?? '',
      testId: el?.getAttribute('data-testid') ?? null,
      inDialog: !!el?.closest('[role="dialog"]'),
      inHeader: !!el?.closest('header'),
    };
  });

/** Presses Tab until focus is on the element with `testId` (a person tabbing through the header). */
async function tabTo(page: Page, testId: string) {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).testId === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

async function signedIn() {
  const { page, context } = await newPage(browser);
  const auth = new AuthPages(page);
  await auth.open();
  await auth.signIn(ADMIN.email, ADMIN.password);
  await auth.seeHome(ADMIN.firstName);
  // From the top of a freshly loaded page (after the sign-in, focus is on the home page's heading, past the header).
  // The menu's items settle once the person's permissions in the building are in (Launch admin).
  const permissions = page.waitForResponse((r) => r.url().includes('/user-permissions/'));
  await page.reload();
  await permissions;
  await page.getByTestId('current-building-name').waitFor();
  return { page, context };
}

const menuOpen = async (page: Page) => (await page.getByRole('menu').count()) > 0;

describe('the skip link and focus on navigation', () => {
  it('"Skip to content" is the first thing Tab reaches, and moves focus to the main content', async () => {
    const { page, context } = await signedIn();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    // The page's main content (or its heading, where the hero's heading comes first), past the header.
    expect(['main', 'h1']).toContain((await focused(page)).tag);
    expect((await focused(page)).inHeader).toBe(false);
    await context.close();
  });

  it('after a move to another page, focus is on its heading', async () => {
    const { page, context } = await signedIn();
    await tabTo(page, 'account-menu-trigger');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Manage my account' }).waitFor();
    await expect.poll(async () => (await focused(page)).role).toMatch(/^menu(item)?$/);
    // As a person would: the menu has settled (come in, its roving focus has taken the item) before the next key.
    await settled(page);
    if ((await focused(page)).role === 'menu') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('Manage my account');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account');
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    expect((await focused(page)).text).toBe('Account');
    expect(await menuOpen(page)).toBe(false);
    await context.close();
  });
});

describe('the account menu, by keyboard', () => {
  it('opens on Enter with focus on its first item, arrows move through the items, Escape closes it and focus returns to its trigger', async () => {
    const { page, context } = await signedIn();
    await tabTo(page, 'account-menu-trigger');
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Account menu' }).waitFor();
    expect(await page.getByTestId('account-menu-trigger').getAttribute('aria-expanded')).toBe('true');
    // Focus moves into the menu: onto its first item (or the menu itself, whose first ArrowDown reaches the first item).
    await expect.poll(async () => (await focused(page)).role).toMatch(/^menu(item)?$/);
    // As a person would: the menu has settled (come in, its roving focus has taken the item) before the next key.
    await settled(page);
    if ((await focused(page)).role === 'menu') await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('Change building');
    expect((await focused(page)).role).toBe('menuitem');

    const items = await page.getByRole('menuitem').allInnerTexts();
    expect(items.length).toBeGreaterThanOrEqual(3);
    // The menu moves focus a moment after the key (Radix's roving focus), so each step waits for it.
    for (let i = 1; i < items.length; i++) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await focused(page)).text).toBe(items[i]);
    }
    // ArrowUp goes back, all the way to the first item.
    for (let i = items.length - 2; i >= 0; i--) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await focused(page)).text).toBe(items[i]);
    }

    await page.keyboard.press('Escape');
    await expect.poll(() => menuOpen(page)).toBe(false);
    await expect.poll(async () => (await focused(page)).testId).toBe('account-menu-trigger');
    expect(await page.getByTestId('account-menu-trigger').getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('closes on a click outside it, and on a move to another page', async () => {
    const { page, context } = await signedIn();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    // As for the dialog below: the outside-click listener is there from the task after the menu's mount.
    await expect.poll(async () => (await focused(page)).role).toMatch(/^menu(item)?$/);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.mouse.click(10, 600);
    await expect.poll(() => menuOpen(page)).toBe(false);

    // The browser's Back while the menu is open: the new page has no menu open.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Manage my account' }).click();
    await page.waitForURL('**/account');
    // The account page has drawn (its code arrives on the way); a person whose click came too early clicks again.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(
        async () => {
          if (!(await menuOpen(page))) await page.getByRole('button', { name: 'Account menu' }).click();
          return menuOpen(page);
        },
        { interval: 1000, timeout: 8000 },
      )
      .toBe(true);
    await page.goBack();
    await page.waitForURL('**/home');
    await expect.poll(() => menuOpen(page)).toBe(false);
    await context.close();
  });

  it('fits a 360 px screen with every item inside the viewport', async () => {
    const { page, context } = await signedIn();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Account menu' }).click();
    const box = await page.getByRole('menu').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});

describe('the building switcher, by keyboard', () => {
  it('keeps focus inside while open (Tab and Shift+Tab cycle), shows its title, closes on Escape and returns focus to its trigger', async () => {
    const { page, context } = await signedIn();
    await tabTo(page, 'current-building-name');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose a building' });
    await dialog.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    // The title reads on the dialog's surface (it was white on white).
    const contrast = await dialog.getByRole('heading', { name: 'Choose a building' }).evaluate((h) => {
      const colour = getComputedStyle(h).color;
      const surface = getComputedStyle(h.closest('[role="dialog"]')!).backgroundColor;
      return { colour, surface };
    });
    expect(contrast.colour).not.toBe(contrast.surface);

    const stops = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDialog, `Tab ${i + 1} left the dialog for ${now.tag} ${now.text}`).toBe(true);
      stops.add(now.text);
    }
    // Close, Atrium Tower West, One Atrium Plaza, and the third building: Tab came round to the start again.
    expect(stops.size).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).testId).toBe('current-building-name');
    await context.close();
  });

  it('opened from the account menu, closing it gives focus back to the menu trigger; a click outside closes it', async () => {
    const { page, context } = await signedIn();
    await tabTo(page, 'account-menu-trigger');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).role).toMatch(/^menu(item)?$/);
    // As a person would: the menu has settled (come in, its roving focus has taken the item) before the next key.
    await settled(page);
    if ((await focused(page)).role === 'menu') await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).text).toBe('Change building');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose a building' });
    await dialog.waitFor();
    // The building list is 200 px high at most and scrolls inside itself (section 9's building dropdown).
    const list = await dialog
      .locator('ul')
      .evaluate((el) => ({ maxHeight: getComputedStyle(el).maxHeight, overflowY: getComputedStyle(el).overflowY }));
    expect(list).toEqual({ maxHeight: '200px', overflowY: 'auto' });
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).testId).toBe('account-menu-trigger');

    await page.getByTestId('current-building-name').click();
    await dialog.waitFor();
    // Radix listens for a click outside only from the task after the dialog's mount (so the opening click does not
    // close it): once focus is inside, one more task makes sure that listener is there before the click.
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('is a bottom sheet on a phone, inside the viewport', async () => {
    const { page, context } = await signedIn();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('current-building-name').click();
    const sheet = page.getByRole('dialog', { name: 'Choose a building' });
    // Once it has risen into place: full width, on the bottom edge.
    await expect.poll(async () => Math.round(((await sheet.boundingBox())?.y ?? 0) + ((await sheet.boundingBox())?.height ?? 0))).toBe(740);
    expect(await sheet.boundingBox()).toMatchObject({ x: 0, width: 360 });
    await context.close();
  });
});
