import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { baseURL, launchBrowser, newPage, seriousA11yViolations, visit } from './browser';
import { apiSignIn, demoInPlaza } from './api';
import { CardsPage } from './cardPages';
import { newTenant } from './tenant';

/**
 * The native app's web view (issue 23, part E): opened with the person's token, building and API in the query string,
 * the token leaves the address at once and is sent nowhere but as the bearer of API calls; the smart-building screens
 * and the help desk show without the app's header or the farm bar; a refused launch says why and its Close reaches a
 * fake native host (React Native's `ReactNativeWebView.postMessage`), as the card form's result does.
 */
let browser: Browser;
let plaza: string;
beforeAll(async () => {
  browser = await launchBrowser();
  plaza = (await demoInPlaza()).plaza;
});

/** A page with a fake React Native host that records what the app posts to it (each message as sent: a JSON string). */
async function nativeHostPage(viewport = { width: 360, height: 740 }) {
  const { page, context } = await newPage(browser);
  await page.setViewportSize(viewport);
  await page.addInitScript(() => {
    const posted: string[] = [];
    (window as unknown as { __posted: string[] }).__posted = posted;
    (window as unknown as { ReactNativeWebView: { postMessage(m: string): void } }).ReactNativeWebView = { postMessage: (m) => posted.push(m) };
  });
  return { page, context };
}
const posted = (page: Page) => page.evaluate(() => (window as unknown as { __posted: string[] }).__posted.map((m) => JSON.parse(m) as unknown));

const launchUrl = (token: string, options: { building?: string; baseUrl?: string; path?: string } = {}) => {
  const query = new URLSearchParams({ accessToken: token, buildingUuid: options.building ?? plaza, baseUrl: options.baseUrl ?? `${baseURL()}/api` });
  return `${options.path ?? '/webview'}?${query.toString()}`;
};

/** Waits for the floors list of the web view (its three demo floors). */
async function seeFloors(page: Page) {
  await page.getByTestId('floors').getByRole('link', { name: 'Floor 15' }).waitFor();
}

const farmBar = (page: Page) => page.getByRole('complementary', { name: 'Farm in use' });
const appHeader = (page: Page) => page.getByRole('button', { name: 'Account menu' });

/** Everything the page sent after its own address, and what it wrote: none of it may carry the token. */
function recordRequests(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return async (token: string) => {
    const leaks: string[] = [];
    for (const request of requests) {
      const isDocument = request.resourceType() === 'document' && request.url().includes('accessToken=');
      if (!isDocument && request.url().includes(token)) leaks.push(`url ${request.url()}`);
      if ((request.postData() ?? '').includes(token)) leaks.push(`body of ${request.url()}`);
      const headers = await request.allHeaders();
      if ((headers.referer ?? '').includes(token)) leaks.push(`referer of ${request.url()}`);
      // The token goes only as the bearer of API calls.
      if (headers.authorization && headers.authorization !== `Bearer ${token}` && headers.authorization.includes(token))
        leaks.push(`header of ${request.url()}`);
    }
    return leaks;
  };
}

describe('the native web view', () => {
  it('takes the token from the address at once, shows the floors, a suite’s control and the help desk, without app header or farm bar', async () => {
    const { page, context } = await nativeHostPage();
    const leaks = recordRequests(page);
    // A fresh token of the person (the native app's), never one the page had.
    const token = (await apiSignIn('demo@northwind.example', 'Atrium!2026')).token;
    await page.goto(launchUrl(token));
    await page.waitForURL('**/webview/smart-building');
    expect(page.url()).not.toContain('accessToken');
    expect(page.url()).not.toContain('baseUrl');
    await seeFloors(page);
    expect(await page.getByTestId('floors').getByRole('link').allInnerTexts()).toEqual(['Floor 12', 'Floor 14', 'Floor 15']);
    expect(await appHeader(page).count()).toBe(0);
    expect(await farmBar(page).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Down to a suite's control, inside the web view.
    await page.getByRole('link', { name: 'Floor 14' }).click();
    await page.waitForURL('**/webview/smart-building/floors/*/suites');
    await page.getByRole('link', { name: 'Suite 1400' }).click();
    await page.waitForURL('**/webview/suites/*/control');
    await page.getByRole('heading', { level: 1, name: 'Suite 1400' }).waitFor();
    await page.getByRole('slider', { name: 'Brightness' }).waitFor();
    await page.getByRole('tab', { name: 'Temperature' }).click();
    await page.waitForURL('**/webview/suites/*/control/temperature');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/webview-control-360.png', fullPage: true });

    // The help desk, in German by the address.
    await page.goto('/webview/de-DE/help-desk');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    expect(await appHeader(page).count()).toBe(0);

    // The session is kept like any: a reload of the web view (its token long gone from the address) still shows it.
    await page.goto('/webview/smart-building');
    await seeFloors(page);
    expect(await leaks(token)).toEqual([]);
    // Nothing the page keeps in the address history or sends as a page view holds the token.
    expect(await page.evaluate((t) => JSON.stringify(history.state).includes(t), token)).toBe(false);
    await context.close();
  });

  it('shows the web view screens at 360 and 1280 pixels', async () => {
    const { page, context } = await nativeHostPage({ width: 1280, height: 800 });
    const token = (await apiSignIn('demo@northwind.example', 'Atrium!2026')).token;
    await page.goto(launchUrl(token));
    await seeFloors(page);
    await page.screenshot({ path: 'test-results/webview-floors-1280.png' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: 'test-results/webview-floors-360.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await visit(page, '/webview/help-desk');
    await page.getByRole('heading', { name: 'Help desk', level: 1 }).waitFor();
    await page.screenshot({ path: 'test-results/webview-helpdesk-360.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/webview-helpdesk-1280.png', fullPage: true });
    // Dark, as a phone set to dark shows it: the colour rules clean on the help desk and the floors.
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousA11yViolations(page, { colourRules: true })).toEqual([]);
    // Leaving the help desk in the web view asks the native app to close it (its home is the app's).
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => posted(page), { timeout: 10_000 }).toEqual([{ action: 'closeWebView' }]);
    expect(new URL(page.url()).pathname).toBe('/webview/help-desk');
    await context.close();
  });

  it('a token the server refuses: a clear screen, not a blank page, whose Close reaches the native app', async () => {
    const { page, context } = await nativeHostPage();
    await page.goto(launchUrl('not-a-real-token'));
    const refused = page.getByTestId('webview-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-reason')).toBe('token');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('This view can’t open');
    expect(page.url()).not.toContain('not-a-real-token');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/webview-refused-360.png' });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => posted(page)).toEqual([{ action: 'closeWebView' }]);
    await context.close();
  });

  it('an API base the deployment does not know: the token is sent nowhere', async () => {
    const { page, context } = await nativeHostPage();
    const leaks = recordRequests(page);
    const token = (await apiSignIn('demo@northwind.example', 'Atrium!2026')).token;
    const elsewhere: string[] = [];
    await page.route('https://evil.example/**', (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    });
    await page.goto(launchUrl(token, { baseUrl: 'https://evil.example/api' }));
    const refused = page.getByTestId('webview-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-reason')).toBe('baseUrl');
    expect(elsewhere).toEqual([]);
    expect(await leaks(token)).toEqual([]);
    // Nobody was signed in by it: the app's own pages lead to sign-in.
    await visit(page, '/home');
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('hides the farm bar on every web view path while a farm is in use, and shows it elsewhere', async () => {
    const { page, context } = await nativeHostPage();
    const token = (await apiSignIn('demo@northwind.example', 'Atrium!2026')).token;
    await page.goto(launchUrl(token));
    await seeFloors(page);
    // A farm chosen in this browser before (the seeded one that is this server), then the web view reloaded.
    await page.evaluate(() => {
      const root = JSON.parse(localStorage.getItem('root') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('root', JSON.stringify({ ...root, farm: { uuid: 'local', description: 'Local (this server)', url: '/api' } }));
    });
    await page.goto('/webview/smart-building');
    await seeFloors(page);
    expect(await farmBar(page).count()).toBe(0);
    await visit(page, `/building/${plaza}`);
    await farmBar(page).waitFor();
    await context.close();
  });

  it('the help desk’s Done, after a request is sent, asks the native host to close the web view (and leaves nothing else)', async () => {
    const tenant = await newTenant();
    const { page, context } = await nativeHostPage();
    const token = (await apiSignIn(tenant.person.email, tenant.person.password)).token;
    await page.goto(launchUrl(token, { building: tenant.building_uuid, path: '/webview/help-desk' }));
    const form = page.getByRole('form', { name: 'Support request' });
    await form.getByLabel('Subject (required)').waitFor();
    await form.getByLabel('This web app').check();
    await form.getByLabel('Subject (required)').fill('The suite control does not answer');
    await form.getByLabel('Description (required)').fill('Lighting stays at 40 % whatever I choose.');
    const answered = page.waitForResponse((r) => r.url().endsWith('/helpdesk-service/v1/records/create'));
    await form.getByRole('button', { name: 'Send request' }).click();
    expect((await answered).status()).toBe(201);
    const success = page.getByRole('dialog', { name: 'Request sent' });
    await success.waitFor();
    // Nothing is asked of the host before Done.
    expect(await posted(page)).toEqual([]);
    await success.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => posted(page), { timeout: 10_000 }).toEqual([{ action: 'closeWebView' }]);
    // The web view stays where it was (its home is the native app's), without the app's header.
    expect(new URL(page.url()).pathname).toBe('/webview/help-desk');
    expect(await appHeader(page).count()).toBe(0);
    await context.close();
  });

  it('without a token or a kept session it says the view opens from the app; an unknown language is no web view page', async () => {
    const { page, context } = await nativeHostPage();
    await page.goto('/webview/help-desk');
    const refused = page.getByTestId('webview-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-reason')).toBe('signedOut');
    await page.goto('/webview/xx-XX/help-desk');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('webview-refused').count()).toBe(0);
    await context.close();
  });
});

describe('the card form in a native web view', () => {
  it('posts {errors, validation, paymentMethodData} to the native host when a card is added', async () => {
    const tenant = await newTenant();
    const { page, context } = await nativeHostPage({ width: 1280, height: 800 });
    const token = (await apiSignIn(tenant.person.email, tenant.person.password)).token;
    // Signed in by the web view's launch, then the card form (the native app opens /add-card in the same web view).
    await page.goto(launchUrl(token, { building: tenant.building_uuid, path: '/webview/help-desk' }));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const cards = new CardsPage(page);
    await cards.open();
    await cards.addCard({ firstName: 'Ada', lastName: 'Lovelace', number: '4242424242424242', cvv: '123', expiry: '1230' }, 'Visa ending in 4242');
    await expect.poll(async () => (await posted(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [message] = (await posted(page)) as {
      errors: unknown[];
      validation: unknown;
      paymentMethodData: { paymentMethod: { last4?: string } } | null;
    }[];
    expect(message!.errors).toEqual([]);
    expect(message!.validation).toBeTruthy();
    expect(message!.paymentMethodData).not.toBeNull();
    expect(JSON.stringify(message)).not.toContain('4242424242424242');
    await context.close();
  });
});
