import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { demoInPlaza, type ApiSession } from './api';
import { DEMO, signedInPage } from './pages';
import { HistoryPage, listedBookings, ReceiptPage, receiptPathOf, requestBooking, type ListedBooking } from './bookingPages';

let browser: Browser;
let demo: ApiSession;
let plaza: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ demo, plaza } = await demoInPlaza());
});

interface Page_ {
  pagination: { total: number };
}
const total = async (query: string) => (await demo.call<Page_>(`/tenant/v1/users/current/transactions?limit=1&${query}`)).pagination.total;

describe('my history', () => {
  it('opens from the account page on upcoming resource bookings, and pages through them', async () => {
    // More than a page of upcoming bookings: requests for the desk on the coming days, as many as needed.
    const desk = (await listedBookings(demo, 'upcoming')).find((b) => b.content.resource.name === 'Focus Desk 7')!;
    for (let day = 10; (await total('type=resource_bookings&when=upcoming')) <= 12; day++) {
      const start = new Date(Date.now() + day * 86_400_000);
      start.setUTCHours(14, 0, 0, 0);
      await requestBooking({
        user_email: DEMO.email,
        resource_uuid: desk.details.resource.uuid,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 3_600_000).toISOString(),
      });
    }
    const { page, context } = await signedInPage(browser);
    await page.goto('/account');
    await page.getByRole('link', { name: 'My history: bookings, events and services' }).click();
    await page.waitForURL('**/my-history');
    const history = new HistoryPage(page);
    await history.ready();
    await page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'Resource bookings' }).isChecked()).toBe(true);
    const upcoming = await total('type=resource_bookings&when=upcoming');
    expect(await history.rows().count()).toBe(10);
    expect(await history.count()).toBe(`10 of ${upcoming}`);
    // Soonest first: the list starts with tomorrow's desk (or a booking of today).
    const texts = await history.rowTexts();
    expect(texts.join('\n')).toMatch(/Conference Room A|Focus Desk 7|Rooftop Terrace|Executive Boardroom/);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page
      .getByTestId('history-count')
      .filter({ hasText: `${Math.min(20, upcoming)} of ${upcoming}` })
      .waitFor();
    expect(await history.rows().count()).toBe(Math.min(20, upcoming));
    await context.close();
  });

  it('switches tabs and types: services show their price in cents divided by 100, past ones only when ended', async () => {
    const { page, context } = await signedInPage(browser);
    const history = new HistoryPage(page);
    await history.open();
    await history.chooseType('Services');
    const upcoming = (await history.rowTexts()).join('\n');
    // Dash Couriers: 1999 cents; the cleaning: 4500 cents.
    expect(upcoming).toContain('Dash Couriers');
    expect(upcoming).toContain('$19.99');
    expect(upcoming).toContain('$45');
    expect(upcoming).not.toContain('$1,999');
    expect(upcoming).not.toContain('Apex Shoe Repair');
    await history.chooseTab('Past');
    expect(await page.getByRole('radio', { name: 'Services' }).isChecked()).toBe(true);
    const past = (await history.rowTexts()).join('\n');
    expect(past).toContain('Apex Shoe Repair');
    expect(past).toContain('$25');
    expect(past).not.toContain('Dash Couriers');
    await history.chooseType('Resource bookings');
    expect(await history.count()).toMatch(new RegExp(` of ${await total('type=resource_bookings&when=past')}$`));
    await context.close();
  });

  it('a resource booking opens its receipt, and a past event opens its screen', async () => {
    const { page, context } = await signedInPage(browser);
    const history = new HistoryPage(page);
    await history.open();
    await history.rows().filter({ hasText: 'Conference Room A' }).first().click();
    await page.waitForURL(/\/building\/[^/]+\/bookings\/building\/[^/]+\/[^/]+\/[^/]+$/);
    const receipt = new ReceiptPage(page);
    await page.getByTestId('receipt-title').waitFor();
    expect(['Booking requested', 'Booking cancelled', 'Booking denied', "You're booked"]).toContain(await receipt.title());
    await page.getByRole('link', { name: 'Back to my history' }).click();
    await history.ready();
    // The demo tenant attended the plaza's breakfast (seeded): it is in the past events, and opens its screen.
    await history.chooseTab('Past');
    await history.chooseType('Events');
    const breakfast = history.rows().filter({ hasText: 'Spring networking breakfast' }).first();
    expect(await breakfast.innerText()).toMatch(/Attending/);
    await breakfast.click();
    await page.waitForURL(`**/building/${plaza}/event-posts/*`);
    await page.locator('#content-title').filter({ hasText: 'Spring networking breakfast' }).waitFor();
    // It has ended: attended it stays, with no cancel offered (decision 143).
    await page.getByText('You attended', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel RSVP' }).count()).toBe(0);
    await context.close();
  });

  it('reads each booking’s status with the same word on the list as on its receipt, for every status', async () => {
    const mine = [...(await listedBookings(demo, 'upcoming')), ...(await listedBookings(demo, 'past'))];
    // One of the person's bookings in each stored status (the demo data holds every one; decision 054).
    const byStatus = new Map<string, ListedBooking>();
    for (const b of mine) if (!byStatus.has(b.status)) byStatus.set(b.status, b);
    expect(byStatus.size).toBe(9);

    const { page, context } = await signedInPage(browser);
    const history = new HistoryPage(page);
    await history.open();
    const listed = await history.statuses();
    await history.chooseTab('Past');
    for (const [href, word] of await history.statuses()) listed.set(href, word);

    const receipt = new ReceiptPage(page);
    for (const [status, b] of byStatus) {
      const word = listed.get(receiptPathOf(b));
      expect(word, `${status} on the list`).toBeTruthy();
      await receipt.openInApp(b);
      expect(await receipt.status(), `${status} on its receipt`).toBe(word);
    }
    await context.close();
  });
});
