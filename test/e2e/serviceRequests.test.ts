import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { apiSignIn, type ApiSession } from './api';
import { signedInPage } from './pages';
import { HistoryPage } from './bookingPages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

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
}
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
  toast(text: string) {
    return this.page.getByText(text);
  }
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
