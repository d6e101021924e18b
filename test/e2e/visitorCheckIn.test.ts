import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, mailbox, seriousA11yViolations } from './browser';
import { signedInPage, signInThroughStorage } from './pages';
import { newTenant, type Tenant, type TenantPerson } from './tenant';
import {
  cameraBrowser,
  currentWindow,
  daytimeZone,
  visitOver,
  makeKiosk,
  passFromMailbox,
  visitorsApp,
  watchCameraStreams,
  writeQrVideo,
  type Visit,
} from './visitorDesk';

/**
 * The lobby kiosk's visitor desk (issue 23), end to end: a host invites guests as the visitors mini-app does (its own
 * token), the guests' passes are read from the development mailbox, and a kiosk account of the building checks them in
 * at /visitors/check-in: by a real camera (Chromium's fake camera playing a video of the pass's QR code, written here)
 * and by the code typed on the keyboard. Refused: a second use, another building's pass, an expired pass, a pass
 * checked out (revoked), an account that may not run the desk.
 */
let browser: Browser;
let camera: Browser | null = null;
let tenant: Tenant;
let other: Tenant;
let host: TenantPerson;
let kiosk: TenantPerson;
let zone: string;
let hostApp: Awaited<ReturnType<typeof visitorsApp>>;
let expiring: { visit: Visit; code: string };
let videoDir: string;
const stamp = Date.now().toString(36);
const guestEmail = (name: string) => `${name}.${stamp}@guests.example`;
const hostName = () => `${host.first_name} ${host.last_name}`;

beforeAll(async () => {
  browser = await launchBrowser();
  zone = daytimeZone();
  [tenant, other] = await Promise.all([newTenant({ people: 2, first_names: ['Samwise', 'Lobby'], timezone: zone }), newTenant({ timezone: zone })]);
  [host, kiosk] = tenant.people as [TenantPerson, TenantPerson];
  await makeKiosk(kiosk, tenant.building_uuid);
  hostApp = await visitorsApp(host, tenant.building_uuid);
  // A pass whose time is over: a visit of now, moved an hour into the past (its new pass mailed; decision 184).
  const guest = { guest_name: 'Edith Expired', guest_email: guestEmail('edith'), ...currentWindow(zone) };
  const visit = await hostApp.invite(guest);
  await visitOver(visit.uuid);
  expiring = { visit, code: (await passFromMailbox(guest.guest_email)).code };
  videoDir = await mkdtemp(path.join(tmpdir(), 'atrium-camera-'));
});
afterAll(async () => {
  await camera?.close();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

/** The kiosk account signed in on a page, lobby mode on, at the kiosk's home. */
async function kioskHome(page: Page, who: TenantPerson = kiosk) {
  await signInThroughStorage(page, who);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
  await page.goto('/home');
  await page.getByTestId('kiosk-header').waitFor();
}

/** The visitor desk as the guest uses it. */
class VisitorDeskPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.getByRole('link', { name: /Check in a visitor/ }).click();
    await this.page.waitForURL('**/visitors/check-in');
    await this.page.getByRole('heading', { level: 1, name: 'Visitor check-in' }).waitFor();
  }
  camera = () => this.page.getByTestId('visitor-camera');
  desk = () => this.page.getByTestId('visitor-desk');
  codeField = () => this.page.getByLabel('Pass code');
  /** Types a code and presses Enter, on the keyboard alone. */
  async typeCode(code: string) {
    await this.codeField().focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
  }
  async seeWelcome(guest: string) {
    await this.page.getByRole('heading', { name: `Welcome, ${guest}.` }).waitFor();
    await this.page.getByText(`We’ve let ${hostName()} know you’re here.`).waitFor();
  }
  async seeRefusal(text: string) {
    await this.page.getByRole('alert').getByText(text).waitFor();
  }
  /** The focused outcome's button (Next visitor, Try again), pressed with Enter. */
  async goOn(name: 'Next visitor' | 'Try again') {
    await expect.poll(() => this.page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    await this.page.keyboard.press('Enter');
    await this.desk().and(this.page.locator('[data-desk="scanning"]')).waitFor();
  }
}

const stateOf = async (uuid: string) => (await hostApp.visits()).find((v) => v.uuid === uuid);

describe('the visitor desk', () => {
  it('checks a guest in by the camera: the kiosk greets the guest and the host by name, the visit is arrived and the host is mailed; the camera stops when the desk is left', async () => {
    const guest = { guest_name: 'Grace Hopper', guest_email: guestEmail('grace'), ...currentWindow(zone) };
    const visit = await hostApp.invite(guest);
    const pass = await passFromMailbox(guest.guest_email);
    // The mail carries the QR code as a picture, with the same code as text.
    expect(pass.html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Your pass: [0-9A-Z-]+"/);
    const video = path.join(videoDir, 'grace.y4m');
    await writeQrVideo(video, pass.code);
    camera = await cameraBrowser(video);
    const context = await camera.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const streams = await watchCameraStreams(page);
    // The camera, the preview and the decoder's chunk run under the server's Content-Security-Policy.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/visitor-kiosk/check-in')) checks.push(request.postData() ?? '');
    });
    await kioskHome(page);
    const desk = new VisitorDeskPage(page);
    await desk.open();
    expect(await page.title()).toContain('Visitor check-in');

    await desk.seeWelcome(guest.guest_name);
    expect((await stateOf(visit.uuid))?.state).toBe('arrived');
    await expect
      .poll(async () => ((await mailbox(host.email)) as { subject?: string }[]).map((m) => m.subject))
      .toContain(`${guest.guest_name} has arrived`);
    // Only the two names: not the guest's address, nor the visit's times.
    const text = await desk.desk().innerText();
    expect(text).not.toContain(guest.guest_email);
    expect(text).not.toContain(guest.start_time);

    // The pass stays in front of the camera: the desk goes back to scanning and does not send it again.
    await desk.goOn('Next visitor');
    expect(await desk.camera().getAttribute('data-camera')).toBe('live');
    expect(await page.getByText(guest.guest_name).count()).toBe(0);
    expect(checks).toEqual([JSON.stringify({ code: pass.code })]);

    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    // Leaving the desk (its way home: the kiosk header has none) stops the camera.
    expect((await streams()).live).toBe(1);
    await page.getByTestId('visitor-desk-home').click();
    await page.waitForURL((url) => url.pathname === '/home');
    await expect.poll(async () => (await streams()).live).toBe(0);
    expect((await streams()).opened).toBeGreaterThanOrEqual(1);
    expect(checks).toHaveLength(1);
    await context.close();
  });

  it('checks a guest in by the typed code on the keyboard alone, refuses a second use, checks out (which revokes the pass)', async () => {
    const guest = { guest_name: 'Katherine Johnson', guest_email: guestEmail('katherine'), ...currentWindow(zone) };
    const visit = await hostApp.invite(guest);
    const { code } = await passFromMailbox(guest.guest_email);
    const { page, context } = await newKioskPage();
    const desk = new VisitorDeskPage(page);
    await desk.open();
    // This browser has no camera: the desk says so and takes the code.
    await desk.camera().and(page.locator('[data-camera="unavailable"]')).waitFor();
    await page.getByText(/Type the code from your pass instead\./).waitFor();

    // A typed slip is the field's error, and nothing is sent.
    await desk.typeCode('ABC-12');
    await page.getByText(/^That isn’t a pass code\./).waitFor();
    expect(await desk.codeField().getAttribute('aria-invalid')).toBe('true');

    await desk.typeCode(code.toLowerCase().replaceAll('-', ' '));
    await desk.seeWelcome(guest.guest_name);
    expect((await stateOf(visit.uuid))?.state).toBe('arrived');
    await desk.goOn('Next visitor');

    await desk.typeCode(code);
    await desk.seeRefusal('This pass has already been used to check in.');
    await desk.goOn('Try again');
    expect(await desk.codeField().inputValue()).toBe(code);

    // Leaving: the guest picks "Leaving" (arrow keys in the radio group) and shows the same pass.
    await page.getByRole('radio', { name: 'Arriving' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Leaving' }).isChecked()).toBe(true);
    await desk.typeCode(code);
    await page.getByRole('heading', { name: `Goodbye, ${guest.guest_name}.` }).waitFor();
    const left = await stateOf(visit.uuid);
    expect([left?.state, left?.pass_active]).toEqual(['left', false]);
    await desk.goOn('Next visitor');
    // Back for arriving guests, and the revoked pass no longer opens.
    expect(await page.getByRole('radio', { name: 'Arriving' }).isChecked()).toBe(true);
    await desk.typeCode(code);
    await desk.seeRefusal('This pass no longer works: the visit was cancelled or has ended.');
    await context.close();
  });

  it("refuses another building's pass, and says so", async () => {
    const otherHost = await visitorsApp(other.person, other.building_uuid);
    const guest = { guest_name: 'Ada Elsewhere', guest_email: guestEmail('ada'), ...currentWindow(zone) };
    const visit = await otherHost.invite(guest);
    const { code } = await passFromMailbox(guest.guest_email);
    const { page, context } = await newKioskPage();
    const desk = new VisitorDeskPage(page);
    await desk.open();
    await desk.typeCode(code);
    await desk.seeRefusal('This pass is for another building.');
    expect((await otherHost.visits()).find((v) => v.uuid === visit.uuid)?.state).toBe('expected');
    await context.close();
  });

  it('is offered on the kiosk home only, and refuses an account that may not run it', async () => {
    const { page, context } = await signedInPage(browser, { as: host });
    // Outside lobby mode, the home has no visitor desk.
    expect(await page.getByRole('link', { name: /Check in a visitor/ }).count()).toBe(0);
    await page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
    await page.goto('/home');
    await page.getByTestId('kiosk-header').waitFor();
    const desk = new VisitorDeskPage(page);
    await desk.open();
    await desk.typeCode(expiring.code);
    await desk.seeRefusal('This screen’s account can’t check visitors in. Please ask the reception team for help.');
    await context.close();
  });

  it('reads well at 360 px and on a tablet, light and dark, with no serious accessibility problem', async () => {
    const { page, context } = await newKioskPage();
    const desk = new VisitorDeskPage(page);
    await desk.open();
    await desk.camera().and(page.locator('[data-camera="unavailable"]')).waitFor();
    // From the screen's heading (where focus is after the move), Tab reaches the camera's retry, the choice and the code field.
    const stops: string[] = [];
    for (let i = 0; i < 15 && !(await desk.codeField().evaluate((field) => field === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
    }
    expect(await desk.codeField().evaluate((field) => field === document.activeElement), stops.join(' | ')).toBe(true);
    expect(stops.length).toBeLessThanOrEqual(4);
    expect(stops).toContain('Try the camera again');
    for (const width of [360, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width} ${colorScheme}`).toBe(true);
        expect(await seriousA11yViolations(page), `${width} ${colorScheme}`).toEqual([]);
      }
    }
    // The refusal too.
    await desk.typeCode('ZZZZ-ZZZZ-ZZZZ');
    await desk.seeRefusal('That isn’t a valid pass. Check the code and try again.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await context.close();
  });

  it("is left for the kiosk's home after the idle period, the guest's name and code gone", async () => {
    const guest = { guest_name: 'Hedy Lamarr', guest_email: guestEmail('hedy'), ...currentWindow(zone) };
    await hostApp.invite(guest);
    const { code } = await passFromMailbox(guest.guest_email);
    const { page, context } = await newKioskPage();
    await context.clock.install();
    const desk = new VisitorDeskPage(page);
    await desk.open();
    await desk.typeCode(code);
    await desk.seeWelcome(guest.guest_name);
    // Nobody touches the screen: the kiosk's idle period (90 s) sends it home, and the desk starts from scratch.
    await context.clock.runFor(91_000);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByTestId('visitor-desk-action').waitFor();
    expect(await page.getByText(guest.guest_name).count()).toBe(0);
    await page.getByTestId('visitor-desk-action').click();
    await desk.desk().and(page.locator('[data-desk="scanning"]')).waitFor();
    expect(await desk.codeField().inputValue()).toBe('');
    expect(await page.getByText(guest.guest_name).count()).toBe(0);
    await context.close();
  });

  it('refuses a pass whose time is over', async () => {
    const { page, context } = await newKioskPage();
    const desk = new VisitorDeskPage(page);
    await desk.open();
    await desk.typeCode(expiring.code);
    await desk.seeRefusal('This pass has expired: the time of your visit is over.');
    expect((await stateOf(expiring.visit.uuid))?.state).toBe('expected');
    await context.close();
  });
});

/** A page of the worker's browser (no camera), signed in as the kiosk account, at the kiosk's home. */
async function newKioskPage() {
  const { page, context } = await signedInPage(browser, { as: kiosk });
  await page.evaluate(() => sessionStorage.setItem('KIOSK_ENABLED', 'true'));
  await page.goto('/home');
  await page.getByTestId('kiosk-header').waitFor();
  return { page, context };
}
