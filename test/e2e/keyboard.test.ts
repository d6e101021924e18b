/**
 * The keyboard alone (issue 11): sign in, open a content screen from the home feed, RSVP to a free event. Only
 * `page.keyboard` moves focus and acts (Tab, Shift+Tab, Enter, Space, Escape); text is typed into the field focus is
 * on. After each step the test checks where focus is. Elements are named by role, label and test id, never by CSS.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { contentUuid, demoInPlaza, type ApiSession } from './api';
import { DEMO, HomePage } from './pages';

let browser: Browser;
let demo: ApiSession;
let plaza: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ demo, plaza } = await demoInPlaza());
});

/** The focused element as a person would name it: its role or tag, its accessible label or text, its test id. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '';
    const testId = el.getAttribute('data-testid');
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"${testId ? ` [${testId}]` : ''}`;
  });
}

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses `key` until `target` has focus (not at all when it has it already), at most `max` times, and fails naming
 * every stop focus made on the way. `within`, when given, must hold focus at every stop (a dialog keeps it).
 */
async function keyTo(page: Page, target: Locator, options: { key?: 'Tab' | 'Shift+Tab'; max?: number; within?: Locator } = {}) {
  const { key = 'Tab', max = 60, within } = options;
  const stops: string[] = [];
  for (let presses = 0; ; presses++) {
    if (within) {
      const inside = await within.evaluate((box) => box.contains(document.activeElement));
      expect(inside, `focus left the dialog for ${await focusedElement(page)} after ${stops.join(' → ')}`).toBe(true);
    }
    if (await hasFocus(target)) return;
    if (presses === max) break;
    await page.keyboard.press(key);
    stops.push(await focusedElement(page));
  }
  expect.fail(`${max} presses of ${key} never reached the target; focus went: ${stops.join(' → ')}`);
}

/** Signs the demo tenant in on /login with the keyboard alone, checking focus at each step, and waits for home. */
async function signInWithKeyboard(page: Page) {
  await page.goto('/login');
  const email = page.getByLabel('Work email', { exact: true });
  await email.waitFor();
  // The email field is where focus starts (or the first Tab stop, if the page puts focus on its heading first).
  await keyTo(page, email, { max: 3 });
  await page.keyboard.type(DEMO.email);
  // The next Tab stop is Next (a few more presses are allowed for a control a restyle may add beside the field).
  await keyTo(page, page.getByRole('button', { name: 'Next', exact: true }), { max: 2 });
  await page.keyboard.press('Enter');

  const password = page.getByLabel('Password', { exact: true });
  await password.waitFor();
  // The password step takes focus to its field.
  await keyTo(page, password, { max: 0 });
  await page.keyboard.type(DEMO.password);
  await keyTo(page, page.getByRole('button', { name: 'Sign in', exact: true }), { max: 2 });
  await page.keyboard.press('Enter');

  await page.waitForURL('**/home');
  await page.getByRole('heading', { name: `Welcome, ${DEMO.firstName}` }).waitFor();
}

describe('the keyboard alone', () => {
  it('signs in from /login: email, Next, password, Sign in, and reaches home', async () => {
    const { page, context } = await newPage(browser);
    await signInWithKeyboard(page);
    expect(new URL(page.url()).pathname).toBe('/home');
    // Nothing was left behind with focus: the sign-in form is gone, focus is on the page or a part of home.
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.isConnected)).toBe(true);
    await context.close();
  });

  it('Shift+Tab walks back, and Sign in is no Tab stop until there is a password', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    const email = page.getByLabel('Work email', { exact: true });
    await keyTo(page, email, { max: 3 });
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toBe('button "Next"');
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(email)).toBe(true);
    await page.keyboard.press('Enter');
    const password = page.getByLabel('Password', { exact: true });
    await password.waitFor();
    await keyTo(page, password, { max: 0 });
    // With the field empty the Sign in button is disabled: Tab passes it by.
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).not.toBe('button "Sign in"');
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(password)).toBe(true);
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toBe('button "Sign in"');
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(password)).toBe(true);
    await context.close();
  });

  it('opens an event from the home feed and RSVPs to it: the button, its confirm step, and the attending state', async () => {
    const title = 'Morning yoga on the terrace'; // free, with spots left (server/db/seedContent.ts)
    const yoga = await contentUuid(demo, plaza, title);
    const { page, context } = await newPage(browser);
    try {
      await signInWithKeyboard(page);
      const home = new HomePage(page);
      await home.ready();

      // Tab through the page to the event's tile, and open it with Enter.
      const tile = home.tile(title);
      await keyTo(page, tile);
      expect(await focusedElement(page)).toContain(title);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/${yoga}`);
      const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
      await heading.waitFor();
      // Focus is at the start of the new page (the body, or its heading), not on something the old page left.
      expect(['body', `h1 "${title}"`]).toContain(await focusedElement(page));

      // Tab to RSVP; Enter opens the confirm step with focus inside it.
      const bar = page.getByTestId('action-bar');
      const rsvp = bar.getByRole('button', { name: 'RSVP', exact: true });
      await keyTo(page, rsvp);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Confirm your RSVP' });
      await confirm.waitFor();
      expect(await confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true);

      // Escape says no: the dialog goes and nothing is booked.
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      expect(await bar.getByText('Attending', { exact: true }).count()).toBe(0);

      // Back to RSVP (focus returns there, or a Tab or a few reach it again), Enter, then Space on Confirm.
      await keyTo(page, rsvp, { max: 60 });
      await page.keyboard.press('Enter');
      await confirm.waitFor();
      await keyTo(page, confirm.getByRole('button', { name: 'Confirm', exact: true }), { max: 5, within: confirm });
      await page.keyboard.press('Space');

      // The confirmation: focus inside it, Tab to Done, Enter closes it.
      const going = page.getByRole('dialog', { name: 'You’re going!' }).or(page.getByRole('dialog', { name: "You're going!" }));
      await going.waitFor();
      expect(await going.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await keyTo(page, going.getByRole('button', { name: 'Done', exact: true }), { max: 5, within: going });
      await page.keyboard.press('Enter');
      await going.waitFor({ state: 'detached' });

      // The attending state, and the way out of it, are reachable by keyboard too.
      await bar.getByText('Attending', { exact: true }).waitFor();
      const cancel = bar.getByRole('button', { name: 'Cancel RSVP', exact: true });
      await keyTo(page, cancel, { max: 60 });
      expect(await focusedElement(page)).toBe('button "Cancel RSVP"');
      const { is_attending: attending } = await demo.call<{ is_attending: boolean }>(`/tenant/v1/event-posts/${yoga}`);
      expect(attending).toBe(true);
    } finally {
      await demo.call(`/tenant/v1/event-posts/${yoga}/recall`, { method: 'PUT' }).catch(() => undefined);
      await context.close();
    }
  });
});
