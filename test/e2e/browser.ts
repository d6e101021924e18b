import type { Browser, BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium';

/** Debian's Chromium, with the flags this machine needs (scripts/chromium.ts). */
export const launchBrowser = (): Promise<Browser> => launchChromium();

export const baseURL = () => inject('baseURL');

/** A fresh browser context (its own storage) with the app's address as base. */
export async function newPage(
  browser: Browser,
  options: { host?: string; timezoneId?: string; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const base = options.host ? baseURL().replace('localhost', options.host) : baseURL();
  const context = await browser.newContext({
    baseURL: base,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/** The newest four-digit code the dev mailbox holds for an address. */
export async function latestCode(email: string): Promise<string> {
  const answer = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { data } = (await answer.json()) as { data: { text: string }[] };
  const code = /\b(\d{4})\b/.exec(data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${email}`);
  return code;
}

/** What the dev mailbox holds for an address, newest first. */
export async function mailbox(email: string): Promise<{ text: string }[]> {
  const answer = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { data: { text: string }[] }).data;
}

/** A four-digit code that is not `code` (for trying a wrong one). */
export const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/**
 * A confirmed password account made through the API (sign-up and code), for tests that start from an existing
 * account rather than from sign-up itself.
 */
export async function createConfirmedAccount(account: { email: string; firstName: string; lastName: string; password: string }) {
  const api = `${baseURL()}/api`;
  const registered = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      password: account.password,
      is_term_accepted: true,
      is_email_accepted: false,
      user_type_id: 1,
    }),
  });
  if (!registered.ok) throw new Error(`register ${account.email}: ${registered.status} ${await registered.text()}`);
  const code = await latestCode(account.email);
  const confirmed = await fetch(`${api}/user-verification/code/${code}/consume?email=${encodeURIComponent(account.email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: account.password }),
  });
  if (!confirmed.ok) throw new Error(`confirm ${account.email}: ${confirmed.status} ${await confirmed.text()}`);
}

/** Changes a flag on the running server, as `npm run flags -- set` does (loopback needs no token in development); null removes it. */
export async function setFlag(name: string, value: boolean | null) {
  const answer = await fetch(`${baseURL()}/api/admin/flags/${name}`, {
    method: value === null ? 'DELETE' : 'PUT',
    headers: value === null ? {} : { 'content-type': 'application/json' },
    body: value === null ? undefined : JSON.stringify({ value }),
  });
  if (!answer.ok) throw new Error(`setting ${name} failed: ${answer.status} ${await answer.text()}`);
}

/**
 * The serious and critical accessibility violations axe finds on the page as it is now, in every frame (those of other
 * origins too), as `rule: selector` lines. Only violations are collected (not every passing node), which the screen
 * sweep's two hundred runs feel.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
