import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './browser';
import { signedInPage, AuthPages, HomePage } from './pages';
import { HistoryPage } from './bookingPages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

const ADMIN = { email: 'admin@globex.example', password: 'Atrium!2026' };

let browser: Browser;
/** The file's own tenant, whose person has the demo person's history (requests, bookings, events attended). */
let tenant: Tenant;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant({ history: true });
});

/** The colour the primary token resolves to right now, as the browser computes it. */
// The brand's colour as it is (`--colors-brand`: the header bar); `--colors-primary` is the same moved to AA where needed.
const primaryColour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--colors-brand').trim());

describe('the way home', () => {
  it('the logo leads home from a screen deep in the app, by a click and by the keyboard', async () => {
    const { page, context } = await signedInPage(browser);
    const history = new HistoryPage(page);
    await history.open();
    const home = page.getByRole('link', { name: 'Atrium home' });
    expect(await home.getAttribute('href')).toBe('/home');
    await home.click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: 'Welcome, Dana' }).waitFor();

    // A load, so that focus starts at the top of the page: the logo is among the first stops (after the skip link).
    await page.goto('/my-history');
    await history.ready();
    const focused = () => home.evaluate((link) => link === document.activeElement);
    for (let stop = 0; stop < 4 && !(await focused()); stop++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: 'Welcome, Dana' }).waitFor();
    await context.close();
  });
});

describe('buildings', () => {
  it('switching building changes the address, the name, the hero and the theme colours', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(ADMIN.email, ADMIN.password);
    await auth.seeHome('Ada');
    await page.getByRole('heading', { level: 1, name: 'One Atrium Plaza' }).waitFor();
    expect(await primaryColour(page)).toBe('#257BAD');
    const heroBefore = await page.getByTestId('hero').getAttribute('data-hero');

    await page.getByTestId('current-building-name').click();
    const dialog = page.getByRole('dialog', { name: 'Choose a building' });
    await dialog.getByRole('button', { name: /Atrium Tower West/ }).click();
    await page.waitForURL(/\/building\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Atrium Tower West' }).waitFor();
    expect(await page.getByTestId('current-building-name').textContent()).toBe('Atrium Tower West');
    expect(await page.getByTestId('hero').getAttribute('data-hero')).not.toBe(heroBefore);
    await expect.poll(() => primaryColour(page)).toBe('#6A3FA0');

    // The address names the building: a reload stays on it, and kept it as the current building.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Atrium Tower West' }).waitFor();

    // An unknown building in the address falls back to the default building.
    await page.goto('/building/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'One Atrium Plaza' }).waitFor();
    await context.close();
  });

  it('a switch loads the new building’s feed once, when it changes the language (en-US → en) and when it does not', async () => {
    // An en-US browser: Atrium Tower West's own language is en, so the first switch also resets the language.
    const { page, context } = await newPage(browser, { locale: 'en-US' });
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(ADMIN.email, ADMIN.password);
    await auth.seeHome('Ada');
    const home = new HomePage(page);
    await page.getByRole('heading', { level: 1, name: 'One Atrium Plaza' }).waitFor();
    await home.ready();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    // Every feed call the page makes, by what it asks for (the building's uuid kept, the query dropped).
    const feedCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/tenant\/v[12]\/buildings\/[0-9a-f-]{36}\/(categories|promoted-content|utility-buttons)/.test(path)) feedCalls.push(path);
    });
    const switchTo = async (name: string) => {
      feedCalls.length = 0;
      await page.getByTestId('current-building-name').click();
      await page
        .getByRole('dialog', { name: 'Choose a building' })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.waitForURL(/\/building\/[0-9a-f-]{36}$/);
      await home.ready();
      await page.waitForLoadState('networkidle');
      const uuid = new URL(page.url()).pathname.split('/')[2]!;
      const calls = [...feedCalls];
      // All of the new building's, none of them twice.
      expect(
        calls.every((call) => call.includes(uuid)),
        JSON.stringify(calls),
      ).toBe(true);
      expect(calls, JSON.stringify(calls)).toEqual([...new Set(calls)]);
      expect(calls.filter((call) => call.endsWith('/categories'))).toHaveLength(1);
      expect(calls.filter((call) => call.endsWith('/promoted-content'))).toHaveLength(1);
    };

    await switchTo('Atrium Tower West');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await switchTo('One Atrium Plaza');
    await context.close();
  });
});

describe('white-label brands', () => {
  it('the two demo brands render different primary colours and logos on their host names', async () => {
    const seen: { colour: string; logo: string | null; title: string }[] = [];
    for (const host of ['localhost', 'harbor.localhost']) {
      const { page, context } = await newPage(browser, { host });
      await page.goto('/login');
      await page.getByLabel('Work email').waitFor();
      const colour = await page.getByRole('button', { name: 'Next' }).evaluate((button) => getComputedStyle(button).backgroundColor);
      const logo = await page.getByTestId('brand').locator('img').getAttribute('src');
      seen.push({ colour, logo, title: await page.title() });
      await context.close();
    }
    // /login shows each brand's own logo file, carried in the page as a data: address (decisions 065 and 066).
    const inPage = async (file: string) =>
      `data:image/svg+xml;base64,${Buffer.from(await (await fetch(`${baseURL()}${file}`)).arrayBuffer()).toString('base64')}`;
    // Atrium's #257BAD reads at 4.3:1 on the page's background, so its buttons take it a shade darker (AA); Harbor's reads as it is.
    expect(seen[0]).toEqual({ colour: 'rgb(35, 117, 164)', logo: await inPage('/media/brands/atrium.svg'), title: 'Sign in · Atrium' });
    expect(seen[1]).toEqual({ colour: 'rgb(11, 110, 79)', logo: await inPage('/media/brands/harbor.svg'), title: 'Sign in · Harbor Workplace' });
    expect(seen[0]!.logo).not.toBe(seen[1]!.logo);
  });
});

describe('language', () => {
  it('a new language re-renders the page and loads the building again in that language', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(tenant.person.email, tenant.person.password);
    await auth.seeHome(tenant.person.first_name);
    await page.goto('/account?tab=settings');
    const reloaded = page.waitForRequest(
      (request) => /\/api\/tenant\/v1\/buildings\/[0-9a-f-]{36}/.test(request.url()) && request.headers()['accept-language'] === 'es-ES',
    );
    // The language changes in a dialog (access document section 2's language-change modal).
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('dialog', { name: 'Choose your language' }).getByText('Español', { exact: true }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Cuenta' }).waitFor();
    // And back to English, which the page shows at once (and the file's other test signs in as this person).
    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await page.getByRole('dialog', { name: 'Elige tu idioma' }).getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await context.close();
  });
});

describe('account history', () => {
  it('opens /my-history from the header menu when its flag is on, with the person’s history', async () => {
    // On for this file's building only: the tenant's person gets it, no other file's people do.
    await setBuildingFlag('account-history', true, tenant.building_uuid);
    try {
      const { page, context } = await signedInPage(browser, { as: tenant.person });
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Account history' }).click();
      await page.waitForURL('**/my-history');
      await page.getByRole('heading', { name: 'Account history', level: 1 }).waitFor();
      await page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      // The person's own coming bookings are listed.
      const history = new HistoryPage(page);
      await history.ready();
      expect((await history.rowTexts()).join('\n')).toMatch(/Conference Room A|Focus Desk 7|Rooftop Terrace|Executive Boardroom/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await setBuildingFlag('account-history', null, tenant.building_uuid);
    }
  });
});

describe('getting around (issue 26)', () => {
  it('a phone has a tab bar to home, Book, the requests and the account, the current place marked; a desktop has them in the header', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 } });
    const tabs = page.getByTestId('tab-bar');
    await tabs.getByRole('link', { name: 'Home' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).toEqual(['Home', 'Book', 'Requests', 'Account']);
    expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // The building's name once above the fold: the hero says it; the header's switcher names it to assistive technology only.
    await page.getByRole('heading', { level: 1, name: 'One Atrium Plaza' }).waitFor();
    expect((await page.getByTestId('current-building-name').locator('span').boundingBox())?.width).toBeLessThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'One Atrium Plaza' }).count()).toBe(1);
    // The page keeps room for the bar: its last lines are never under it.
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('60px');

    await tabs.getByRole('link', { name: 'Requests' }).click();
    await page.waitForURL(/\/building\/[0-9a-f-]{36}\/service-requests$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => tabs.getByRole('link', { name: 'Requests' }).getAttribute('aria-current')).toBe('page');
    // Once the move has settled (the router marks the place it is leaving until then).
    await expect.poll(() => tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    await tabs.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/account');
    await expect.poll(() => tabs.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');

    // A desktop: no tab bar, the same places in the header, and the building's name in the header below home.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => tabs.isVisible()).toBe(false);
    const header = page.getByTestId('header-places');
    expect(await header.getByRole('link').allInnerTexts()).toEqual(['Home', 'Book', 'Requests', 'Account']);
    expect(await header.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect((await page.getByTestId('current-building-name').locator('span').boundingBox())?.width).toBeGreaterThan(50);
    await header.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/home');
    await expect.poll(async () => (await page.getByTestId('current-building-name').locator('span').boundingBox())?.width).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('shows no tab bar before sign-in (nor on a lobby kiosk: lobby.test.ts)', async () => {
    const { page, context } = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await new AuthPages(page).open();
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    await context.close();
  });
});
