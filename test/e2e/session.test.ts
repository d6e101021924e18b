import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SignJWT, decodeJwt } from 'jose';
import { baseURL, launchBrowser, newPage } from './browser';
import { AuthPages, DEMO, expectUrlPath } from './pages';

/**
 * A session kept from an older client: its access token names another version than 3 (access document section 4).
 * The app trades it for current tokens of the same session before going on, and signs out when that fails (section 8).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

interface Login {
  token: string;
  expires_in: number;
  refresh_token: { token: string; expires_in: number };
  user: unknown;
}

async function login(): Promise<Login> {
  const answer = await fetch(`${baseURL()}/api/auth/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  return (await answer.json()) as Login;
}

/** The same session's access token as version `ver`, signed with the server's key. */
async function olderToken(token: string, ver = 2) {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid: claims.uid, fam: claims.fam, ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(inject('jwtSecret')));
}

/** A page whose browser keeps `session` as the app keeps a signed-in person (local storage `root`). */
async function pageKeeping(session: Login, token: string) {
  const { page, context } = await newPage(browser);
  const now = Math.floor(Date.now() / 1000);
  const auth = {
    token,
    tokenExpiresAt: now + 600,
    refreshToken: { token: session.refresh_token.token, expiresAt: now + session.refresh_token.expires_in },
    user: session.user,
  };
  await page.addInitScript((root) => {
    if (!localStorage.getItem('root')) localStorage.setItem('root', root);
  }, JSON.stringify({ auth }));
  return { page, context };
}

describe('a kept token of an older version', () => {
  it('is traded for version 3 tokens of the same session, and the person goes on signed in', async () => {
    const session = await login();
    const { page, context } = await pageKeeping(session, await olderToken(session.token));
    await page.goto('/home');
    await new AuthPages(page).seeHome(DEMO.firstName);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').auth.token as string);
    expect(decodeJwt(kept).ver).toBe(3);
    expect(decodeJwt(kept).fam).toBe(decodeJwt(session.token).fam);
    await context.close();
  });

  it('signs the person out when the upgrade fails (the session had ended)', async () => {
    const session = await login();
    const old = await olderToken(session.token);
    // The session ends elsewhere (logged out on another device).
    await fetch(`${baseURL()}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
    const { page, context } = await pageKeeping(session, old);
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Work email').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').auth ?? null)).toBeNull();
    await context.close();
  });
});

/** The user's buildings (GET /tenant/v1/users/current/buildings) answered with a 500; `refused` once it has been. */
async function refuseBuildingList(page: Page): Promise<{ refused: Promise<void> }> {
  let answered!: () => void;
  const refused = new Promise<void>((resolve) => (answered = resolve));
  await page.route(
    (url) => url.pathname === '/api/tenant/v1/users/current/buildings',
    async (route) => {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'down' }),
      });
      answered();
    },
  );
  return { refused };
}

/** Signed out on the sign-in screen: the server told, nothing kept, no blank home. */
async function seeSignedOut(page: Page, loggedOut: Promise<unknown>) {
  await loggedOut;
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Work email').waitFor();
  expectUrlPath(page, '/login');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').auth ?? null)).toBeNull();
}

describe('a building list the server refuses (access document section 8)', () => {
  it('after a fresh sign-in, logs the person out', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await refuseBuildingList(page);
    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await auth.signIn(DEMO.email, DEMO.password);
    await seeSignedOut(page, loggedOut);
    await context.close();
  });

  it('on a reload, logs the person out the same way (not a blank home), even before the kept user is checked', async () => {
    const session = await login();
    const { page, context } = await pageKeeping(session, session.token);
    const { refused } = await refuseBuildingList(page);
    // The user check answers only after the list was refused: the order in which the reload used to stay signed in.
    await page.route(
      (url) => url.pathname === '/api/users/current',
      async (route) => {
        await refused;
        await route.continue();
      },
    );
    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await page.goto('/home');
    await seeSignedOut(page, loggedOut);
    await context.close();
  });
});
