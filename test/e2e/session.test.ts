import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SignJWT, decodeJwt } from 'jose';
import { baseURL, launchBrowser, newPage } from './browser';
import { AuthPages, DEMO } from './pages';

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
