import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, seriousA11yViolations, settled } from './browser';
import { apiSignIn, type ApiSession } from './api';
import { signedInPage } from './pages';
import { HistoryPage } from './bookingPages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';
import { formatDate, formatTime } from '../../src/i18n/format';

let browser: Browser;
/** The file's own tenant, whose person has the demo person's service requests (one in each of several statuses). */
let tenant: Tenant;
let session: ApiSession;
let building: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant({ history: true });
  building = tenant.building_uuid;
  session = await apiSignIn(tenant.person.email, tenant.person.password);
});

interface Request {
  id: string;
  reference: string;
  status: string;
  photo_count: number;
}
/** A small PNG (8×8, one colour), as a phone's camera would hand the file input a photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO44KCAFTEMLQkA3ntMAZQ6QMoAAAAASUVORK5CYII=', 'base64');
const requests = () => session.call<Request[]>(`/service-request/buildings/${building}/requests`);

/** The service-requests page, with verbs for what a person does on it. */
class ServiceRequestsPage {
  constructor(readonly page: Page) {}
  list() {
    return this.page.getByTestId('service-requests');
  }
  item(reference: string) {
    return this.page.locator(`[data-request="${reference}"]`);
  }
  /** The status as the request's chip reads it. */
  status(reference: string) {
    return this.item(reference).locator('[data-chip]').innerText();
  }
  form() {
    return this.page.getByRole('dialog', { name: 'New service request' });
  }
  /** What the summary beside the send button says is missing. */
  summary() {
    return this.form().getByTestId('service-request-summary').innerText();
  }
  /** Chooses files for the new request's photos, as the device's picker hands them over. */
  choosePhotos(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    return this.form().getByTestId('service-request-photo-input').setInputFiles(files);
  }
  toast(text: string) {
    return this.page.getByText(text);
  }
}

/** A request's own page: its photos and its status timeline. */
class ServiceRequestDetail {
  constructor(readonly page: Page) {}
  article() {
    return this.page.getByTestId('service-request-detail');
  }
  timeline() {
    return this.page.getByTestId('service-request-timeline').getByRole('listitem');
  }
  /** Whether an image has been drawn (its bytes were read and decoded). */
  drawn(name: string) {
    return this.article()
      .getByRole('img', { name })
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  }
  /** The page's width beyond the window's (sideways scrolling), in pixels. */
  overflow() {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}

/** The building team's change of a request's status (the development vendor route). */
async function teamChanges(requestId: string, change: { status: string; by_name?: string; note?: string }) {
  const answer = await fetch(`${baseURL()}/api/dev/service-requests/${requestId}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  if (!answer.ok) throw new Error(`changing ${requestId}: ${answer.status} ${await answer.text()}`);
}

describe('service requests', () => {
  it('files a request from the metadata’s form, sees it listed, then cancels it; both are kept after a reload', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 }, as: tenant.person });
    // The header menu leads there.
    await page.getByTestId('account-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Service requests' }).click();
    await page.waitForURL(`**/building/${building}/service-requests`);
    const screen = new ServiceRequestsPage(page);
    await screen.list().waitFor();
    const before = await requests();
    expect(await screen.list().getByRole('listitem').count()).toBe(before.length);

    await page.getByRole('button', { name: 'New request' }).click();
    const form = screen.form();
    const send = form.getByRole('button', { name: 'Send request' });
    expect(await send.isDisabled()).toBe(true);
    // The fields are the metadata's: required ones marked, the selects with their options.
    expect(await form.getByLabel('Category (required)').locator('option').allInnerTexts()).toEqual([
      'Choose…',
      'HVAC',
      'Cleaning',
      'Electrical',
      'Plumbing',
      'Security',
      'Other',
    ]);
    await form.getByLabel('Category (required)').selectOption('Plumbing');
    await form.getByLabel('Location or floor (required)').fill('Floor 12, kitchen');
    await form.getByLabel('Priority (required)').selectOption('High');
    await form.getByLabel('Description (required)').fill('The kitchen sink drips all day.');
    await form.getByLabel('Preferred date (optional)').waitFor();
    await send.click();
    await form.waitFor({ state: 'detached' });

    const created = (await requests()).find((r) => !before.some((b) => b.id === r.id))!;
    expect(created.status).toBe('Submitted');
    await screen.toast(`Request ${created.reference} sent.`).first().waitFor();
    const item = screen.item(created.reference);
    expect(await item.innerText()).toContain('Plumbing · Floor 12, kitchen');
    expect(await item.innerText()).toContain('Submitted');
    // Newest first: the new request heads the list.
    expect(await screen.list().getByRole('listitem').first().getAttribute('data-request')).toBe(created.reference);

    await item.getByRole('button', { name: `Cancel request ${created.reference}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this request?' });
    await confirm.getByRole('button', { name: 'Cancel request' }).click();
    await expect.poll(() => item.innerText()).toContain('Canceled');
    expect(await item.getByRole('button').count()).toBe(0);
    expect((await requests()).find((r) => r.id === created.id)!.status).toBe('Canceled');

    await page.reload();
    await screen.list().waitFor();
    expect(await screen.item(created.reference).innerText()).toContain('Canceled');
    // Requests the staff decided offer no change.
    const accepted = (await requests()).find((r) => r.status === 'Accepted')!;
    expect(await screen.item(accepted.reference).getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('files a request with a photo on a phone, opens its page, and sees the building team’s status change in its timeline', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 }, as: tenant.person });
    await page.goto(`/building/${building}/service-requests`);
    const screen = new ServiceRequestsPage(page);
    await screen.list().waitFor();
    const before = await requests();
    await page.getByRole('button', { name: 'New request' }).click();
    const form = screen.form();
    // Priority starts at Normal; beside the disabled send button, what is still missing.
    expect(await form.getByLabel('Priority (required)').inputValue()).toBe('Normal');
    const send = form.getByRole('button', { name: 'Send request' });
    expect(await send.isDisabled()).toBe(true);
    expect(await screen.summary()).toBe('To send, fill in: Category, Location or floor, and Description.');
    await form.getByLabel('Category (required)').selectOption('Electrical');
    await expect.poll(() => screen.summary()).toBe('To send, fill in: Location or floor and Description.');
    await form.getByLabel('Location or floor (required)').fill('Floor 14, desk 14-031');
    await form.getByLabel('Description (required)').fill('The floor socket sparks when a plug goes in.');
    await expect.poll(() => screen.summary()).toBe('');
    expect(await send.isDisabled()).toBe(false);

    // A photo, and a file that is none: the photo's thumbnail shows, the other is refused with its reason.
    await screen.choosePhotos([
      { name: 'socket.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
    ]);
    await form.getByRole('list', { name: '1 photo attached' }).waitFor();
    expect(await form.getByTestId('service-request-refused').innerText()).toBe('“notes.txt” is not a photo: choose a JPEG, PNG, WebP or HEIC image.');
    await expect.poll(() => form.getByRole('img', { name: 'socket.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    // By the keyboard alone: the photo's remove button comes just before the input; Enter removes the photo.
    await form.getByTestId('service-request-photo-input').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove socket.png');
    await page.keyboard.press('Enter');
    await form.getByRole('list', { name: '1 photo attached' }).waitFor({ state: 'detached' });
    await screen.choosePhotos([{ name: 'socket.png', mimeType: 'image/png', buffer: PNG }]);
    await form.getByRole('list', { name: '1 photo attached' }).waitFor();
    // The form with its photo and its summary fits the phone and axe finds nothing serious in it.
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // On a phone the camera is offered: the camera's input asks for the back camera's pictures.
    const camera = form.getByTestId('service-request-camera');
    expect([await camera.getAttribute('accept'), await camera.getAttribute('capture')]).toEqual(['image/*', 'environment']);
    await send.click();
    await form.waitFor({ state: 'detached' });
    const created = (await requests()).find((r) => !before.some((b) => b.id === r.id))!;
    expect(created).toMatchObject({ status: 'Submitted', photo_count: 1 });
    expect(await screen.item(created.reference).innerText()).toContain('1 photo');

    // The list leads to the request's own page, titled by it.
    const link = screen.item(created.reference).getByRole('link', { name: 'Electrical · Floor 14, desk 14-031' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/building/${building}/service-requests/${created.id}`);
    const detail = new ServiceRequestDetail(page);
    await detail.article().getByRole('heading', { level: 1, name: 'Electrical · Floor 14, desk 14-031' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Electrical · Floor 14, desk 14-031 · /);
    // The photo is read with the person's sign-in and drawn.
    await expect.poll(() => detail.drawn('Photo 1 of 1: socket.png')).toBe(true);
    expect(await detail.timeline().count()).toBe(1);
    expect(await detail.timeline().first().innerText()).toContain('By you');
    expect(await detail.overflow()).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The building team accepts it, by a vendor's name and with a note; the page shows it once read again.
    await teamChanges(created.id, { status: 'Accepted', by_name: 'Northline Electrical', note: 'A technician comes tomorrow at 9.' });
    await page.reload();
    await detail.article().waitFor();
    await expect.poll(() => detail.timeline().count()).toBe(2);
    const [accepted = '', filed = ''] = await detail.timeline().allInnerTexts();
    expect(accepted).toContain('Accepted');
    expect(accepted).toContain('By Northline Electrical');
    expect(accepted).toContain('A technician comes tomorrow at 9.');
    expect(filed).toContain('Submitted');
    // Times in the building's time zone, in the page's words.
    const { timezone } = await session.call<{ timezone: string }>(`/tenant/v1/buildings/${building}`);
    const [change] = (
      await session.call<{ timeline: { at: string }[] }>(`/service-request/buildings/${building}/service-request/${created.id}`)
    ).timeline.slice(-1);
    expect(accepted.replace(/\s/g, ' ')).toContain(
      `${formatDate(change!.at, 'en-US', timezone)}, ${formatTime(change!.at, 'en-US', timezone)}`.replace(/\s/g, ' '),
    );
    expect(await page.getByTestId('service-request-status').innerText()).toBe('Accepted');
    await expect.poll(() => detail.drawn('Photo 1 of 1: socket.png')).toBe(true);

    // The way back is the header's up link (by the keyboard too), to the list, where the request reads Accepted.
    await page.getByTestId('up-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/building/${building}/service-requests`);
    await expect.poll(() => screen.status(created.reference)).toBe('Accepted');
    await context.close();
  });

  it('says so when a request is not the person’s, and leads back to the list', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1366, height: 900 }, as: tenant.person });
    await page.goto(`/building/${building}/service-requests/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Request not found').waitFor();
    await page.getByRole('link', { name: 'Your service requests' }).click();
    await page.waitForURL((url) => url.pathname === `/building/${building}/service-requests`);
    await new ServiceRequestsPage(page).list().waitFor();
    await context.close();
  });

  it('reads statuses in the words the history and the receipts use (decision 150): a denial is Denied, a cancel as on the history', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 }, as: tenant.person });
    await page.goto(`/building/${building}/service-requests`);
    const screen = new ServiceRequestsPage(page);
    await screen.list().waitFor();
    const all = await requests();
    const denied = all.find((r) => r.status === 'Denied_Unavailable')!;
    const cancelled = all.find((r) => r.status === 'Canceled')!;
    expect(await screen.status(denied.reference)).toBe('Denied');
    // The browser's English is American (en-US), which spells it so, as the receipts do.
    const cancelledWord = await screen.status(cancelled.reference);
    expect(cancelledWord).toBe('Canceled');
    // Every card shows its status under its title, short titles as long ones (one layout for the list).
    const beside = await page
      .locator('[data-request]')
      .evaluateAll((cards) =>
        cards
          .filter((card) => card.querySelector('[data-chip]')!.getBoundingClientRect().top < card.querySelector('h2')!.getBoundingClientRect().bottom)
          .map((card) => card.getAttribute('data-request')),
      );
    expect(beside).toEqual([]);
    // The history's booked service that was cancelled (Apex Shoe Repair, past) reads the same word.
    const history = new HistoryPage(page);
    await history.open();
    await history.chooseType('Services');
    await history.chooseTab('Past');
    const apex = history.rows().filter({ hasText: 'Apex Shoe Repair' });
    expect(await apex.getByTestId('history-status').innerText()).toBe(cancelledWord);
    await context.close();
  });

  it('shows the server’s reason when a cancel is refused, and leaves the request as it was', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 }, as: tenant.person });
    await page.goto(`/building/${building}/service-requests`);
    const screen = new ServiceRequestsPage(page);
    await screen.list().waitFor();
    const open = (await requests()).find((r) => r.status === 'Submitted' || r.status === 'Pending')!;
    await page.route(`**/service-request/buildings/*/service-request/${open.id}`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 409, message: 'This request is Accepted and can no longer be canceled' }),
      }),
    );
    await screen
      .item(open.reference)
      .getByRole('button', { name: `Cancel request ${open.reference}` })
      .click();
    await page.getByRole('dialog', { name: 'Cancel this request?' }).getByRole('button', { name: 'Cancel request' }).click();
    await screen.toast('The request could not be changed. This request is Accepted and can no longer be canceled').waitFor();
    expect(await screen.item(open.reference).innerText()).toContain(open.status);
    await context.close();
  });

  it('leads home when the service-requests flag is off, and leaves the menu without it', async () => {
    // Off for this file's building only: the tenant's person gets it, no other file's people do.
    await setBuildingFlag('service-requests', false, building);
    try {
      const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 }, as: tenant.person });
      await page.goto(`/building/${building}/service-requests`);
      await page.waitForURL((url) => url.pathname === `/building/${building}`);
      await page.getByTestId('account-menu-trigger').click();
      await page.getByRole('menuitem', { name: 'Help desk' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Service requests' }).count()).toBe(0);
      await context.close();
    } finally {
      await setBuildingFlag('service-requests', null, building);
    }
  });
});
