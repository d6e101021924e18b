import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium with the flags this machine needs (no sandbox as root, no background network): the browser tests
 * (test/e2e/browser.ts) and the screenshots (scripts/screens.ts) launch it alike. `CHROMIUM_PATH` overrides the path;
 * a browser is never downloaded.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
}

/** Where Debian puts Chromium, unless `CHROMIUM_PATH` says otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every launch here needs (the benches' persistent profile for Lighthouse too). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
