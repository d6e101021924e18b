import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { AuthPages, expectUrlPath } from './pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

/**
 * Follows a link inside the app: the address changes without a reload (the router picks it up), so the session,
 * with its auth mode, and the running sign-up are kept, as with any in-app navigation.
 */
const followInAppLink = (page: Page, path: string) => page.evaluate((to) => window.history.pushState(null, '', to), path);

/**
 * The paths the address goes through from now on, redirects included. The auth screen also moves the address to the
 * route its step is on, so only the way there shows who redirected: the routing rules go straight to /signup.
 */
function addressTrail(page: Page) {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return { take: () => paths.splice(0) };
}

describe('the sign-up auth mode (access document section 2: sign-up mode redirects to the sign-up route)', () => {
  it('brings a signed-out visitor who leaves a sign-up under way back to /signup, until they go back to sign in', async () => {
    const email = `e2e-mode-${Date.now()}@northwind.example`;
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail(email);
    await auth.seeStep('Create account');
    expectUrlPath(page, '/signup');
    await auth.typeNames('Moe', 'Mode');
    const trail = addressTrail(page);

    // A signed-in page, the root and sign-in itself all lead straight back to the sign-up, which goes on where it was.
    for (const path of ['/home', '/', '/login']) {
      await followInAppLink(page, path);
      await page.waitForURL('**/signup');
      await auth.seeStep('Create account');
      expect(trail.take(), `the way from a link to ${path}`).toEqual([path, '/signup']);
      expect(await auth.fieldValue('First name'), `after a link to ${path}`).toBe('Moe');
    }

    // Back at sign-in the mode is sign-in again: a signed-in page leads to /login.
    await auth.button('Back to sign in').click();
    await auth.seeStep('Sign in');
    expectUrlPath(page, '/login');
    trail.take();
    await followInAppLink(page, '/home');
    await page.waitForURL('**/login');
    await auth.seeStep('Sign in');
    expect(trail.take()).toEqual(['/home', '/login']);
    expect(await auth.fieldValue('Work email')).toBe(email);
    await context.close();
  });
});
