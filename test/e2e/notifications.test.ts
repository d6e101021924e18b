import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, seriousA11yViolations, settled } from './browser';
import { apiSignIn, type ApiSession } from './api';
import { signedInPage } from './pages';
import { listedBookings, requestBooking } from './bookingPages';
import { NotificationCentre, vendorDecides } from './notificationPages';
import { newTenant, type Tenant } from './tenant';

/**
 * The notification centre (issue 26): a tenant on a phone with a pending booking request; the vendor approves it and
 * the bell's count goes up without a reload; the list says so, and opening it reads it; a kind switched off in the
 * account's settings is not told; a read in one tab clears the count in the other. Screens at 360 px and on a desktop
 * with axe, in light and dark.
 */
let browser: Browser;
let tenant: Tenant;
let session: ApiSession;
let building: string;
let room: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant({ history: true });
  building = tenant.building_uuid;
  session = await apiSignIn(tenant.person.email, tenant.person.password);
  room = (await listedBookings(session, 'upcoming')).find(
    (b) => b.content.resource.name === 'Conference Room A' && b.details.owner.owner_uuid === building,
  )!.details.resource.uuid;
  mkdirSync('test-results', { recursive: true });
});

let day = 6;
/** A pending request of the tenant for the meeting room, a day further ahead each time (so none overlaps). */
async function pendingRequest() {
  const start = new Date(Date.now() + ++day * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  return requestBooking({
    user_email: tenant.person.email,
    resource_uuid: room,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
  });
}

/** The page in both schemes: no sideways scroll, nothing serious for axe, and a picture of each to look at. */
async function checkAndShoot(page: Page, name: string) {
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await settled(page);
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wider > 0) problems.push(`${scheme}: ${wider}px of sideways scroll`);
    problems.push(...(await seriousA11yViolations(page, { colourRules: scheme === 'dark' })).map((v) => `${scheme}: ${v}`));
    await page.screenshot({ path: `test-results/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}

describe('the notification centre', () => {
  it('on a phone: the vendor’s approval raises the bell’s count live; the list says approved; opening it reads it', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 }, as: tenant.person });
    const centre = new NotificationCentre(page, building);
    await centre.bell().waitFor();
    const start = await centre.count();
    const request = await pendingRequest();
    // The request and then the approval arrive through the stream: no reload, no navigation.
    await expect.poll(() => centre.count(), { timeout: 10_000 }).toBe(start + 1);
    await vendorDecides(request.uuid, 'approve');
    await expect.poll(() => centre.count(), { timeout: 10_000 }).toBe(start + 2);
    expect(await centre.bell().getAttribute('aria-label')).toBe(`Notifications, ${start + 2} unread`);

    await centre.open();
    expect(await page.title()).toMatch(/^Notifications · /);
    const approved = centre.item('Your booking of Conference Room A was approved');
    await approved.waitFor();
    expect(await approved.getAttribute('data-state')).not.toBe('read');
    expect(await centre.items().first().getAttribute('data-kind')).toBe('booking_approved');
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    // The way back: the Up link to the building's home.
    await page.getByRole('link', { name: /Home/ }).first().waitFor();
    expect(await checkAndShoot(page, 'notifications-phone')).toEqual([]);

    // Opening it leads to the booking's receipt and reads it: the count drops by one.
    await approved.getByRole('link').click();
    await page.waitForURL(`**/bookings/building/${building}/${room}/${request.uuid}`);
    await expect.poll(() => centre.count()).toBe(start + 1);
    await page.goBack();
    await expect.poll(() => centre.item('Your booking of Conference Room A was approved').getAttribute('data-state')).toBe('read');
    await context.close();
  });

  it('a kind switched off in the account’s settings is not told; the others are', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 }, as: tenant.person });
    await page.goto('/account?tab=settings');
    const approvals = page.getByRole('switch', { name: 'Bookings approved' });
    await approvals.waitFor();
    expect(await approvals.getAttribute('aria-checked')).toBe('true');
    await approvals.click();
    await expect.poll(() => approvals.getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('notification-settings').scrollIntoViewIfNeeded();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/notification-settings-phone.png' });

    const centre = new NotificationCentre(page, building);
    const start = await centre.count();
    const request = await pendingRequest();
    await expect.poll(() => centre.count(), { timeout: 10_000 }).toBe(start + 1);
    await vendorDecides(request.uuid, 'approve');
    // A service request's new status comes after the approval: once it is here, the approval would have been too.
    const [filed] = await session.call<{ id: string; status: string }[]>(`/service-request/buildings/${building}/requests`);
    const changed = await fetch(`${baseURL()}/api/dev/service-requests/${filed!.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: filed!.status === 'Accepted' ? 'Pending' : 'Accepted' }),
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => centre.count(), { timeout: 10_000 }).toBe(start + 2);
    await centre.open();
    await centre.items().first().waitFor();
    expect(await centre.items().first().getAttribute('data-kind')).toBe('service_request_status');
    expect(await centre.items().nth(1).getAttribute('data-kind')).toBe('booking_requested');
    // Switched on again for the other tests.
    await session.call('/tenant/v1/users/current/notification-preferences', { method: 'PUT', body: { booking_approved: true } });
    await context.close();
  });

  it('on a desktop: every read in one tab clears the count in the other', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1366, height: 900 }, as: tenant.person });
    const other = await context.newPage();
    await other.setViewportSize({ width: 1366, height: 900 });
    await other.goto('/home');
    const here = new NotificationCentre(page, building);
    const there = new NotificationCentre(other, building);
    await there.bell().waitFor();
    await pendingRequest();
    await expect.poll(() => there.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await here.open();
    expect(await checkAndShoot(page, 'notifications-desktop')).toEqual([]);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => here.count()).toBe(0);
    await expect.poll(() => there.count(), { timeout: 10_000 }).toBe(0);
    expect(await here.overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
