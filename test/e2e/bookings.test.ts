import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { apiSignIn, demoInPlaza, type ApiSession } from './api';
import { DEMO, signedInPage } from './pages';
import { apiPathOf, HistoryPage, listedBookings, rawCall, ReceiptPage, receiptPathOf, requestBooking } from './bookingPages';

let browser: Browser;
let demo: ApiSession;
let plaza: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ demo, plaza } = await demoInPlaza());
});

/** A fresh pending request of the demo tenant for the plaza's meeting room, five days ahead (cancellable). */
async function freshRequest() {
  const room = (await listedBookings(demo, 'upcoming')).find(
    (b) => b.content.resource.name === 'Conference Room A' && b.details.owner.owner_uuid === plaza,
  )!;
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const made = await requestBooking({
    user_email: DEMO.email,
    resource_uuid: room.details.resource.uuid,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 90 * 60_000).toISOString(),
  });
  return { ...room, uuid: made.uuid };
}

describe('a booking’s receipt', () => {
  it('shows a request with its answers, duration, window and the approval note; a cancel is confirmed, the policy goes, the history agrees', async () => {
    const booking = await freshRequest();
    const { page, context } = await signedInPage(browser);
    const receipt = new ReceiptPage(page);
    await receipt.open(receiptPathOf(booking));
    expect(await receipt.title()).toBe('Booking requested');
    expect(await receipt.status()).toBe('Pending');
    expect(await page.getByTestId('approval-note').innerText()).toMatch(/building manager's approval/);
    expect(await page.getByTestId('form-responses').innerText()).toMatch(/Will you need the projector\?\s+No/);
    expect(await page.getByTestId('receipt-duration').innerText()).toBe('1 hour 30 minutes');
    expect(await receipt.showsPolicy()).toBe(true);
    expect(await page.getByTestId('cancellation-deadline').innerText()).toMatch(/^You can cancel until /);
    await page.getByText('You can cancel up to 1 hour before your booking starts.').waitFor();

    // Dismissing the question sends nothing.
    await receipt.cancelButton().click();
    await receipt.dialog('Cancel this booking?').getByRole('button', { name: 'Keep my booking' }).click();
    expect(await receipt.title()).toBe('Booking requested');

    await receipt.cancel();
    // A status the screen reader reads out, with the focus (the cancel button that had it is gone). The browser asks
    // for en-US: American spelling there (the source catalogue's is British).
    expect(await receipt.seeCancelConfirmation()).toBe('Your booking has been canceled.');
    await receipt.seeTitle('Booking canceled');
    expect(await receipt.status()).toBe('Canceled');
    expect(await receipt.showsPolicy()).toBe(false);
    await page.getByText('You can cancel up to 1 hour before your booking starts.').waitFor({ state: 'detached' });
    await page.getByTestId('approval-note').waitFor({ state: 'detached' });
    expect(await receipt.cancelButton().count()).toBe(0);
    expect((await rawCall(demo, 'GET', apiPathOf(booking))).body.data?.receipt_status).toBe('Canceled');

    // The cancel is kept: a reload reads it from the server, cancelled, with no policy, no cancel and no confirmation.
    await page.reload();
    await receipt.seeTitle('Booking canceled');
    const word = await receipt.status();
    expect(await receipt.showsPolicy()).toBe(false);
    expect(await page.getByText('You can cancel up to 1 hour before your booking starts.').count()).toBe(0);
    expect(await receipt.cancelButton().count()).toBe(0);
    expect(await page.getByTestId('cancel-done').count()).toBe(0);

    // The history lists it with the receipt's word.
    await page.getByRole('link', { name: 'Back to my history' }).click();
    const history = new HistoryPage(page);
    await history.ready();
    expect((await history.statuses()).get(receiptPathOf(booking))).toBe(word);
    await context.close();
  });

  it('a failed cancel opens the booking error modal; okay closes it and the booking stays as it was', async () => {
    const booking = await freshRequest();
    const { page, context } = await signedInPage(browser);
    await page.route('**/resource-booking/v2/**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
        : route.continue(),
    );
    const receipt = new ReceiptPage(page);
    await receipt.open(receiptPathOf(booking));
    await receipt.cancel();
    const modal = receipt.dialog('Unable to complete');
    await modal.getByText('Unable to complete, please try again later.').waitFor();
    await modal.getByRole('button', { name: 'Okay' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await receipt.title()).toBe('Booking requested');
    expect(await receipt.cancelButton().isEnabled()).toBe(true);
    expect((await rawCall(demo, 'GET', apiPathOf(booking))).body.data?.receipt_status).toBe('Pending');
    await context.close();
  });

  it('after the window: you_can_no_longer_cancel, the button is disabled, and the server refuses a forced cancel', async () => {
    const late = (await listedBookings(demo, 'upcoming')).find(
      (b) => b.content.resource.name === 'Executive Boardroom' && b.status === 'accepted' && b.details.owner.owner_uuid === plaza,
    )!;
    const { page, context } = await signedInPage(browser);
    const receipt = new ReceiptPage(page);
    await receipt.open(receiptPathOf(late));
    expect(await receipt.title()).toBe("You're booked");
    await page.getByTestId('cancel-too-late').filter({ hasText: 'You can no longer cancel this booking.' }).waitFor();
    expect(await receipt.cancelButton().isDisabled()).toBe(true);
    // Past its cut-off the policy no longer shows.
    expect(await receipt.showsPolicy()).toBe(false);
    await receipt.cancelButton().click({ force: true });
    expect(await receipt.dialog('Cancel this booking?').count()).toBe(0);

    const forced = await rawCall(demo, 'DELETE', apiPathOf(late));
    expect(forced.status).toBe(409);
    expect(forced.body.code).toBe('you_can_no_longer_cancel');
    expect((await rawCall(demo, 'GET', apiPathOf(late))).body.data?.receipt_status).toBe('Accepted');
    await context.close();
  });

  it('another person’s booking is not found, and cannot be cancelled', async () => {
    const admin = await apiSignIn('admin@globex.example', 'Atrium!2026');
    const theirs = (await listedBookings(admin, 'upcoming')).find((b) => b.status === 'pending' && b.details.owner.owner_uuid === plaza)!;
    const { page, context } = await signedInPage(browser);
    await page.goto(receiptPathOf(theirs));
    await page.getByRole('heading', { name: 'This booking was not found.' }).waitFor();
    expect((await rawCall(demo, 'DELETE', apiPathOf(theirs))).status).toBe(404);
    expect((await rawCall(admin, 'GET', apiPathOf(theirs))).body.data?.receipt_status).toBe('Pending');
    await context.close();
  });
});
