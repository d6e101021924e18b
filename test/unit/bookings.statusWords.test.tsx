import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { bookingReceiptMachine } from '../../machines/bookings/bookingReceipt.machine';
import { STATUS_WORDS } from '../../machines/bookings/bookings.rules';
import { historyMachine } from '../../machines/bookings/history.machine';
import type { TransactionPage } from '../../machines/bookings/bookings.types';
import { serviceRequestsMachine } from '../../machines/serviceRequests/serviceRequests.machine';
import { SERVICE_REQUEST_STATUSES } from '../../machines/serviceRequests/serviceRequests.rules';
import { BUILDING_ID } from '../../machines/building/building.machine';
import type { AppActor } from '../../machines/app/app.refs';
import { BOOKING_STATUSES, receiptStatusOf } from '../../server/stores/bookings';
import { BookingReceipt } from '../../src/ui/bookings/BookingReceipt';
import { statusTone } from '../../src/ui/bookings/BookingStatusChip';
import { HistoryScreen } from '../../src/ui/history/MyHistoryPage';
import { ServiceRequestsScreen } from '../../src/ui/serviceRequests/ServiceRequestsPage';
import { AppActorProvider } from '../../src/ui/appContext';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { englishCatalogue, LOCALES, type Locale } from '../../src/i18n/locales';
import { flush } from '../fixtures/async';
import { booking, PATH, READ_AT, transactionPage } from '../fixtures/bookings';
import { serviceRequest, serviceRequestForm } from '../fixtures/serviceRequests';

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

/** One past page of booked services, one per service-request status; each provider is named after its status. */
function servicePageOfEveryStatus(): TransactionPage {
  const total = SERVICE_REQUEST_STATUSES.length;
  const page = transactionPage({ tab: 'past', type: 'service_bookings', offset: 0, limit: total }, total);
  page.transactions.service_bookings = page.transactions.service_bookings.map((row, i) => ({
    ...row,
    content: { service: { ...row.content.service, provider_name: `${SERVICE_REQUEST_STATUSES[i]!} provider` } },
    status: SERVICE_REQUEST_STATUSES[i]!,
  }));
  return page;
}

/** The history's booked services and, beside it, the service-requests list with a request in each status, in a locale. */
async function renderServicesBoth(locale: Locale) {
  const history = createActor(historyMachine.provide({ actors: { loadPage: fromPromise(async () => servicePageOfEveryStatus()) } }), {
    input: { pageSize: 10, tab: 'past', type: 'service_bookings' },
  }).start();
  const requests = createActor(
    serviceRequestsMachine.provide({
      actors: {
        load: fromPromise(async () => ({
          requests: SERVICE_REQUEST_STATUSES.map((status, i) =>
            serviceRequest({ id: status, requestId: status, reference: `SR-${status}`, status, created_at: `2026-11-${10 + i}T10:00:00.000Z` }),
          ),
          form: serviceRequestForm(),
        })),
      },
    }),
    { input: { buildingUuid: PATH.ownerUuid, enabled: true } },
  ).start();
  const messages: Record<string, string> = Object.assign(
    { ...englishCatalogue },
    ...(await Promise.all((['history', 'bookings', 'serviceRequests'] as const).map((area) => loadAreaCatalogue(area, locale)))),
  );
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <HistoryScreen history={history} />
          <ServiceRequestsScreen actor={requests} timeZone="UTC" />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/my-history'] }),
  });
  await router.load();
  await act(async () => {
    render(
      <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
        <AppActorProvider actor={appWithBuilding()}>
          <RouterProvider router={router} />
        </AppActorProvider>
      </IntlProvider>,
    );
    await flush();
  });
  await screen.findByTestId('history-list');
  await screen.findByTestId('service-requests');
  return messages;
}

/** The word of a booked service's row on the history (found by its provider, named after its status: the row's first text). */
const listedService = (status: string) =>
  [...document.querySelectorAll('[data-testid="history-row"]')]
    .find((row) => row.textContent?.startsWith(`${status} provider`))
    ?.querySelector('[data-testid="history-status"]')?.textContent ?? null;
const onRequests = (status: string) => document.querySelector(`[data-request="SR-${status}"] [data-chip]`)?.textContent ?? null;

describe('a service’s status on the service-requests list and on the history', () => {
  it.each(LOCALES)('reads as the same word on both screens, for every status (%s)', async (locale) => {
    const messages = await renderServicesBoth(locale);
    const words = STATUS_WORDS.map((word) => messages[`bookings.status.${word}`]);
    for (const status of SERVICE_REQUEST_STATUSES) {
      const word = onRequests(status);
      // A word of the one vocabulary (the bookings area's), not the screen's own.
      expect(words, `${status} on the service requests`).toContain(word);
      expect(listedService(status), `${status} on the history`).toBe(word);
    }
  });

  it('reads the three denials as one word, and the English words as the receipts do: Denied, Cancelled', async () => {
    await renderServicesBoth('en');
    expect(Object.fromEntries(SERVICE_REQUEST_STATUSES.map((status) => [status, onRequests(status)]))).toEqual({
      Pending: 'Pending',
      Submitted: 'Submitted',
      Denied_Available: 'Denied',
      Denied_Unavailable: 'Denied',
      Denied: 'Denied',
      Accepted: 'Accepted',
      Canceled: 'Cancelled',
    });
  });
});

describe('a status’s tone, the same for a booking and a service', () => {
  // What a glance reads before the word (it was the service requests' own table before decision 150).
  it.each([
    ['Pending', 'warning'],
    ['Submitted', 'warning'],
    ['Denied_Available', 'danger'],
    ['Denied_Unavailable', 'danger'],
    ['Denied', 'danger'],
    ['Accepted', 'success'],
    ['Canceled', 'neutral'],
    ['something new', 'neutral'],
  ])('%s reads as %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('the English texts of the booking and service-request screens', () => {
  /** Every spelling of "cancelled" the messages use, as the screens load them in a locale (the history, the receipt, the service requests). */
  async function spellings(locale: 'en' | 'en-GB' | 'en-US') {
    const messages = Object.assign(
      {},
      ...(await Promise.all((['history', 'bookings', 'serviceRequests'] as const).map((area) => loadAreaCatalogue(area, locale)))),
    ) as Record<string, string>;
    return new Set(Object.values(messages).flatMap((message) => (message.match(/\bcancel+ed\b/gi) ?? []).map((word) => word.toLowerCase())));
  }

  it('spell “cancelled” one way in each English: British in the source and en-GB, American in en-US', async () => {
    expect([...(await spellings('en'))]).toEqual(['cancelled']);
    expect([...(await spellings('en-GB'))]).toEqual(['cancelled']);
    expect([...(await spellings('en-US'))]).toEqual(['canceled']);
  });
});
