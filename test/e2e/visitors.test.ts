import { beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { launchBrowser, newPage, seriousA11yViolations, visit } from './browser';
import { AuthPages, HomePage, signedInPage } from './pages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';
import { appsOrigin, dayFromNow, inviteGuest, latestPass, visitsCall, type GuestPass, type VisitAnswer } from './visits';

/**
 * The Visitors mini-app (issue 23) in Chromium: opened from the home page's Visitors utility, in its frame on the
 * mini-app origin (apps.localhost), it talks to the app only through the bridge client and to the visits API only with
 * its own token. A tenant invites a guest (the pass arrives in the development mailbox: the code as text and as a QR
 * code), edits the visit (a new pass), cancels another; refused submits keep what was typed.
 */
let browser: Browser;
let tenant: Tenant;
const stamp = Date.now().toString(36);
const guest = (name: string) => ({ name: `${name} Guest`, email: `${name.toLowerCase()}-${stamp}@guest.example` });

beforeAll(async () => {
  browser = await launchBrowser();
  // The building's day is the browser's (UTC both), so a window already over today is the server's to refuse.
  tenant = await newTenant({ timezone: 'UTC' });
});

/** The Visitors mini-app as a person sees it inside the app's frame. */
class VisitorsApp {
  constructor(
    readonly page: Page,
    readonly inside: FrameLocator,
  ) {}
  heading(name: string) {
    return this.inside.getByRole('heading', { name, level: 1 });
  }
  button(name: string | RegExp) {
    return this.inside.getByRole('button', { name });
  }
  field(label: string) {
    return this.inside.getByLabel(label, { exact: true });
  }
  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }
  async seeText(text: string | RegExp) {
    await this.inside.getByText(text).first().waitFor();
  }
  /** A visit of a list ('upcoming-visits' or 'past-visits') by its guest's name. */
  visit(list: 'upcoming' | 'past', name: string) {
    return this.inside.getByTestId(`${list}-visits`).getByRole('listitem', { name });
  }
}

/** Signs in, opens the Visitors utility from the home page and waits for the mini-app's list. */
async function openVisitors(options: { dark?: boolean; width?: number } = {}) {
  const { page, context } = await signedInPage(browser, {
    as: tenant.person,
    timezoneId: 'UTC',
    ...(options.width ? { viewport: { width: options.width, height: 800 } } : {}),
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  if (options.dark) await page.emulateMedia({ colorScheme: 'dark' });
  const home = new HomePage(page);
  await home.utilities().filter({ hasText: 'Visitors' }).click();
  const frame = home.frame('Visitors');
  await frame.waitFor();
  const src = new URL((await frame.locator('iframe').getAttribute('src'))!);
  expect(src.origin).toBe(appsOrigin());
  expect(src.pathname).toBe('/mfe-visitors/');
  // The person's own token never goes to the mini-app: it asks the bridge for its own.
  expect(src.searchParams.get('authToken')).toBeNull();
  const app = new VisitorsApp(page, page.frameLocator('[role="dialog"] iframe'));
  await app.heading('Visitors').waitFor();
  return { page, context, app, frame, refused };
}

/** The QR code of a pass mail, read as a scanner would: it holds the same code as the text. */
async function qrText(page: Page, pass: GuestPass): Promise<string | null> {
  const blank = await page.context().newPage();
  try {
    const pixels = await blank.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, image.width, image.height);
      return { width: data.width, height: data.height, data: Array.from(data.data) };
    }, pass.qr);
    return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
  } finally {
    await blank.close();
  }
}

describe('the Visitors mini-app', () => {
  it('invites a guest (the pass is mailed), shows the visit expected, edits it (a new pass), keeps what was typed when refused', async () => {
    const { page, context, app, refused } = await openVisitors();
    const ada = guest('Ada');
    const day = dayFromNow(2, 'UTC');

    await app.button('Invite a guest').click();
    await app.heading('Invite a guest').waitFor();
    // The browser's checks: an end before the start is refused, and nothing typed is lost.
    await app.fill({ 'Guest’s name': ada.name, 'Guest’s email': ada.email, Day: day, From: '10:00', Until: '09:00' });
    await app.button('Send invitation').click();
    await app.seeText('The visit must end after it starts.');
    expect(await app.field('Guest’s name').inputValue()).toBe(ada.name);
    expect(await app.field('Guest’s email').inputValue()).toBe(ada.email);
    expect(await app.field('Until').getAttribute('aria-invalid')).toBe('true');
    await app.fill({ Until: '11:30', 'Note for your guest (optional)': 'Floor 3, ask for me at the desk' });
    await app.button('Send invitation').click();
    await app.heading('Invitation sent').waitFor();
    await app.seeText(new RegExp(`^${ada.name} will get a pass by email for `));

    // The guest's mail: the code as text, and a QR code of the same code.
    await expect
      .poll(() =>
        latestPass(ada.email)
          .then((p) => p.code)
          .catch(() => null),
      )
      .toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const first = await latestPass(ada.email);
    expect(first.subject).toMatch(/^Your visitor pass for /);
    expect(await qrText(page, first)).toBe(first.code);

    await app.button('Back to visits').click();
    await app.heading('Visitors').waitFor();
    const visit = app.visit('upcoming', ada.name);
    await visit.waitFor();
    expect(await visit.locator('.chip').innerText()).toBe('Expected');

    // An edit of the time: the form says a new pass will go, the confirmation says it went, and it did.
    await app.button(`Edit the visit of ${ada.name}`).click();
    await app.heading('Edit visit').waitFor();
    expect(await app.field('Guest’s name').inputValue()).toBe(ada.name);
    expect(await app.field('From').inputValue()).toBe('10:00');
    await app.fill({ Until: '12:00' });
    await app.seeText('Your guest will get a new pass by email, and the old one will stop working.');
    await app.button('Save changes').click();
    await app.heading('Visit updated').waitFor();
    await app.seeText(/A new pass was sent by email; the old one no longer works\.$/);
    await expect.poll(() => latestPass(ada.email).then((p) => p.code)).not.toBe(first.code);
    expect((await latestPass(ada.email)).subject).toMatch(/has changed$/);

    // The server's refusal of a window already over today shows under the day, with everything typed kept.
    await app.button('Back to visits').click();
    await app.button('Invite a guest').click();
    const late = guest('Late');
    await app.fill({ 'Guest’s name': late.name, 'Guest’s email': late.email, Day: dayFromNow(0, 'UTC'), From: '00:00', Until: '00:01' });
    await app.button('Send invitation').click();
    await app.seeText('Choose a day and time that is not over yet.');
    expect(await app.field('Day').getAttribute('aria-invalid')).toBe('true');
    expect(await app.field('Guest’s name').inputValue()).toBe(late.name);
    expect(await app.field('From').inputValue()).toBe('00:00');
    // Nothing was mailed for it.
    await expect(latestPass(late.email)).rejects.toThrow(/no pass/);
    await app.button('Back to visits').click();
    await app.heading('Visitors').waitFor();

    expect(refused).toEqual([]);
    await context.close();
  });

  it('cancels a visit after asking: it moves to the past as cancelled, and its pass stops working', async () => {
    const bo = guest('Bo');
    // Invited through the API with the mini-app's token (the helper the kiosk's test uses too).
    const invited = await inviteGuest(tenant.person, tenant.building_uuid, {
      guest_name: bo.name,
      guest_email: bo.email,
      date: dayFromNow(3, 'UTC'),
      start_time: '14:00',
      end_time: '15:00',
    });
    expect(invited.visit).toMatchObject({ state: 'expected', pass_active: true });
    expect(invited.pass.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const { context, app, refused } = await openVisitors({ width: 360 });
    await app.visit('upcoming', bo.name).waitFor();
    await app.button(`Cancel the visit of ${bo.name}`).click();
    const dialog = app.inside.getByRole('alertdialog', { name: 'Cancel this visit?' });
    await dialog.getByText(`${bo.name} will be told by email, and their pass will stop working.`).waitFor();
    // Keep first (nothing happens), then cancel for real.
    await dialog.getByRole('button', { name: 'Keep visit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await app.button(`Cancel the visit of ${bo.name}`).click();
    await dialog.getByRole('button', { name: 'Cancel visit' }).click();
    const past = app.visit('past', bo.name);
    await past.waitFor();
    expect(await past.locator('.chip').innerText()).toBe('Cancelled');
    expect(await app.visit('upcoming', bo.name).count()).toBe(0);
    // No edit or cancel for a cancelled visit; the server agrees it is over.
    expect(await past.getByRole('button').count()).toBe(0);
    const listed = await visitsCall<{ upcoming: VisitAnswer[]; past: VisitAnswer[] }>(invited.token, '');
    expect(listed.data!.past.find((v) => v.uuid === invited.visit.uuid)).toMatchObject({ state: 'cancelled', pass_active: false });
    expect(refused).toEqual([]);
    await context.close();
  });

  it('works with the keyboard alone: invite, confirmation, cancel dialog (Escape keeps the visit)', async () => {
    const { page, context, app } = await openVisitors();
    const kim = guest('Kim');
    /** Presses Tab until the focused element inside the mini-app has this accessible name (at most 12 times). */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const focused = await app.inside
          .locator(':focus')
          .evaluate((el) => el.getAttribute('aria-label') ?? el.textContent ?? '')
          .catch(() => '');
        if (focused.trim() === name) return;
      }
      throw new Error(`no focus on ${name}`);
    };
    await tabTo('Invite a guest');
    await page.keyboard.press('Enter');
    await app.heading('Invite a guest').waitFor();
    // The screen's heading has the focus (the way back is above it): the next Tab is the first field.
    await expect.poll(() => app.inside.locator(':focus').evaluate((el) => el.tagName)).toBe('H1');
    await page.keyboard.press('Tab');
    expect(await app.inside.locator(':focus').getAttribute('name')).toBe('guest_name');
    await page.keyboard.type(kim.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(kim.email);
    // The day and times are the browser's own date and time widgets (their keys differ by language): filled as typed.
    await app.field('Day').focus();
    await app.field('Day').fill(dayFromNow(4, 'UTC'));
    await app.field('From').fill('13:00');
    await app.field('Until').fill('14:00');
    await app.field('Until').press('Enter');
    await app.heading('Invitation sent').waitFor();
    await tabTo('Back to visits');
    await page.keyboard.press('Enter');
    await app.visit('upcoming', kim.name).waitFor();
    await tabTo(`Cancel the visit of ${kim.name}`);
    await page.keyboard.press('Enter');
    const dialog = app.inside.getByRole('alertdialog', { name: 'Cancel this visit?' });
    await dialog.waitFor();
    // The safe choice has the focus; Escape keeps the visit.
    await expect.poll(() => app.inside.locator(':focus').textContent()).toBe('Keep visit');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await app.visit('upcoming', kim.name).locator('.chip').innerText()).toBe('Expected');
    await context.close();
  });

  // Light with every rule, dark with the colour rules (the rest is the same document): one test per scheme.
  it.each([false, true])('has no serious accessibility problem and follows the host’s theme (dark: %s)', async (dark) => {
    const { page, context, app } = await openVisitors({ dark });
    const scheme = await app.inside.locator('html').getAttribute('data-scheme');
    expect(scheme).toBe(dark ? 'dark' : 'light');
    expect(await seriousA11yViolations(page, { colourRules: dark })).toEqual([]);
    await app.button('Invite a guest').click();
    await app.button('Send invitation').click();
    await app.seeText('Fill this in.');
    expect(await seriousA11yViolations(page, { colourRules: dark })).toEqual([]);
    await context.close();
  });
});

/** The Visitors mini-app's registered uuid, as /config.json lists it. */
async function visitorsUuid(page: Page): Promise<string> {
  const config = (await (await page.request.get('/config.json')).json()) as { miniApps: { uuid: string; name: string }[] };
  return config.miniApps.find((app) => app.name === 'Visitors')!.uuid;
}

describe('a link straight to a mini-app, /apps/{uuid} (enable-tw-direct-link, decision 183)', () => {
  it('with the flag on, opens the Visitors mini-app at once, bridged, and its Close leads home; a signed-out visitor signs in first; an unknown uuid opens nothing', async () => {
    await setBuildingFlag('enable-tw-direct-link', true, tenant.building_uuid);
    try {
      const { page, context } = await newPage(browser, { timezoneId: 'UTC' });
      const uuid = await visitorsUuid(page);
      const auth = new AuthPages(page);
      await auth.open(`/apps/${uuid}`);
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/apps/${uuid}`);
      await auth.signIn(tenant.person.email, tenant.person.password);
      await page.waitForURL(`**/apps/${uuid}`);
      const home = new HomePage(page);
      const frame = home.frame('Visitors');
      await frame.waitFor();
      const src = new URL((await frame.locator('iframe').getAttribute('src'))!);
      expect(src.origin).toBe(appsOrigin());
      expect(src.searchParams.get('appUuid')).toBe(uuid);
      expect(src.searchParams.get('authToken')).toBeNull();
      // The mini-app runs and has its token from the bridge: its list of visits is in.
      await new VisitorsApp(page, page.frameLocator('[role="dialog"] iframe')).heading('Visitors').waitFor();
      expect(await page.title()).toMatch(/^Visitors · /);
      await frame.getByRole('button', { name: 'Close' }).click();
      await auth.seeHome(tenant.person.first_name);
      // A uuid nobody registered opens nothing: the screen says so and leads home.
      await visit(page, '/apps/00000000-0000-4000-8000-000000000000');
      await page.getByText('This mini-app isn’t available').waitFor();
      expect(await home.frame().count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Go to the home page' }).click();
      await auth.seeHome(tenant.person.first_name);
      await context.close();
    } finally {
      await setBuildingFlag('enable-tw-direct-link', null, tenant.building_uuid);
    }
  });

  it('with the flag off (the default), says why, opens nothing and leads home', async () => {
    const { page, context } = await signedInPage(browser, { as: tenant.person, timezoneId: 'UTC' });
    const uuid = await visitorsUuid(page);
    await visit(page, `/apps/${uuid}`);
    await page.getByText('This link can’t open a mini-app here').waitFor();
    expect(await new HomePage(page).frame().count()).toBe(0);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousA11yViolations(page, { colourRules: true })).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Go to the home page' }).click();
    await new AuthPages(page).seeHome(tenant.person.first_name);
    await context.close();
  });
});
