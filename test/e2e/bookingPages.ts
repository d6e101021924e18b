import type { Page } from 'playwright-core';
import { baseURL, visit } from './browser';
import type { ApiSession } from './api';

/** A booking of the demo data as the history call lists it, with the path of its receipt. */
export interface ListedBooking {
  uuid: string;
  status: string;
  start_at: string;
  details: { owner: { owner_type: string; owner_uuid: string }; resource: { uuid: string } };
  content: { resource: { name: string } };
}

export const apiPathOf = (b: ListedBooking) =>
  `/resource-booking/v2/${b.details.owner.owner_type}/${b.details.owner.owner_uuid}/resources/${b.details.resource.uuid}/bookings/${b.uuid}/mine`;
export const receiptPathOf = (b: ListedBooking) =>
  `/building/${b.details.owner.owner_uuid}/bookings/${b.details.owner.owner_type}/${b.details.owner.owner_uuid}/${b.details.resource.uuid}/${b.uuid}`;

/** The person's resource bookings through the API (upcoming or past), for ids the screens then show. */
export async function listedBookings(session: ApiSession, when: 'upcoming' | 'past'): Promise<ListedBooking[]> {
  const page = await session.call<{ transactions: { resource_bookings: ListedBooking[] } }>(
    `/tenant/v1/users/current/transactions?type=resource_bookings&when=${when}&limit=100`,
  );
  return page.transactions.resource_bookings;
}

/** A pending booking request of a person, made through the development endpoint as the vendor's app would. */
export async function requestBooking(body: { user_email: string; resource_uuid: string; start_at: string; end_at: string }) {
  const answer = await fetch(`${baseURL()}/api/dev/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, form_responses: [{ question: 'Will you need the projector?', answer: 'No', type: 'Yes/No' }] }),
  });
  if (!answer.ok) throw new Error(`booking request: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { uuid: string } }).data;
}

/** A call as the person's token makes it, answering the status and body whatever they are (for refused calls). */
export async function rawCall(session: ApiSession, method: string, path: string) {
  const answer = await fetch(`${baseURL()}/api${path}`, { method, headers: { authorization: `Bearer ${session.token}` } });
  return { status: answer.status, body: (await answer.json()) as { code?: string; message?: string; data?: { receipt_status: string } } };
}

/** A booking's receipt, with verbs for its cancel. */
export class ReceiptPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
    await this.page.getByTestId('receipt-title').waitFor();
  }

  title() {
    return this.page.getByTestId('receipt-title').innerText();
  }

  async seeTitle(text: string) {
    await this.page.getByTestId('receipt-title').filter({ hasText: text }).waitFor();
  }

  /** Opens another receipt by a move inside the app, and waits for what only it shows (its reference). */
  async openInApp(booking: ListedBooking) {
    await visit(this.page, receiptPathOf(booking));
    await this.page.getByText(booking.uuid.slice(0, 8).toUpperCase(), { exact: true }).waitFor();
  }

  status() {
    return this.page.getByTestId('receipt-status').innerText();
  }

  /** The cancellation policy (the resource's words and the deadline) is on the receipt. */
  async showsPolicy() {
    return (await this.page.getByTestId('cancellation-policy').count()) > 0;
  }

  /** The cancel's confirmation shows as a status and has the focus; answers its text. */
  async seeCancelConfirmation() {
    const status = this.page.locator('[role="status"][data-testid="cancel-done"]');
    await status.waitFor();
    await this.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'cancel-done');
    return status.innerText();
  }

  cancelButton() {
    return this.page.getByRole('group', { name: 'Cancellation' }).getByRole('button', { name: 'Cancel booking' });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** Presses cancel and confirms it. */
  async cancel() {
    await this.cancelButton().click();
    const confirm = this.dialog('Cancel this booking?');
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await confirm.waitFor({ state: 'detached' });
  }
}

/** /my-history, with verbs for its tabs, type selector and pages. */
export class HistoryPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/my-history${query}`);
    await this.ready();
  }

  /** The list (or its empty state) is in. */
  async ready() {
    await this.page.getByRole('heading', { name: 'Account history', level: 1 }).waitFor();
    await this.page.waitForFunction(
      () => !document.querySelector('[data-testid="history-loading"]') && !document.querySelector('[aria-busy="true"]'),
    );
  }

  async chooseTab(name: 'Upcoming' | 'Past') {
    await this.page.getByRole('tab', { name }).click();
    await this.page.getByRole('tab', { name, selected: true }).waitFor();
    await this.ready();
  }

  async chooseType(name: 'Events' | 'Resource bookings' | 'Services') {
    await this.page.getByRole('radio', { name }).check();
    await this.ready();
  }

  rows() {
    return this.page.getByTestId('history-row');
  }

  async rowTexts() {
    return this.rows().allInnerTexts();
  }

  count() {
    return this.page.getByTestId('history-count').innerText();
  }

  /** Presses "Load more" until every row of the list is in. */
  async loadAll() {
    const more = this.page.getByRole('button', { name: 'Load more' });
    while ((await more.count()) > 0) {
      const before = await this.rows().count();
      await more.click();
      await this.page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="history-row"]').length > n || !!document.querySelector('[role="alert"]'),
        before,
      );
      await this.ready();
    }
  }

  /** Each listed row's status as the list shows it, by the address the row opens. */
  async statuses(): Promise<Map<string, string>> {
    await this.loadAll();
    const rows = await this.page.$$eval('[data-testid="history-row"]', (links) =>
      links.map((link) => [link.getAttribute('href') ?? '', link.querySelector('[data-testid="history-status"]')?.textContent ?? ''] as const),
    );
    return new Map(rows);
  }
}

/** The Book place (/building/{uuid}/book) and a resource's booking screen, with verbs for what a person does there. */
export class BookPage {
  constructor(readonly page: Page) {}

  /** Opens Book from the tab bar (a phone) or the header's places (a desktop). */
  async openFromPlaces() {
    const tab = this.page.getByTestId('tab-book');
    const place = this.page.getByTestId('header-places').getByRole('link', { name: 'Book' });
    await tab.or(place).first().waitFor();
    if (await tab.isVisible()) await tab.click();
    else await place.click();
    await this.page.getByRole('heading', { name: 'Book', level: 1 }).waitFor();
    await this.page.getByTestId('book-resource').first().waitFor();
  }

  async chooseResource(name: string) {
    await this.page.getByRole('link', { name, exact: true }).click();
    await this.page.getByRole('heading', { name, level: 1 }).waitFor();
    await this.dayLoaded();
  }

  /** The day's times are in (or it failed). */
  async dayLoaded() {
    await this.page.getByTestId('book-days').waitFor();
    await this.page.waitForFunction(() => !document.querySelector('[data-testid="book-day-loading"]'));
  }

  freeSlots() {
    return this.page.locator('[data-slot="free"]');
  }

  /** Chooses the first day, from the building's today on, that has a free time; answers its chip's label. */
  async chooseDayWithFreeTime(): Promise<string> {
    const days = this.page.getByTestId('book-days').getByRole('button');
    for (let i = 0; i < (await days.count()); i++) {
      const day = days.nth(i);
      if ((await day.getAttribute('aria-pressed')) !== 'true') {
        await day.click();
        await this.page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid="book-days"] button')[n]?.getAttribute('aria-pressed') === 'true',
          i,
        );
        await this.dayLoaded();
      }
      if ((await this.freeSlots().count()) > 0) return (await day.getAttribute('aria-label')) ?? '';
    }
    throw new Error('no day with a free time');
  }

  /** Picks a free start by its position among the free ones; answers its label ("10:30 AM, free"). */
  async pickFreeSlot(index = 0): Promise<string> {
    const slot = this.freeSlots().nth(index);
    const label = (await slot.getAttribute('aria-label')) ?? '';
    await slot.click();
    await this.page.locator('[data-slot="free"][aria-pressed="true"]').waitFor();
    return label;
  }

  async answerYesNo(question: string, answer: 'Yes' | 'No') {
    await this.page.getByRole('group', { name: question }).getByLabel(answer).check();
  }

  async answer(question: string, text: string) {
    await this.page.getByLabel(question).fill(text);
  }

  async confirm() {
    await this.page.getByTestId('book-confirm').click();
  }

  /** The receipt after a booking: its title. */
  async receiptTitle() {
    await this.page.getByTestId('book-receipt-title').waitFor();
    return this.page.getByTestId('book-receipt-title').innerText();
  }

  receiptNote() {
    return this.page.getByTestId('book-receipt-note').innerText();
  }

  /** What is chosen, as the confirm bar says it. */
  chosen() {
    return this.page.getByTestId('book-chosen').innerText();
  }
}
