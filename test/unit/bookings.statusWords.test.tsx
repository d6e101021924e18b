import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { bookingReceiptMachine } from '../../machines/bookings/bookingReceipt.machine';
import { historyMachine } from '../../machines/bookings/history.machine';
import type { TransactionPage } from '../../machines/bookings/bookings.types';
import { BUILDING_ID } from '../../machines/building/building.machine';
import type { AppActor } from '../../machines/app/app.refs';
import { BOOKING_STATUSES, receiptStatusOf } from '../../server/stores/bookings';
import { BookingReceipt } from '../../src/ui/bookings/BookingReceipt';
import { HistoryScreen } from '../../src/ui/history/MyHistoryPage';
import { AppActorProvider } from '../../src/ui/appContext';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { englishCatalogue, LOCALES, type Locale } from '../../src/i18n/locales';
import { flush } from '../fixtures/async';
import { booking, PATH, READ_AT, transactionPage } from '../fixtures/bookings';

afterEach(cleanup);

/** The app as the history's rows read it: a building flow with no current building. */
function appWithBuilding(): AppActor {
  const building = createMachine({ context: { current: null } });
  const root = setup({ actors: { building } }).createMachine({ invoke: { src: 'building', systemId: BUILDING_ID } });
  return createActor(root).start() as unknown as AppActor;
}

/** One upcoming page of resource bookings, one per stored status; each booking's uuid is its status. */
function pageOfEveryStatus(): TransactionPage {
  const page = transactionPage({ tab: 'upcoming', type: 'resource_bookings', offset: 0, limit: BOOKING_STATUSES.length }, BOOKING_STATUSES.length);
  page.transactions.resource_bookings = page.transactions.resource_bookings.map((row, i) => ({
    ...row,
    uuid: BOOKING_STATUSES[i]!,
    status: BOOKING_STATUSES[i]!,
  }));
  return page;
}

/** The history list and, beside it, each booking's receipt (as its call answers it: both vocabularies), in a locale. */
async function renderBoth(locale: Locale) {
  const history = createActor(historyMachine.provide({ actors: { loadPage: fromPromise(async () => pageOfEveryStatus()) } }), {
    input: { pageSize: 10 },
  }).start();
  const receipts = BOOKING_STATUSES.map((status) =>
    createActor(
      bookingReceiptMachine.provide({
        actors: {
          load: fromPromise(async () => ({
            booking: booking({ status, receipt_status: receiptStatusOf[status], can_cancel: false }),
            readAt: READ_AT,
          })),
        },
      }),
      { input: PATH },
    ).start(),
  );
  const [historyMessages, bookingMessages] = await Promise.all([
    loadAreaCatalogue('history', locale as never),
    loadAreaCatalogue('bookings', locale as never),
  ]);
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <HistoryScreen history={history} />
          {receipts.map((receipt, i) => (
            <div key={BOOKING_STATUSES[i]} data-receipt={BOOKING_STATUSES[i]}>
              <BookingReceipt receipt={receipt} />
            </div>
          ))}
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/my-history'] }),
  });
  await router.load();
  await act(async () => {
    render(
      <IntlProvider locale={locale} defaultLocale="en" messages={{ ...englishCatalogue, ...historyMessages, ...bookingMessages }}>
        <AppActorProvider actor={appWithBuilding()}>
          <RouterProvider router={router} />
        </AppActorProvider>
      </IntlProvider>,
    );
    await flush();
  });
  await screen.findByTestId('history-list');
}

const listed = (status: string) =>
  document.querySelector(`[data-testid="history-row"][href$="/${status}"] [data-testid="history-status"]`)?.textContent ?? null;
const onReceipt = (status: string) => document.querySelector(`[data-receipt="${status}"] [data-testid="receipt-status"]`)?.textContent ?? null;

describe('a booking’s status on the history list and on its receipt', () => {
  it.each(LOCALES)('reads as the same word on both screens, for every status (%s)', async (locale) => {
    await renderBoth(locale);
    for (const status of BOOKING_STATUSES) {
      const word = listed(status);
      expect(word, `${status} on the list`).toBeTruthy();
      // A word of the catalogue, not the API's own status.
      expect(word, status).not.toBe(status);
      expect(onReceipt(status), `${status} on its receipt`).toBe(word);
    }
  });

  it('has as many words as the receipt’s vocabulary tells apart (pending, accepted, denied, cancelled)', async () => {
    await renderBoth('en');
    const byReceiptStatus = new Map<string, Set<string | null>>();
    for (const status of BOOKING_STATUSES)
      byReceiptStatus.set(receiptStatusOf[status], (byReceiptStatus.get(receiptStatusOf[status]) ?? new Set()).add(listed(status)));
    // Each receipt status reads as one word (both denials may share theirs), and no two of the four groups share one.
    const groups = [...byReceiptStatus.values()];
    expect(groups.every((words) => words.size === 1)).toBe(true);
    expect(new Set(groups.map((words) => [...words][0])).size).toBe(4);
  });
});

describe('the English texts of the booking screens', () => {
  /** Every spelling of "cancelled" the messages use, as the screen loads them in a locale (the history and the receipt). */
  async function spellings(locale: 'en' | 'en-GB' | 'en-US') {
    const messages = { ...(await loadAreaCatalogue('history', locale)), ...(await loadAreaCatalogue('bookings', locale)) };
    return new Set(Object.values(messages).flatMap((message) => (message.match(/\bcancel+ed\b/gi) ?? []).map((word) => word.toLowerCase())));
  }

  it('spell “cancelled” one way in each English: British in the source and en-GB, American in en-US', async () => {
    expect([...(await spellings('en'))]).toEqual(['cancelled']);
    expect([...(await spellings('en-GB'))]).toEqual(['cancelled']);
    expect([...(await spellings('en-US'))]).toEqual(['canceled']);
  });
});
