import { describe, expect, it } from 'vitest';
import {
  appendRows,
  canStillCancel,
  pastCancelWindow,
  receiptPath,
  receiptTitle,
  serviceAmount,
  STATUS_WORDS,
  statusWord,
} from '../../machines/bookings/bookings.rules';
import { SERVICE_REQUEST_STATUSES } from '../../machines/serviceRequests/serviceRequests.rules';
import { BOOKING_STATUSES, RECEIPT_STATUSES, receiptStatusOf } from '../../server/stores/bookings';
import bookingMessages from '../../src/i18n/areas/bookings/en.json';
import { bookingReceiptScreen, historyScreen } from '../../machines/bookings/bookings.screens';
import type { ScreenFacts } from '../../machines/app/screen.types';
import { FLAG_DEFAULTS } from '../../contracts/flags';
import { booking, lateBooking, PATH, READ_AT } from '../fixtures/bookings';
import { makeUser } from '../fixtures/people';

describe('the booking status vocabularies', () => {
  // Every status the server answers, in each of its vocabularies (decision 054), and the service-request statuses.
  const VOCABULARIES = { stored: BOOKING_STATUSES, receipt: RECEIPT_STATUSES, service: SERVICE_REQUEST_STATUSES };

  it.each(Object.entries(VOCABULARIES))('gives every %s status one word of the display vocabulary', (_, statuses) => {
    for (const status of statuses) expect(STATUS_WORDS, status).toContain(statusWord(status));
    expect(statusWord('odd')).toBeNull();
  });

  it('reads a booking the same in either of its vocabularies: its stored status and its receipt status have one word', () => {
    for (const status of BOOKING_STATUSES) expect(statusWord(status), status).toBe(statusWord(receiptStatusOf[status]));
  });

  it('reads the receipt’s vocabulary as the specification says: pending, accepted, denied (both), cancelled', () => {
    expect(Object.fromEntries(RECEIPT_STATUSES.map((s) => [s, statusWord(s)]))).toEqual({
      Pending: 'pending',
      Accepted: 'accepted',
      Denied_Unavailable: 'denied',
      Denied_Available: 'denied',
      Canceled: 'cancelled',
    });
  });

  it('uses every word of the vocabulary, and each has its message in the bookings catalogue', () => {
    const used = new Set(Object.values(VOCABULARIES).flatMap((statuses) => statuses.map(statusWord)));
    expect([...STATUS_WORDS].filter((word) => !used.has(word))).toEqual([]);
    expect(STATUS_WORDS.filter((word) => !(`bookings.status.${word}` in bookingMessages))).toEqual([]);
  });

  it('titles the receipt: cancelled when a cancel succeeded or Canceled, booked, requested, denied, else default', () => {
    expect(receiptTitle('Accepted', true)).toBe('cancelled');
    expect(receiptTitle('Canceled', false)).toBe('cancelled');
    expect(receiptTitle('Accepted', false)).toBe('booked');
    expect(receiptTitle('Pending', false)).toBe('requested');
    expect(receiptTitle('Denied_Available', false)).toBe('denied');
    expect(receiptTitle('Denied_Unavailable', false)).toBe('denied');
    expect(receiptTitle('Something', false)).toBe('default');
  });

  it('shows a booked service’s price in cents divided by 100', () => {
    expect(serviceAmount(4500)).toBe(45);
    expect(serviceAmount(1999)).toBe(19.99);
  });
});

describe('the cancellation window', () => {
  it('allows a cancel of an open booking up to its deadline, and not after', () => {
    expect(canStillCancel(booking(), READ_AT)).toBe(true);
    expect(canStillCancel(booking(), booking().cancellation_deadline)).toBe(true);
    expect(canStillCancel(booking(), '2026-11-26T13:00:01.000Z')).toBe(false);
    expect(pastCancelWindow(booking(), '2026-11-26T13:00:01.000Z')).toBe(true);
    expect(pastCancelWindow(lateBooking(), READ_AT)).toBe(true);
    expect(canStillCancel(booking({ receipt_status: 'Canceled' }), READ_AT)).toBe(false);
    expect(pastCancelWindow(booking({ receipt_status: 'Canceled' }), READ_AT)).toBe(false);
  });
});

describe('addresses and screens', () => {
  it('opens a building’s booking under that building', () => {
    expect(receiptPath(PATH, 'other')).toBe(
      `/building/${PATH.ownerUuid}/bookings/building/${PATH.ownerUuid}/${PATH.resourceUuid}/${PATH.bookingUuid}`,
    );
    expect(receiptPath({ ...PATH, ownerType: 'company' }, 'current')).toMatch(/^\/building\/current\/bookings\/company\//);
  });

  it('appends a later page without an item twice', () => {
    const row = (uuid: string) => ({ kind: 'service_bookings' as const, item: { uuid } as never });
    expect(appendRows([row('a'), row('b')], [row('b'), row('c')]).map((r) => r.item.uuid)).toEqual(['a', 'b', 'c']);
  });

  const facts = (overrides: Partial<ScreenFacts> = {}): ScreenFacts => ({
    buildingUuid: 'b-1',
    building: null,
    inHostNavigation: false,
    locale: 'en',
    flags: FLAG_DEFAULTS,
    user: makeUser(),
    miniAppUrls: [],
    helpDeskEmail: null,
    pendingSso: null,
    lobby: false,
    ...overrides,
  });

  it('starts a receipt from the four ids once a building is known, and restarts it only for another booking', () => {
    const params = { buildingUuid: PATH.ownerUuid, ...PATH };
    expect(bookingReceiptScreen.input(params, facts())).toEqual(PATH);
    expect(bookingReceiptScreen.input({ ...PATH }, facts({ buildingUuid: null }))).toBeNull();
    expect(bookingReceiptScreen.restartKey(params, facts())).toBe(bookingReceiptScreen.restartKey(params, facts({ locale: 'de-DE' })));
    expect(bookingReceiptScreen.restartKey(params, facts())).not.toBe(bookingReceiptScreen.restartKey({ ...params, bookingUuid: 'x' }, facts()));
  });

  it('starts the history for a signed-in person, at the address’s tab and type, and restarts it for another language', () => {
    expect(historyScreen.input({}, facts())).toEqual({ pageSize: 10 });
    expect(historyScreen.input({ tab: 'past', type: 'event_posts' }, facts())).toEqual({ pageSize: 10, tab: 'past', type: 'event_posts' });
    expect(historyScreen.input({}, facts({ user: null }))).toBeNull();
    expect(historyScreen.restartKey({}, facts())).not.toBe(historyScreen.restartKey({}, facts({ locale: 'fr-FR' })));
    expect(historyScreen.restartKey({ tab: 'past' }, facts())).toBe(historyScreen.restartKey({}, facts()));
  });
});
