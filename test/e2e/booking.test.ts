import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations, visit } from './browser';
import { apiSignIn, type ApiSession } from './api';
import { signedInPage } from './pages';
import { BookPage, HistoryPage } from './bookingPages';
import { NotificationCentre, vendorDecides } from './notificationPages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

let browser: Browser;
/** The file's own tenant (the demo building's bookable resources), two people: one books, the other takes a time first. */
let tenant: Tenant;
let other: ApiSession;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant({ people: 2 });
  other = await apiSignIn(tenant.people[1]!.email, tenant.people[1]!.password);
});

const PHONE = { width: 360, height: 740 };
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Resource {
  uuid: string;
  name: string;
}

describe('booking a room', () => {
  it('on a phone: Book from the tab bar, a meeting room, a free time, its questions, Confirm, the receipt, the history lists it, and the vendor’s approval reaches the notification centre', async () => {
    const { page, context } = await signedInPage(browser, { viewport: PHONE, as: tenant.person });
    const centre = new NotificationCentre(page, tenant.building_uuid);
    await centre.bell().waitFor();
    const unreadBefore = await centre.count();
    const book = new BookPage(page);
    await book.openFromPlaces();
    expect(await page.getByTestId('tab-book').getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toMatch(/^Book · /);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await book.chooseResource('Conference Room A');
    await book.chooseDayWithFreeTime();
    const slot = await book.pickFreeSlot(1);
    expect(slot).toMatch(/, free$/);
    expect(await book.chosen()).toContain(slot.replace(/ [AP]M, free$/, ''));
    // Confirm before the required answers: they are asked for beside their fields, and nothing is sent.
    await book.confirm();
    await page.getByText('Please answer this question.').first().waitFor();
    await book.answerYesNo('Will you need the projector?', 'Yes');
    await book.answer('How many people will attend?', '4');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/resources\/[^/]+\/bookings$/.test(new URL(r.url()).pathname));
    await book.confirm();
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[\x21-\x7E]{8,}$/);
    // The room needs approval: a request the building will confirm.
    expect(await book.receiptTitle()).toBe('Booking requested');
    expect(await book.receiptNote()).toMatch(/^The building will confirm/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The full receipt offers the calendar file, read with the person's bearer and saved as a download.
    await page.getByTestId('book-see-receipt').click();
    await page.getByTestId('receipt-title').filter({ hasText: 'Booking requested' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('add-to-calendar').click()]);
    expect(download.suggestedFilename()).toMatch(/^booking-[0-9a-f]{8}\.ics$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(file).toContain('STATUS:TENTATIVE');
    expect(file).toContain('SUMMARY:Conference Room A');
    // A failed read says so.
    await page.route('**/calendar.ics', (route) => route.fulfill({ status: 503, body: '{"message":"down"}', contentType: 'application/json' }));
    await page.getByTestId('add-to-calendar').click();
    expect(await page.getByTestId('calendar-failed').innerText()).toBe('The calendar file could not be downloaded. Try again.');
    await page.unroute('**/calendar.ics');

    await page.getByRole('link', { name: 'Back to my history' }).first().click();
    const history = new HistoryPage(page);
    await history.ready();
    await history.chooseType('Resource bookings');
    expect((await history.rowTexts()).some((row) => row.includes('Conference Room A'))).toBe(true);

    // The building approves the request (its vendor route): the bell counts it live, with the request's own notice,
    // and the centre says so; opening the notice leads to the booking's receipt.
    const booking = ((await answer.json()) as { data: { uuid: string } }).data.uuid;
    await vendorDecides(booking, 'approve');
    await expect.poll(() => centre.count(), { timeout: 10_000 }).toBe(unreadBefore + 2);
    await centre.open();
    const approved = centre.item('Your booking of Conference Room A was approved');
    await approved.waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await approved.getByRole('link').click();
    await page.waitForURL(`**/${booking}`);
    await page.getByTestId('receipt-title').waitFor();
    await context.close();
  });

  it('two people, one time: the one who confirms second is told, takes the next free time in one tap, and is booked', async () => {
    const { page, context } = await signedInPage(browser, { viewport: PHONE, as: tenant.person });
    const book = new BookPage(page);
    await book.openFromPlaces();
    await book.chooseResource('Huddle Room 12B');
    await book.chooseDayWithFreeTime();
    await book.pickFreeSlot(2);
    const chosen = await page.locator('[data-slot="free"][aria-pressed="true"]').getAttribute('aria-label');
    expect(chosen).toMatch(/, free$/);

    // The other person takes the same half hour first, through the API.
    const resources = await other.call<Resource[]>(`/tenant/v1/buildings/${tenant.building_uuid}/resources`);
    const huddle = resources.find((r) => r.name === 'Huddle Room 12B')!;
    const free = await page.locator('[data-slot="free"][aria-pressed="true"]').getAttribute('data-start');
    await other.call(`/tenant/v1/buildings/${tenant.building_uuid}/resources/${huddle.uuid}/bookings`, {
      method: 'POST',
      body: { start_at: free, duration_minutes: 30 },
    });

    await book.confirm();
    const taken = page.getByTestId('book-taken');
    await taken.waitFor();
    expect(await taken.innerText()).toMatch(/Someone has just booked this time\. The next free time is /);
    await page.getByRole('button', { name: /^Take / }).click();
    await page.locator('[data-slot="free"][aria-pressed="true"]').waitFor();
    await book.confirm();
    expect(await book.receiptTitle()).toBe("You're booked");
    expect(await book.receiptNote()).toMatch(/^It is in your bookings/);
    await context.close();
  });

  it('from the amenity: the rooftop terrace’s page offers Book, which opens its booking screen; with the flag off it does not', async () => {
    const categories = await other.call<{ amenities: { amenity_uuid: string; amenity_name: string }[] }[]>(
      `/tenant/v1/buildings/${tenant.building_uuid}/amenitiesByCategory`,
    );
    const terrace = categories.flatMap((c) => c.amenities).find((a) => /rooftop/i.test(a.amenity_name))!;
    const { page, context } = await signedInPage(browser, { viewport: { width: 1366, height: 900 }, as: tenant.person });
    await visit(page, `/building/${tenant.building_uuid}/amenities/${terrace.amenity_uuid}`);
    await page.getByTestId('amenity-book').click();
    await page.getByRole('heading', { name: 'Rooftop Terrace', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/building/${tenant.building_uuid}/book/[0-9a-f-]{36}$`));
    await setBuildingFlag('booking', false, tenant.building_uuid);
    try {
      const off = await signedInPage(browser, { as: tenant.person });
      await visit(off.page, `/building/${tenant.building_uuid}/amenities/${terrace.amenity_uuid}`);
      await off.page.getByRole('button', { name: 'Request support' }).waitFor();
      expect(await off.page.getByTestId('amenity-book').count()).toBe(0);
      expect(await off.page.getByTestId('header-places').getByRole('link', { name: 'Book' }).count()).toBe(0);
      await off.context.close();
    } finally {
      await setBuildingFlag('booking', null, tenant.building_uuid);
    }
    await context.close();
  });

  it('on the booking screen by the keyboard: a day, a free time, Confirm; focus lands on the receipt’s heading', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1366, height: 900 }, as: tenant.person });
    const book = new BookPage(page);
    await book.openFromPlaces();
    await book.chooseResource('Hot Desk 14-01');
    const days = page.getByTestId('book-days').getByRole('button');
    for (let i = 1; (await book.freeSlots().count()) === 0; i++) {
      await keyTo(page, days.nth(i));
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="book-days"] button')[n]?.getAttribute('aria-pressed') === 'true', i);
      await book.dayLoaded();
    }
    await keyTo(page, book.freeSlots().first());
    await page.keyboard.press('Enter');
    await page.locator('[data-slot="free"][aria-pressed="true"]').waitFor();
    await keyTo(page, page.getByTestId('book-confirm'));
    await page.keyboard.press('Enter');
    expect(await book.receiptTitle()).toBe("You're booked");
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'book-receipt-title');
    await context.close();
  });
});

/** Presses Tab until `target` has focus, at most 80 times; fails naming where focus went. */
async function keyTo(page: Page, target: Locator) {
  const stops: string[] = [];
  for (let presses = 0; presses <= 80; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? 'body'));
  }
  expect.fail(`Tab never reached the target; focus went: ${stops.join(' → ')}`);
}
