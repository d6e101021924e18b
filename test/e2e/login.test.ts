import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createConfirmedAccount, launchBrowser, newPage, seriousA11yViolations } from './browser';
import { AuthPages, expectUrlPath } from './pages';
import { LOCALES } from '../../src/i18n/locales';

const DEMO = { email: 'demo@northwind.example', password: 'Atrium!2026', firstName: 'Dana' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

describe('signing in', () => {
  it('leads / to /login, keeping the query string', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/?utm_source=lobby');
    await page.getByLabel('Work email').waitFor();
    expectUrlPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('lobby');
    await context.close();
  });

  it('brings a deep link through sign-in: a signed-out /my-history?tab=past signs in, then opens there', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open('/my-history?tab=past');
    expectUrlPath(page, '/login');
    const landing = new URL(page.url()).searchParams;
    expect(landing.get('tab')).toBe('past');
    expect(landing.get('next')).toBe('/my-history?tab=past');
    await auth.signIn(DEMO.email, DEMO.password);
    await page.waitForURL((url) => url.pathname === '/my-history');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('past');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('paints its heading before any script runs, then the app takes over with focus in the email field and nothing moved', async () => {
    // The page's scripts held back: what shows is the page as the server sent it (decision 059).
    const held = await newPage(browser, { host: 'harbor.localhost' });
    await held.page.route('**/assets/*.js', (route) => route.abort());
    await held.page.goto('/login');
    const firstPaint = held.page.locator('#atrium-shell');
    await expect(firstPaint.locator('h1').textContent()).resolves.toBe('Sign in');
    await expect(firstPaint.locator('p').textContent()).resolves.toBe('Use your work email to sign in or create an account.');
    expect(await firstPaint.locator('input, button, a').count()).toBe(0);
    await held.context.close();

    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/login');
    await page.getByLabel('Work email').waitFor();
    await page.locator('#atrium-shell').waitFor({ state: 'detached' });
    // The app's code was asked for only once the first paint was on the screen (decision 063).
    const order = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      code: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/.*\.js$/.test(e.name))
          .map((e) => e.startTime),
      ),
    }));
    expect(order.code).toBeGreaterThanOrEqual(order.paint);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.05);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('starts in stages whose code the page names up front, and asks the browser for no locale table (decision 064)', async () => {
    const { page, context } = await newPage(browser);
    // Every question to the browser's Intl that needs its table of locales, counted from before the page's scripts.
    await page.addInitScript({
      content: `window.intlAsked = [];
        for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator', 'ListFormat', 'RelativeTimeFormat', 'DisplayNames', 'Locale']) {
          const Original = Intl[name];
          const Counted = function (...args) { window.intlAsked.push('new ' + name); return new Original(...args); };
          Counted.prototype = Original.prototype;
          Counted.supportedLocalesOf = (...args) => { window.intlAsked.push(name + '.supportedLocalesOf'); return Original.supportedLocalesOf(...args); };
          Intl[name] = Counted;
        }`,
    });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await page.getByLabel('Work email').waitFor();
    expect(await page.evaluate(() => (window as unknown as { intlAsked: string[] }).intlAsked)).toEqual([]);
    // The probe left out of the build asked whether the browser has each language's number and date data: it has.
    const locales = [...LOCALES];
    expect(await page.evaluate((all) => [Intl.NumberFormat.supportedLocalesOf(all), Intl.DateTimeFormat.supportedLocalesOf(all)], locales)).toEqual([
      locales,
      locales,
    ]);
    // Each stage's code is named in the page, so it loads beside the entry; each file is asked for once.
    const named = await page.evaluate(() => (JSON.parse(document.getElementById('atrium-code')!.textContent!) as { preload: string[] }).preload);
    const stages = named.filter((file) => /\/start-\d-/.test(file));
    expect(stages.map((file) => /start-(\d)-/.exec(file)![1])).toEqual(['1', '2', '3', '4']);
    for (const file of stages) expect(scripts.filter((script) => script === file)).toHaveLength(1);
    await context.close();
  });

  it('paints the form, in the host’s brand, without any API call: the page carried its configuration, brand and flags', async () => {
    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    const calls: string[] = [];
    const pictures: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // The flag change stream is an EventSource that stays open; it is no call the page waits for.
      if (path.startsWith('/api/') && request.resourceType() !== 'eventsource') calls.push(`${request.method()} ${path}`);
      if (request.resourceType() === 'image' && !request.url().startsWith('data:')) pictures.push(path);
    });
    await page.goto('/login');
    await page.getByLabel('Work email').waitFor();
    await expect(page.title()).resolves.toBe('Sign in · Harbor Workplace');
    expect(calls).toEqual([]);
    // The screen's logo is the picture the page carried for its first paint (decision 065): no file is asked for.
    await expect(page.locator('#root img').first().getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;base64,/);
    expect(pictures).toEqual([]);
    // The tab's icon is the brand's small PNG, named by the page itself (decision 066).
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe('/media/brands/harbor-icon.png');
    // The first call leaves when the person asks for something (and the deferred page view follows).
    const auth = new AuthPages(page);
    await auth.enterEmail(DEMO.email);
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(calls[0]).toBe('POST /api/auth/v2/validate-email');
    await context.close();
  });

  it('never shows the email form again between the right password and the home page, on a slow network', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    // 800 ms for every request from here on.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 800, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: /Sign in|Log in/ }).click();
    const home = page.getByText(`Welcome, ${DEMO.firstName}`);
    let sawEmailForm = false;
    while (!(await home.isVisible())) {
      if (await page.getByLabel('Work email').isVisible()) sawEmailForm = true;
      await page.waitForTimeout(25);
    }
    expect(sawEmailForm).toBe(false);
    expectUrlPath(page, '/home');
    await context.close();
  });

  it('shows the message on a wrong password and keeps the email', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, 'Wrong!2026');
    await auth.seeError("User email or password doesn't match");
    await expect(page.getByText(`Signing in as ${DEMO.email}`).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await auth.fieldValue('Work email')).toBe(DEMO.email);
    await context.close();
  });

  it('takes the demo tenant to the home page with their building, and keeps them signed in on reload', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    await auth.seeHome('Dana');
    await page.getByTestId('hero').getByRole('heading', { level: 1, name: 'One Atrium Plaza' }).waitFor();
    await page.reload();
    await auth.seeHome('Dana');
    await auth.logOut();
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it("paints the building's hero from the page on a return to /home, before the app runs, and the cookie goes with sign-out", async () => {
    // A browser that never loaded the hero: the order of its loads is what is checked.
    const { page, context } = await newPage(browser, { coldCache: true });
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    await auth.seeHome('Dana');
    const hero = await page.getByTestId('hero').getAttribute('data-hero');
    expect(hero).toBeTruthy();

    // The scripts held back: the page as the server sent it shows the hero the app showed last.
    const held = await context.newPage();
    await held.route('**/assets/*.js', (route) => route.abort());
    await held.goto('/home');
    const firstPaint = held.locator('#atrium-shell img');
    await expect(firstPaint.getAttribute('src')).resolves.toBe(new URL(hero!, page.url()).pathname);
    await expect.poll(() => firstPaint.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await held.close();

    // With the scripts, the app takes over and the first paint goes; its code was asked for once the hero had loaded.
    await page.reload();
    await auth.seeHome('Dana');
    await page.locator('#atrium-shell').waitFor({ state: 'detached' });
    const order = await page.evaluate((heroPath) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        hero: resources.find((e) => new URL(e.name).pathname === heroPath)?.responseEnd ?? Number.NaN,
        code: Math.min(...resources.filter((e) => /\/assets\/.*\.js$/.test(e.name)).map((e) => e.startTime)),
      };
    }, new URL(hero!, page.url()).pathname);
    expect(order.code).toBeGreaterThanOrEqual(order.hero);
    await auth.logOut();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('atrium_home');
    await context.close();
  });

  it('after five wrong passwords says how long to wait, keeping the email', async () => {
    const account = { email: `guessed.${Date.now()}@northwind.example`, firstName: 'Gus', lastName: 'Guessed', password: 'Right!2026pw' };
    await createConfirmedAccount(account);
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await auth.enterEmail(account.email);
    const answered = () => page.waitForResponse((r) => r.url().endsWith('/api/auth/v2/login'));
    for (let i = 0; i < 5; i++) {
      const [answer] = await Promise.all([answered(), auth.enterPassword(`Wrong!${i}guess`)]);
      expect(answer.status()).toBe(401);
      await auth.seeError("User email or password doesn't match");
    }
    // Locked now: even the right password waits, and the message names the wait.
    const [locked] = await Promise.all([answered(), auth.enterPassword(account.password)]);
    expect(locked.status()).toBe(429);
    await auth.seeError('Too many sign-in attempts. Please try again in 1 minute.');
    // The error's red text keeps AA contrast on its tint (it fell short before).
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByText(`Signing in as ${account.email}`).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows the Company Email Not Found modal for an unknown domain', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail('someone@unknown-company.example');
    const dialog = page.getByRole('dialog', { name: 'Company Email Not Found' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await auth.fieldValue('Work email')).toBe('someone@unknown-company.example');
    await context.close();
  });

  it('after a failed email check keeps the email, says it failed, and names the buildings open to guests', async () => {
    const { page, context } = await newPage(browser);
    // The email check fails on the server's side (the API is down for that call); every other call goes through.
    await page.route('**/api/auth/v2/validate-email', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The service is unavailable' }) }),
    );
    const guests = page.waitForRequest((request) => request.url().endsWith('/api/public/guest-buildings'));
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail('demo@northwind.example');
    await guests;
    await page.getByRole('alert').filter({ hasText: 'Unable to complete at this moment' }).waitFor();
    const list = page.getByRole('region', { name: 'Visiting? These buildings welcome guests:' });
    await list.getByText('Atrium Tower West').waitFor();
    expect(await auth.fieldValue('Work email')).toBe('demo@northwind.example');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
