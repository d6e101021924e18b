import { describe, expect, it } from 'vitest';
import {
  appendRows,
  bookingDisplay,
  canStillCancel,
  pastCancelWindow,
  receiptDisplayOf,
  receiptPath,
  receiptTitle,
  serviceAmount,
  serviceDisplay,
} from '../../machines/bookings/bookings.rules';
import { bookingReceiptScreen, historyScreen } from '../../machines/bookings/bookings.screens';
import type { ScreenFacts } from '../../machines/app/screen.types';
import { FLAG_DEFAULTS } from '../../contracts/flags';
import { booking, lateBooking, PATH, READ_AT } from '../fixtures/bookings';
import { makeUser } from '../fixtures/people';

describe('the booking status vocabularies', () => {
  it('shows the first vocabulary by the specification’s mapping', () => {
    expect(
      Object.fromEntries(
        [
          'pending',
          'pending_payment',
          'confirmed',
          'accepted',
          'denied_available',
          'cancelled',
          'cancelled_user',
          'cancelled_vendor',
          'denied_unavailable',
          'odd',
        ].map((s) => [s, bookingDisplay(s)]),
      ),
    ).toEqual({
      pending: 'pending',
      pending_payment: 'pending',
      confirmed: 'confirmed',
      accepted: 'confirmed',
      denied_available: 'cancelled',
      cancelled: 'cancelled',
      cancelled_user: 'cancelled_user',
      cancelled_vendor: 'cancelled_vendor',
      denied_unavailable: 'unavailable',
      odd: null,
    });
  });

  it('shows the receipt’s vocabulary as pending, accepted, denied (both) and cancelled', () => {
    expect(receiptDisplayOf).toEqual({
      Pending: 'pending',
      Accepted: 'accepted',
      Denied_Unavailable: 'denied',
      Denied_Available: 'denied',
      Canceled: 'cancelled',
    });
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

  it('shows booked services’ statuses (the service-request vocabulary) and their price in cents divided by 100', () => {
    expect(['Pending', 'Submitted', 'Accepted', 'Denied', 'Denied_Available', 'Denied_Unavailable', 'Canceled', 'x'].map(serviceDisplay)).toEqual([
      'pending',
      'submitted',
      'accepted',
      'denied',
      'denied',
      'denied',
      'cancelled',
      null,
    ]);
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
