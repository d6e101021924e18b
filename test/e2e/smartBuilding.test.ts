import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, visit } from './browser';
import { demoInPlaza, type ApiSession } from './api';
import { signedInPage } from './pages';

/**
 * Smart suites in Chromium (issue 12): from the home's utility to a suite's control; lighting and temperature kept
 * after a reload; a refused change reverts with a toast; 'System not available'; the flag off sends home.
 */
let browser: Browser;
let demo: ApiSession;
let plaza: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ demo, plaza } = await demoInPlaza());
});

type Nav = { id: string; navName: string };
const zeller = (path: string) => `/smart-building/v1/buildings/${plaza}/zeller${path}`;

async function suiteId(name: string): Promise<string> {
  for (const floor of await demo.call<Nav[]>(zeller('/floors'))) {
    const found = (await demo.call<Nav[]>(zeller(`/floors/${floor.id}/suites`))).find((s) => s.navName === name);
    if (found) return found.id;
  }
  throw new Error(`no suite ${name}`);
}

/** Sets the show-smart-building override of a building on the running server (loopback needs no token in development). */
async function setBuildingFlag(building: string, value: boolean) {
  const answer = await fetch(`${baseURL()}/api/admin/flags/show-smart-building`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value, building_uuid: building }),
  });
  if (!answer.ok) throw new Error(`flag: ${answer.status} ${await answer.text()}`);
}

/** The suite control as a person uses it. */
class SuiteControlPage {
  constructor(private readonly page: Page) {}
  heading = () => this.page.getByRole('heading', { level: 1 });
  tab = (name: 'Lighting' | 'Temperature') => this.page.getByRole('tab', { name });
  slider = () => this.page.getByRole('slider', { name: 'Brightness' });
  lightingLevel = () => this.page.getByTestId('lighting-level');
  temperature = () => this.page.getByTestId('temperature-value');
  button = (name: string) => this.page.getByRole('button', { name, exact: true });
  async settled() {
    await this.page.waitForFunction(() => !document.body.innerText.includes('Saving…'), null, { timeout: 10_000 });
  }
  async level() {
    return Number(await this.slider().getAttribute('aria-valuenow'));
  }
  async degrees() {
    return Number.parseFloat((await this.temperature().innerText()).replace(/[^\d.,-]/g, '').replace(',', '.'));
  }
}

describe('smart building', () => {
  it('leads from the home utility to the floors, a floor’s suites and a suite; lighting and temperature survive a reload', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.getByRole('button', { name: /Smart building/ }).click();
    await page.waitForURL(`**/building/${plaza}/smart-building`);
    await expect.poll(() => page.getByTestId('floors').getByRole('link').allInnerTexts()).toEqual(['Floor 12', 'Floor 14', 'Floor 15']);
    await page.getByRole('link', { name: 'Floor 14' }).click();
    await page.waitForURL(`**/smart-building/floors/*/suites`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Floor 14');
    await page.getByRole('link', { name: 'Suite 1400' }).click();
    await page.waitForURL('**/suites/*/control');

    const control = new SuiteControlPage(page);
    await expect.poll(() => control.heading().innerText()).toBe('Suite 1400');
    await page.getByRole('link', { name: 'All floors' }).waitFor();
    await expect.poll(() => control.tab('Lighting').getAttribute('aria-selected')).toBe('true');
    const before = await demo.call<{ lighting: number; temp: number }>(zeller(`/suites/${await suiteId('Suite 1400')}`));
    // Keyboard: Home commits 0, Page Up 10 while the first is in flight; the newest is sent after it.
    await control.slider().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    expect(await control.level()).toBe(10);
    await control.settled();
    expect(await control.level()).toBe(10);

    await control.tab('Temperature').click();
    await page.waitForURL('**/control/temperature');
    const start = await control.degrees();
    expect(start).toBe(before.temp);
    const direction = start >= 74 ? 'Cooler' : 'Warmer';
    const target = start + (direction === 'Warmer' ? 2 : -2);
    await control.button(direction).click();
    await control.button(direction).click();
    expect(await control.degrees()).toBe(target);
    await control.settled();

    await page.reload();
    await control.temperature().waitFor();
    expect(await control.degrees()).toBe(target);
    await control.tab('Lighting').click();
    await page.waitForURL('**/control/lighting');
    expect(await control.level()).toBe(10);
    const after = await demo.call<{ lighting: number; temp: number }>(zeller(`/suites/${await suiteId('Suite 1400')}`));
    expect(after).toMatchObject({ lighting: 10, temp: target });
    await context.close();
  });

  it('reverts a change the server refuses and says so; the slider moves on a pointer drag', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 } });
    const suite = await suiteId('Suite 1200');
    await visit(page, `/building/${plaza}/suites/${suite}/control/lighting`);
    const control = new SuiteControlPage(page);
    await control.slider().waitFor();
    const start = await control.level();
    await page.route('**/lighting/all/**', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Busy', code: 'equipment_unavailable' }) }),
    );
    await page.getByRole('switch', { name: 'Lights' }).click();
    const toast = page.getByText(/The lighting could not be set to/);
    await toast.waitFor();
    await control.settled();
    expect(await control.level()).toBe(start);
    await page.unroute('**/lighting/all/**');

    // A drag commits once, where the pointer is let go (the far right: 100).
    const box = (await page.locator('[role="slider"]').locator('..').boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width + 20, box.y + box.height / 2);
    await page.mouse.up();
    await control.settled();
    expect(await control.level()).toBe(100);
    await context.close();
  });

  it('shows System not available for a suite whose equipment does not answer, and the empty floor', async () => {
    const { page, context } = await signedInPage(browser);
    await visit(page, `/building/${plaza}/suites/${await suiteId('Suite 1250')}/control`);
    await page.getByText('System not available').waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    const floors = await demo.call<Nav[]>(zeller('/floors'));
    await visit(page, `/building/${plaza}/smart-building/floors/${floors.find((f) => f.navName === 'Floor 15')!.id}/suites`);
    await page.getByText('No suites available').waitFor();
    await context.close();
  });

  it("shows another company's suite read-only: its settings, why, and no control (decision 144)", async () => {
    const { page, context } = await signedInPage(browser);
    const suite = await suiteId('Suite 1450');
    await visit(page, `/building/${plaza}/suites/${suite}/control`);
    await page.getByTestId('read-only-suite').waitFor();
    expect(await page.getByTestId('read-only-suite').innerText()).toMatch(/belongs to another company/);
    const detail = await demo.call<{ lighting: number }>(zeller(`/suites/${suite}`));
    expect(await page.getByTestId('lighting-level').innerText()).toBe(`${detail.lighting}%`);
    expect(await page.getByRole('slider').count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Warmer' }).count()).toBe(0);
    await context.close();
  });

  it('opens the temperature of a suite without lighting control, its lighting tab disabled', async () => {
    const { page, context } = await signedInPage(browser);
    await visit(page, `/building/${plaza}/suites/${await suiteId('Suite 1210')}/control/lighting`);
    const control = new SuiteControlPage(page);
    await control.temperature().waitFor();
    expect(await control.tab('Lighting').isDisabled()).toBe(true);
    expect(await control.tab('Temperature').getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('sends home when the show-smart-building flag is off', async () => {
    await setBuildingFlag(plaza, false);
    try {
      const { page, context } = await signedInPage(browser);
      await page.goto(`/building/${plaza}/smart-building`);
      await page.waitForURL('**/home');
      await page
        .getByRole('button', { name: /Amenities/ })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: /Smart building/ }).count()).toBe(0);
      await context.close();
    } finally {
      await setBuildingFlag(plaza, true);
    }
  });
});
