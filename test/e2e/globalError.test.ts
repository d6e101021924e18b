import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { AuthPages } from './pages';

const DEMO = { email: 'demo@northwind.example', password: 'Atrium!2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

const unavailable = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'down for a moment' }),
};

/** Makes the building's own call (`/tenant/v1/buildings/{uuid}`) answer 503 for its next `times` calls. */
async function failBuilding(page: Page, times: number) {
  let left = times;
  await page.route(
    (url) => /\/api\/tenant\/v1\/buildings\/[^/?]+$/.test(url.pathname),
    async (route) => {
      if (left > 0) {
        left -= 1;
        await route.fulfill(unavailable);
      } else {
        await route.continue();
      }
    },
  );
}

/** Makes the building list answer 503 for its next `times` calls (the rest reach the real server). */
async function failBuildingList(page: Page, times: number) {
  let left = times;
  await page.route('**/api/tenant/v1/users/current/buildings**', async (route) => {
    if (left > 0) {
      left -= 1;
      await route.fulfill(unavailable);
    } else {
      await route.continue();
    }
  });
}

describe('the global error modal', () => {
  it('tries the failed action again, and the page recovers', async () => {
    const { page, context } = await newPage(browser);
    await failBuilding(page, 1);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('hero').getByRole('heading', { level: 1, name: 'One Atrium Plaza' }).waitFor();
    await context.close();
  });

  it('turns the button into Go back when the same action fails twice in a row, which clears the error', async () => {
    const { page, context } = await newPage(browser);
    await failBuilding(page, 2);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByRole('button', { name: 'Go back' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('a failed list of the user’s buildings', () => {
  it('logs out (specification section 8) instead of asking to try again', async () => {
    const { page, context } = await newPage(browser);
    await failBuildingList(page, 1);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(DEMO.email, DEMO.password);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Work email').waitFor();
    expect(await page.getByRole('dialog', { name: 'Something went wrong' }).count()).toBe(0);
    // The session is gone: the app's pages send the person to sign in.
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
