import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, type Actor, type InspectionEvent } from 'xstate';
import { bookingReceiptMachine } from '../../machines/bookings/bookingReceipt.machine';
import { cancelBookingMachine, type CancelBookingEvent, type CancelBookingRef } from '../../machines/bookings/cancelBooking.machine';
import { selectReceiptTitle } from '../../machines/bookings/bookings.selectors';
import type { Booking, BookingRead } from '../../machines/bookings/bookings.types';
import { BookingReceipt } from '../../src/ui/bookings/BookingReceipt';
import { englishCatalogue } from '../../src/i18n/locales';
import bookingMessages from '../../src/i18n/areas/bookings/en.json';
import { booking, cancelled, lateBooking, PATH, READ_AT } from '../fixtures/bookings';
import {
  cancelBookingModel,
  type CancelBookingModelContext,
  type CancelBookingModelEvent,
  type CancelBookingModelState,
} from './cancelBooking.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';

/** The receipt's first read, as each start has the server answer it. */
const STARTS: Record<string, Booking | { status: number; message: string }> = {
  'start.open': booking(),
  'start.late': lateBooking(),
  'start.closed': booking({ status: 'denied_available', receipt_status: 'Denied_Available', can_cancel: false }),
  'start.unreadable': { status: 503, message: 'down' },
  'start.notFound': { status: 404, message: 'Booking not found' },
};
const OPEN = STARTS['start.open'] as Booking;
const TITLES = { requested: 'Booking requested', booked: "You're booked", denied: 'Booking denied', cancelled: 'Booking cancelled' } as const;

/** The receipt (which runs the cancel flow as its child) with calls the test settles, its booking read as the start says. */
async function start(event: CancelBookingModelEvent['type'], inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const actor = createActor(
    bookingReceiptMachine.provide({
      actors: {
        load: fromPromise(() => calls.call<BookingRead>('load')),
        cancelBooking: cancelBookingMachine.provide({ actors: { cancel: fromPromise(() => calls.call<Booking>('cancel')) } }),
      },
    }),
    { input: PATH, ...(inspect ? { inspect } : {}) },
  ).start();
  const first = STARTS[event]!;
  if ('uuid' in first) calls.take(['load']).resolve({ booking: first, readAt: READ_AT });
  else calls.take(['load']).reject(first);
  // The receipt's links need a router; the rendered runs render it.
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <BookingReceipt receipt={actor} /> }),
    history: createMemoryHistory({ initialEntries: ['/receipt'] }),
  });
  await router.load();
  return { actor, calls, router };
}
type Flow = Awaited<ReturnType<typeof start>>;

const child = (actor: Actor<typeof bookingReceiptMachine>) => actor.getSnapshot().children.cancelBooking as CancelBookingRef | undefined;

/** The server's answer to the pending call (the receipt's read after a retry, the cancel, or the receipt's read after it). */
function answer(calls: PendingCalls, event: CancelBookingModelEvent['type']) {
  switch (event) {
    case 'api.loaded':
      return calls.take(['load']).resolve({ booking: OPEN, readAt: READ_AT });
    case 'api.loadFailed':
      return calls.take(['load']).reject({ status: 503, message: 'down' });
    case 'api.cancelled':
      return calls.take(['cancel']).resolve(cancelled());
    case 'api.failed':
      return calls.take(['cancel']).reject({ status: 503, message: 'down' });
    case 'api.tooLate':
      return calls.take(['cancel']).reject({ status: 409, code: 'you_can_no_longer_cancel', message: 'You can no longer cancel this booking' });
    case 'api.reloaded':
      return calls.take(['load']).resolve({ booking: cancelled(), readAt: READ_AT });
    case 'api.reloadFailed':
      return calls.take(['load']).reject({ status: 503, message: 'down' });
    default:
      throw new Error(`${event} is not a server answer`);
  }
}

const cancelButton = () =>
  screen.queryAllByRole('button', { name: 'Cancel booking' }).find((b) => !b.closest('[role="dialog"]')) as HTMLButtonElement | undefined;
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const inDialog = (name: string, button: string) => within(screen.getByRole('dialog', { name })).getByRole('button', { name: button });

/** What the person does on the rendered receipt. */
function press(event: CancelBookingModelEvent['type']) {
  switch (event) {
    case 'user.cancel':
      return fireEvent.click(cancelButton()!);
    case 'user.confirm':
      return fireEvent.click(inDialog('Cancel this booking?', 'Yes, cancel it'));
    case 'user.dismiss':
      return fireEvent.click(inDialog('Cancel this booking?', 'Keep my booking'));
    case 'user.close':
      return fireEvent.click(inDialog('Unable to complete', 'Okay'));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

/** No step ends in `opening`: every path's first event opens the receipt. */
const beforeTheFlow = () => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

const tooLateText = () => screen.queryByText('You can no longer cancel this booking.');
/** The cancellation policy: the resource's own words and the deadline line. */
const policyShown = () => {
  const words = screen.queryByText(OPEN.cancellation_description!) !== null;
  const deadline = screen.queryByTestId('cancellation-deadline') !== null;
  expect(words, 'the policy’s words and its deadline show together').toBe(deadline);
  return words;
};
const CONFIRMED = bookingMessages['bookings.cancel.done'];
/** The cancel's confirmation: a status, with focus on it (the cancel button that had it is gone). */
const seeConfirmation = () => {
  const status = screen.queryAllByRole('status').find((element) => element.textContent === CONFIRMED);
  expect(status, 'the confirmation').toBeDefined();
  expect(document.activeElement, 'focus on the confirmation').toBe(status);
};
const noConfirmation = () => expect(screen.queryByText(CONFIRMED)).toBeNull();

/** Where the cancel flow (the receipt's child) and the receipt are in each model state. */
const MACHINE: Record<CancelBookingModelState, (a: Actor<typeof bookingReceiptMachine>) => boolean> = {
  opening: beforeTheFlow,
  unreadable: (a) => a.getSnapshot().matches('failed') && a.getSnapshot().hasTag('failed') && !child(a),
  loading: (a) => a.getSnapshot().matches('loading') && a.getSnapshot().hasTag('loading') && !child(a),
  notFound: (a) => a.getSnapshot().matches('notFound') && a.getSnapshot().hasTag('notFound') && !child(a),
  available: (a) => !!child(a)?.getSnapshot().matches('available') && child(a)!.getSnapshot().can({ type: 'user.cancel' }),
  confirming: (a) => !!child(a)?.getSnapshot().matches('confirming'),
  cancelling: (a) => !!child(a)?.getSnapshot().matches('cancelling'),
  failed: (a) => !!child(a)?.getSnapshot().matches('failed') && child(a)!.getSnapshot().hasTag('modal:bookingError'),
  reloading: (a) => a.getSnapshot().hasTag('reloading') && !!child(a)?.getSnapshot().hasTag('cancel:done'),
  cancelled: (a) => a.getSnapshot().matches({ ready: 'shown' }) && !!child(a)?.getSnapshot().matches('cancelled'),
  tooLate: (a) => !!child(a)?.getSnapshot().hasTag('cancel:tooLate') && !child(a)!.getSnapshot().can({ type: 'user.cancel' }),
  closed: (a) => a.getSnapshot().matches({ ready: 'shown' }) && !!child(a)?.getSnapshot().matches('closed'),
};

/** What the receipt shows in each model state. */
const VIEW: Record<CancelBookingModelState, () => void> = {
  opening: beforeTheFlow,
  unreadable: () => {
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Your booking could not be loaded.')).not.toBeNull();
    expect(within(alert).getByRole('button', { name: 'Try again' })).not.toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  },
  loading: () => {
    expect(screen.getByRole('progressbar', { name: 'Loading your booking' })).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  notFound: () => {
    expect(within(screen.getByRole('alert')).getByText('This booking was not found.')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
  available: () => {
    expect(cancelButton()?.disabled).toBe(false);
    expect(dialog('Cancel this booking?')).toBeNull();
    expect(dialog('Unable to complete')).toBeNull();
    expect(tooLateText()).toBeNull();
    expect(policyShown(), 'the cancellation policy').toBe(true);
    noConfirmation();
  },
  confirming: () => expect(dialog('Cancel this booking?')).not.toBeNull(),
  cancelling: () => {
    expect(cancelButton()?.getAttribute('aria-busy')).toBe('true');
    expect(dialog('Cancel this booking?')).toBeNull();
  },
  failed: () => {
    const modal = dialog('Unable to complete');
    expect(modal).not.toBeNull();
    expect(within(modal!).getByText('Unable to complete, please try again later.')).not.toBeNull();
    noConfirmation();
  },
  reloading: () => {
    expect(cancelButton()).toBeUndefined();
    expect(policyShown(), 'the cancellation policy').toBe(false);
    seeConfirmation();
  },
  cancelled: () => {
    expect(cancelButton()).toBeUndefined();
    expect(policyShown(), 'the cancellation policy').toBe(false);
    seeConfirmation();
  },
  tooLate: () => {
    expect(tooLateText()).not.toBeNull();
    expect(cancelButton()?.disabled).toBe(true);
    expect(policyShown(), 'the cancellation policy').toBe(false);
  },
  closed: () => {
    expect(cancelButton()).toBeUndefined();
    expect(tooLateText()).toBeNull();
    expect(policyShown(), 'the cancellation policy').toBe(false);
    noConfirmation();
  },
};

type ModelSnapshot = { context: CancelBookingModelContext };
const byState = <T,>(table: Record<CancelBookingModelState, T>, wrap: (state: CancelBookingModelState, check: T) => unknown) =>
  Object.fromEntries(Object.entries(table).map(([state, check]) => [state, wrap(state as CancelBookingModelState, check as T)]));

const { paths } = modelSuite({
  name: 'cancel-booking',
  model: cancelBookingModel,
  // The receipt's title (requested, booked, denied, cancelled) is part of what each state shows.
  lens: { viewKey: ({ value, context }) => `${String(value)} title:${(context as CancelBookingModelContext).title}` },
  start: (event, { inspect }) => start(event!.type, inspect),
  render: ({ router }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...bookingMessages }}>
        <RouterProvider router={router} />
      </IntlProvider>,
    ),
  world: ({ calls }: Flow, event) => answer(calls, event.type),
  // The receipt's retry goes to the receipt; the cancel's buttons and modals send to its child, the cancel flow.
  send: ({ actor }: Flow, event) =>
    event.type === 'user.retry' ? actor.send({ type: 'user.retry' }) : child(actor)!.send(event as CancelBookingEvent),
  press: (_: Flow, event) => press(event.type),
  machineState: byState(
    MACHINE,
    (_, check) =>
      ({ actor }: Flow, model: ModelSnapshot) =>
        check(actor) && selectReceiptTitle(actor.getSnapshot()) === model.context.title,
  ) as Record<CancelBookingModelState, (flow: Flow, model: ModelSnapshot) => boolean>,
  viewState: byState(VIEW, (_, check) => (_flow: Flow, model: ModelSnapshot) => {
    check();
    const title = model.context.title;
    expect(screen.queryByTestId('receipt-title')?.textContent ?? null, 'the receipt title').toBe(title ? TITLES[title] : null);
  }) as Record<CancelBookingModelState, (flow: Flow, model: ModelSnapshot) => void>,
  stop: ({ actor }) => actor.stop(),
  machines: [cancelBookingMachine, bookingReceiptMachine],
  everyMachineTransition: true,
});

describe('cancel-booking: the test model', () => {
  it('has the 17 transitions of the flow as it is modelled', () => {
    expect(untakenTransitions(cancelBookingModel, paths).transitions.size).toBe(17);
  });

  it('agrees with the machine: every state of the cancel flow has a model state', () => {
    const machineStates = Object.keys(cancelBookingMachine.root.states).filter((s) => s !== 'deciding');
    const modelStates = Object.keys(cancelBookingModel.root.states);
    expect(machineStates.filter((s) => !modelStates.includes(s))).toEqual([]);
  });
});
