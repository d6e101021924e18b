import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, newPage, seriousA11yViolations, setFlag, visit } from './browser';
import { AuthPages, signedInPage } from './pages';
import { apiSignIn, contentUuid, type ApiSession } from './api';
import { newTenant, type Tenant } from './tenant';

/**
 * Issue 11: a real lobby mode, no dead ends (native-only actions, 404, maintenance, sign-up terms) and languages
 * (decisions 080–083).
 */
const DEMO_IOS = 'https://apps.apple.com/app/atrium-workplace/id6450000000';
const DEMO_ANDROID = 'https://play.google.com/store/apps/details?id=com.atrium.tenant';

let browser: Browser;
/** The file's own tenant: a building with the demo content (One Atrium Plaza's languages and time zone), and its person. */
let tenant: Tenant;
let session: ApiSession;
let building: string;
let yoga: string;
let parking: string;
let wallet: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant();
  building = tenant.building_uuid;
  session = await apiSignIn(tenant.person.email, tenant.person.password);
  yoga = await contentUuid(session, building, 'Morning yoga on the terrace');
  parking = await contentUuid(session, building, 'Reserve a parking spot');
  wallet = await contentUuid(session, building, 'Your badge in your phone’s wallet');
});
afterAll(async () => {
  // The maintenance page's test turns maintenance on globally (see there).
  await setFlag('maintenance-mode', null);
});

/** A new page signed in as the file's tenant, on the home page. */
const signedIn = () => signedInPage(browser, { as: tenant.person });

/** WCAG contrast of two `rgb(r, g, b)` or `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const channels = (c: string) => {
    const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(c);
    const hex = /^#([0-9a-f]{6})$/i.exec(c);
    const values = rgb ? rgb.slice(1, 4).map(Number) : [0, 2, 4].map((i) => parseInt(hex![1]!.slice(i, i + 2), 16));
    return values.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  };
  const lum = (c: string) => {
    const [r, g, bl] = channels(c) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

describe('lobby (kiosk) mode', () => {
  it('shows the brand’s logo for dark bars, the building and its time, and nothing personal: no name, no RSVP', async () => {
    const { page, context } = await signedIn();
    await page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
    await page.goto(`/building/${building}`);
    const header = page.getByTestId('kiosk-header');
    await header.waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    // Nor a tab bar: the lobby's screen is nobody's (issue 26).
    expect(await page.getByTestId('tab-bar').count()).toBe(0);
    expect(await header.getByTestId('kiosk-building').innerText()).toBe(tenant.building_name);

    // The logo drawn for dark bars, loaded, its marks in a colour that reads on the bar.
    const logo = header.getByTestId('kiosk-logo');
    expect(await logo.getAttribute('src')).toBe('/media/brands/atrium-dark.svg');
    expect(await logo.getAttribute('alt')).toBe('Atrium');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const bar = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    const svg = await (await fetch(`${baseURL()}/media/brands/atrium-dark.svg`)).text();
    const textFill = /<text[^>]*fill="(#[0-9A-Fa-f]{6})"/.exec(svg)![1]!;
    expect(contrast(textFill, bar), `logo text ${textFill} on the bar ${bar}`).toBeGreaterThanOrEqual(4.5);

    // Nobody is greeted; the utilities and the feed still show.
    await page.locator('[data-utility="AMENITIES"]').waitFor();
    // The visitor mini-app would register guests as the person: not on a shared screen.
    expect(await page.locator('[data-utility="VISITOR_REGISTRATION_MINIAPP"]').count()).toBe(0);
    expect(await bodyText(page)).not.toContain(tenant.person.first_name);
    expect(await page.getByRole('heading', { name: `Welcome, ${tenant.person.first_name}` }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An event offers no RSVP on a shared screen: a QR code to carry on on one's phone instead.
    await visit(page, `/building/${building}/content/${yoga}`);
    await page.locator('#content-title').waitFor();
    const handoff = page.getByTestId('phone-handoff');
    await handoff.waitFor();
    await handoff.getByTestId('qr-code').waitFor();
    expect(await handoff.getByTestId('qr-code').getAttribute('data-qr-text')).toBe(`${baseURL()}/building/${building}/content/${yoga}`);
    expect(await page.getByRole('button', { name: /RSVP|Cancel/ }).count()).toBe(0);
    expect(await bodyText(page)).not.toContain(tenant.person.first_name);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('native-only actions in a browser', () => {
  it('"Open parking" explains itself, links both stores, shows a QR code of the content and leads back to it', async () => {
    const { page, context } = await signedIn();
    await visit(page, `/building/${building}/content/${parking}`);
    await page.getByRole('button', { name: 'Open parking' }).click();
    await page.waitForURL('**/mobile-only?from=*');
    const card = page.getByTestId('mobile-only-page');
    await card.getByRole('heading', { name: 'Get the mobile app' }).waitFor();
    await card.getByText('This works only in the Atrium mobile app', { exact: false }).waitFor();
    expect(await card.getByRole('link', { name: /App Store/ }).getAttribute('href')).toBe(DEMO_IOS);
    expect(await card.getByRole('link', { name: /Google Play/ }).getAttribute('href')).toBe(DEMO_ANDROID);
    const qr = card.getByRole('img', { name: 'QR code that opens this page on a phone' });
    await qr.waitFor();
    expect(await qr.getAttribute('data-qr-text')).toBe(`${baseURL()}/building/${building}/content/${parking}`);
    // The header stays: this is a page of the app, not a dead end.
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`**/building/${building}/content/${parking}`);
    await page.locator('#content-title').waitFor();
    await context.close();
  });

  it('"Open in the app" (a link into the app) and the Wallet utility lead to the same explanation, with a way back', async () => {
    const { page, context } = await signedIn();
    await visit(page, `/building/${building}/content/${wallet}`);
    await page.getByRole('button', { name: 'Open in the app' }).click();
    await page.waitForURL('**/mobile-only?from=*');
    await page.getByRole('link', { name: /App Store/ }).waitFor();

    await visit(page, `/building/${building}`);
    await page.locator('[data-utility="WALLET"]').click();
    await page.waitForURL('**/mobile-only?from=*');
    await page.getByRole('link', { name: /Google Play/ }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`**/building/${building}`);
    await page.locator('[data-utility="WALLET"]').waitFor();
    await context.close();
  });

  it('the Wallet page opened on its own, signed out, has the brand header and a way to sign in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/mobile-only?from=//evil.example');
    await page.getByTestId('brand-header').waitFor();
    expect(await page.getByTestId('brand-header').getByRole('link', { name: 'Atrium: home' }).count()).toBe(1);
    await page.getByRole('link', { name: /App Store/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A return address off this app is ignored.
    expect(await page.getByRole('link', { name: 'Back' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();

    // The other brand's bar shows its own logo for dark bars.
    const harbor = await newPage(browser, { host: 'harbor.localhost' });
    await harbor.page.goto('/mobile-only');
    const bar = harbor.page.getByTestId('brand-header');
    await bar.waitFor();
    expect(await bar.locator('img').getAttribute('src')).toBe('/media/brands/harbor-dark.svg');
    expect(await bar.getByRole('link', { name: 'Harbor Workplace: home' }).count()).toBe(1);
    await harbor.context.close();
  });
});

describe('no dead ends', () => {
  it('a page not found has the header and a way back home (signed out, the routing rules send it to sign-in)', async () => {
    const anonymous = await newPage(browser);
    await anonymous.page.goto('/no-such-page');
    await anonymous.page.waitForURL((url) => url.pathname === '/login');
    await anonymous.context.close();

    const { page, context } = await signedIn();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: `Welcome, ${tenant.person.first_name}` }).waitFor();
    await context.close();
  });

  it('the maintenance page has the brand header and a way back', async () => {
    // The one global flip left in this file: the page is the signed-out one (its way back is to sign-in), and a
    // signed-out visitor is evaluated as the anonymous flag user, who has no building (machines/flags/flagUser.ts), so
    // only the global value reaches them; a building's override cannot.
    await setFlag('maintenance-mode', true);
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.waitForURL('**/maintenance');
    await page.getByRole('heading', { name: "We'll be back soon" }).waitFor();
    await page.getByTestId('brand-header').waitFor();
    const back = page.getByRole('link', { name: 'Go to sign-in' });
    expect(await back.getAttribute('href')).toBe('/login');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Followed while maintenance lasts, the way back comes here again (the routing rules), without a reload.
    await back.click();
    await page.waitForURL('**/maintenance');
    await setFlag('maintenance-mode', false);
    await page.waitForURL('**/login', { timeout: 10_000 });
    await context.close();
  });

  it('the sign-up terms step links the terms of use and the privacy policy, and both open', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.startSignup();
    await auth.enterEmail(`e2e-terms-${Date.now()}@northwind.example`);
    await auth.seeStep('Create account');
    await auth.typeNames('Terry', 'Terms');
    await auth.next();
    await auth.seeStep('Create a password');
    await page.getByLabel('Password', { exact: true }).fill('Tenant#2026');
    await auth.next();
    await auth.seeStep('Terms and privacy');
    const terms = page.getByRole('link', { name: 'Read the Terms of Use' });
    const privacy = page.getByRole('link', { name: 'Read the Privacy Policy' });
    expect(await terms.getAttribute('href')).toBe('/legal/terms.html');
    expect(await privacy.getAttribute('href')).toBe('/legal/privacy.html');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const [link, heading] of [
      [terms, 'Terms of Use'],
      [privacy, 'Privacy Policy'],
    ] as const) {
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      await tab.getByRole('heading', { level: 1, name: heading }).waitFor();
      await tab.close();
    }
    await context.close();
  });
});

describe('languages', () => {
  it('a French page on an English and Spanish building says the content is in English and marks it lang="en"', async () => {
    const { page, context } = await signedIn();
    await page.goto(`/building/${building}?lang=fr-FR`);
    const note = page.getByTestId('content-language-note');
    await note.waitFor();
    expect(await note.innerText()).toContain('Affiché en anglais');
    expect(await page.getByTestId('home-content').getAttribute('lang')).toBe('en');
    // The utility labels come in English too (the building has no French), each marked with its language.
    const amenities = page.locator('[data-utility="AMENITIES"] [lang]');
    await amenities.waitFor();
    expect(await amenities.getAttribute('lang')).toBe('en');
    expect(await amenities.innerText()).toBe('Amenities');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The content screen too: its texts carry their language, the interface stays French.
    await page.goto(`/building/${building}/content/${yoga}?lang=fr-FR`);
    await page.locator('#content-title').waitFor();
    expect(await page.locator('#content-title').getAttribute('lang')).toBe('en');
    await page.getByTestId('content-language-note').waitFor();

    // The amenities are the operator's texts as well.
    await page.goto(`/building/${building}/amenities?lang=fr-FR`);
    await page.getByTestId('content-language-note').waitFor();
    await page.locator('[lang="en"] h2').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // In Spanish, which the building has, no note and no lang: the content is in the page's language.
    await page.goto(`/building/${building}?lang=es-ES`);
    await page.locator('[data-utility="AMENITIES"]').getByText('Servicios').waitFor();
    expect(await page.getByTestId('content-language-note').count()).toBe(0);
    expect(await page.getByTestId('home-content').getAttribute('lang')).toBeNull();
    await context.close();
  });

  it('French times are 24-hour: an evening event’s times and the lobby clock', async () => {
    const { page, context } = await signedIn();
    const wine = await contentUuid(session, building, 'Wine tasting evening');
    await page.goto(`/building/${building}/content/${wine}?lang=fr-FR`);
    const when = page.getByTestId('event-when');
    await when.waitFor();
    const text = await when.innerText();
    // The wine tasting starts at 18:00 in the building's zone.
    expect(text).toMatch(/\b18:00\b/);
    expect(text).not.toMatch(/AM|PM/);
    await page.goto(`/building/${building}/content/${wine}?lang=en-US`);
    await expect.poll(() => when.innerText()).toMatch(/6:00\s–\s8:00\sPM/);

    await context.close();

    // The lobby clock at 20:15 UTC, 15:15 in New York: "15:15" in French (the browser's clock set before sign-in, so
    // the session's times agree with it).
    const lobby = await newPage(browser);
    await lobby.page.clock.install({ time: new Date('2026-11-25T20:15:00Z') });
    const auth = new AuthPages(lobby.page);
    await auth.open();
    await auth.signIn(tenant.person.email, tenant.person.password);
    await auth.seeHome(tenant.person.first_name);
    await lobby.page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
    await lobby.page.goto(`/building/${building}?lang=fr-FR`);
    const clock = lobby.page.getByTestId('kiosk-clock');
    await clock.waitFor();
    expect(await clock.innerText()).toMatch(/^15:1\d$/);
    await lobby.context.close();
  });
});
