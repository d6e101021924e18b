import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseURL = () => inject('baseURL');

/** A fresh browser context (its own storage) with the app's address as base. */
export async function newPage(browser: Browser, options: { host?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const base = options.host ? baseURL().replace('localhost', options.host) : baseURL();
  const context = await browser.newContext({ baseURL: base });
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
