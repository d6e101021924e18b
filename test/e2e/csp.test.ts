import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { contentUuid, demoInPlaza, type ApiSession } from './api';
import { AuthPages, DEMO, HomePage, signedInPage } from './pages';

/**
 * Every screen under the server's Content-Security-Policy (on by default, as `npm start` serves it): the browser
 * reports no violation, and the policy forbids inline script. Violations are collected in the page as the browser
 * fires them (securitypolicyviolation) and from the console, for frames too.
 */

let browser: Browser;
let demo: ApiSession;
let plaza: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ demo, plaza } = await demoInPlaza());
});

/** Starts collecting the page's CSP violations; answers a function that reads them. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => {
    const inPage = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
    return [...inPage, ...fromConsole];
  };
}

describe('the Content-Security-Policy', () => {
  it('is sent with the app, forbids inline script, and sign-in, sign-up and reset run under it', async () => {
    const { page, context } = await newPage(browser);
    const violations = await watchViolations(page);
    const answer = await page.goto('/login');
    const policy = (await answer!.allHeaders())['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const auth = new AuthPages(page);
    await page.getByLabel('Work email').waitFor();
    await auth.enterEmail(`csp.${Date.now()}@northwind.example`);
    await page.getByLabel('First name').waitFor();
    await page.goto('/reset-password');
    await page.getByRole('heading').first().waitFor();
    await page.goto('/no-such-page');
    await page.getByRole('heading').first().waitFor();
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('lets every signed-in screen run without a violation: home, amenities, directory, content, account, mini-app frames, the web view', async () => {
    const { page, context } = await newPage(browser);
    const violations = await watchViolations(page);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    await auth.seeHome(DEMO.firstName);
    const home = new HomePage(page);
    await home.ready();

    // The mini-apps, both on their own origin now (decision 161): the visitor page and the survey, framed.
    await home.utilities().filter({ hasText: 'Visitors' }).click();
    await page.frameLocator('[role="dialog"] iframe').getByRole('heading', { name: 'Visitors', level: 1 }).waitFor();
    await home.frame().getByRole('button', { name: 'Close' }).click();
    await home.frame().waitFor({ state: 'detached' });
    await home.utilities().filter({ hasText: 'Feedback' }).click();
    await page.frameLocator('[role="dialog"] iframe').locator('h1[data-auth="anonymous"]').waitFor();
    await home.frame().getByRole('button', { name: 'Close' }).click();

    const screens: [string, () => Promise<unknown>][] = [
      [`/building/${plaza}/amenities`, () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      [`/building/${plaza}/companies`, () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      [`/building/${plaza}/content/${await contentUuid(demo, plaza, 'Tell us about your commute')}`, () => page.locator('#content-title').waitFor()],
      ['/account', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ['/account/profile', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ['/account/profile?tab=password', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ['/mobile-only', () => page.getByRole('heading').first().waitFor()],
      // The native web view's screens, on the session kept by the tab.
      ['/webview/smart-building', () => page.getByTestId('floors').getByRole('link').first().waitFor()],
      ['/webview/help-desk', () => page.getByRole('heading', { name: 'Help desk', level: 1 }).waitFor()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('is enforced: an injected inline script does not run, and the violation is reported', async () => {
    const { page, context } = await signedInPage(browser);
    const violations = await watchViolations(page);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${DEMO.firstName}` }).waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      // An inline script the policy allowed would have run during append.
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // The report is an event the browser queues after the refusal.
    await expect.poll(async () => (await violations()).join('\n')).toMatch(/script-src/);
    await context.close();
  });
});
