import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { brandRoles, DEFAULT_BRAND } from '../../contracts/brandRoles';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/** Every section of the development kit page (src/ui/kit/KitPage.tsx), by the id of its test id `kit-<id>`. */
const SECTIONS = {
  colours: 'Colour roles',
  brands: 'Brand tokens',
  type: 'Type scale',
  spacing: 'Spacing',
  buttons: 'Buttons',
  fields: 'Fields',
  links: 'Links',
  tabs: 'Tabs',
  chips: 'Status chips',
  icons: 'Icons (lucide-react)',
  skeletons: 'Skeletons and spinner',
  states: 'Empty and error states',
  menus: 'Menu',
  dialogs: 'Dialog (a bottom sheet below 600 px)',
  toasts: 'Toasts',
  schemes: 'Light and dark',
};

async function openKit(scheme: 'light' | 'dark', viewport = { width: 1366, height: 900 }) {
  const { page, context } = await newPage(browser);
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto('/__kit');
  await page.getByRole('heading', { level: 1, name: 'Atrium design kit' }).waitFor();
  return { page, context };
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('the development kit page', () => {
  it('shows every section with what it is about', async () => {
    const { page, context } = await openKit('light');
    for (const [id, title] of Object.entries(SECTIONS)) {
      const section = page.getByTestId(`kit-${id}`);
      expect(await section.getByRole('heading', { level: 2 }).innerText(), id).toBe(title);
    }
    // Colour roles with their contrast ratios, both schemes, every one at least AA (the control outline 3:1).
    for (const role of ['text', 'muted', 'danger', 'success', 'warning'])
      for (const scheme of ['light', 'dark']) {
        const ratio = parseFloat(await page.getByTestId(`ratio-${scheme}-${role}`).innerText());
        expect(ratio, `${role} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
    // Both demo brands, each in light and dark.
    expect(await page.getByTestId('kit-brand').count()).toBe(2);
    expect(await page.getByTestId('kit-brand').first().locator('[data-color-scheme]').count()).toBe(2);
    // Buttons in each variant, disabled and busy; fields with hint and error; chips of every tone; tabs; skeletons.
    const buttons = page.getByTestId('kit-buttons');
    expect(await buttons.locator('button[aria-busy="true"]').count()).toBe(5);
    expect(await buttons.locator('button:disabled').count()).toBeGreaterThanOrEqual(10);
    expect(await page.getByTestId('kit-fields').getByRole('alert').innerText()).toBe('Please enter a valid email');
    expect(
      await page
        .getByTestId('kit-chips')
        .locator('span')
        .filter({ hasText: /^(Past|Attending|Few spots left|Sold out|Claimed)$/ })
        .count(),
    ).toBe(5);
    expect(await page.getByTestId('kit-tabs').getByRole('tab').count()).toBe(3);
    expect(await page.getByTestId('kit-icons').getByRole('img').count()).toBeGreaterThanOrEqual(10);
    expect(await page.getByTestId('kit-states').getByRole('alert').count()).toBe(1);

    // The menu and the dialog open and close; the toast shows in the live region.
    await page.getByRole('button', { name: 'Open the demo menu' }).click();
    await page.getByRole('menu', { name: 'Demo menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open the demo dialog' }).click();
    await page.getByRole('dialog', { name: 'Demo dialog' }).waitFor();
    // The specification's default dialog: 536 px wide, at least 240 px high (section 9).
    const box = (await page.getByRole('dialog', { name: 'Demo dialog' }).boundingBox())!;
    expect(box.width).toBe(536);
    expect(box.height).toBeGreaterThanOrEqual(240);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Demo dialog' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show a toast' }).click();
    await page.getByTestId('toasts').getByText('Saved: a toast from the kit page.').waitFor();
    await context.close();
  });

  it('follows the device into dark and back (prefers-color-scheme)', async () => {
    const { page, context } = await openKit('light');
    expect(await bodyBackground(page)).toBe('rgb(244, 246, 248)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => bodyBackground(page)).toBe('rgb(17, 20, 23)');
    // The brand's readable colour moves with it (lighter on dark), the header's brand colour does not.
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--colors-primary').trim());
    expect(primary.toUpperCase()).toBe(brandRoles(DEFAULT_BRAND, 'dark').primary);
    // A sheet's secondary button is read on the raised ground, lighter than the page's in dark (issue 22, item 21).
    await page.getByRole('button', { name: 'Open the demo dialog' }).click();
    const sheet = page.getByRole('dialog', { name: 'Demo dialog' });
    await sheet.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await seriousA11yViolations(page, { colourRules: true })).toEqual([]);
    await context.close();
  });

  it.each(['light', 'dark'] as const)('has no serious or critical accessibility violations in %s', async (scheme) => {
    const { page, context } = await openKit(scheme);
    const violations = await seriousA11yViolations(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('fits a 360 px screen without sideways scroll', async () => {
    const { page, context } = await openKit('light', { width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it('keeps every choice pill the same size when one is picked (nothing below moves)', async () => {
    const { page, context } = await openKit('light', { width: 360, height: 740 });
    const group = page.getByRole('group', { name: 'Radio group' });
    const sizes = () =>
      group.locator('label').evaluateAll((labels) => labels.map((l) => `${l.getBoundingClientRect().width}x${l.getBoundingClientRect().height}`));
    const before = await sizes();
    for (const name of ['Light', 'Dark', 'System']) {
      await group.getByRole('radio', { name }).check();
      expect(await sizes(), `after picking ${name}`).toEqual(before);
    }
    await context.close();
  });
});
