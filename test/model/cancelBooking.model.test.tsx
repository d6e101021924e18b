import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, type Actor } from 'xstate';
import { bookingReceiptMachine } from '../../machines/bookings/bookingReceipt.machine';
import { cancelBookingMachine, type CancelBookingRef } from '../../machines/bookings/cancelBooking.machine';
import type { Booking, BookingRead } from '../../machines/bookings/bookings.types';
import { BookingReceipt } from '../../src/ui/bookings/BookingReceipt';
import { englishCatalogue } from '../../src/i18n/locales';
import bookingMessages from '../../src/i18n/areas/bookings/en.json';
import { booking, cancelled, lateBooking, PATH, READ_AT } from '../unit/bookings.fixtures';
import { cancelBookingModel, type CancelBookingModelEvent, type CancelBookingModelState } from './cancelBooking.model';
import { transitionPaths, uncoveredTransitions } from './transitionPaths';
import { flush, PendingCalls } from './cta.harness';

afterEach(cleanup);

const PATHS = transitionPaths(cancelBookingModel);
const STARTS: Record<string, Booking> = {
  'start.open': booking(),
  'start.late': lateBooking(),
  'start.closed': booking({ status: 'denied_available', receipt_status: 'Denied_Available', can_cancel: false }),
};
const TITLES = { requested: 'Booking requested', booked: "You're booked", denied: 'Booking denied', cancelled: 'Booking cancelled' } as const;

/** Every transition of the real cancel flow a path took ("state event"), to print the machine's coverage. */
const taken = new Set<string>();

async function start(event: CancelBookingModelEvent['type']) {
  const calls = new PendingCalls();
  const actor = createActor(
    bookingReceiptMachine.provide({
      actors: {
        load: fromPromise(() => calls.call<BookingRead>('load')),
        cancelBooking: cancelBookingMachine.provide({ actors: { cancel: fromPromise(() => calls.call<Booking>('cancel')) } }),
      },
    }),
    { input: PATH },
  ).start();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <BookingReceipt receipt={actor} /> }),
    history: createMemoryHistory({ initialEntries: ['/receipt'] }),
  });
  await router.load();
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...bookingMessages }}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  await flush();
  calls.take(['load']).resolve({ booking: STARTS[event]!, readAt: READ_AT });
  return { actor, calls };
}

const child = (actor: Actor<typeof bookingReceiptMachine>) => actor.getSnapshot().children.cancelBooking as CancelBookingRef;
const stateOf = (actor: Actor<typeof bookingReceiptMachine>) => JSON.stringify(child(actor)?.getSnapshot().value);

function answer(calls: PendingCalls, event: CancelBookingModelEvent['type']) {
  switch (event) {
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
  }
}

const cancelButton = () =>
  screen.queryAllByRole('button', { name: 'Cancel booking' }).find((b) => !b.closest('[role="dialog"]')) as HTMLButtonElement | undefined;
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const inDialog = (name: string, button: string) => within(screen.getByRole('dialog', { name })).getByRole('button', { name: button });

function userAct(event: CancelBookingModelEvent['type']) {
  switch (event) {
    case 'user.cancel':
      return fireEvent.click(cancelButton()!);
    case 'user.confirm':
      return fireEvent.click(inDialog('Cancel this booking?', 'Yes, cancel it'));
    case 'user.dismiss':
      return fireEvent.click(inDialog('Cancel this booking?', 'Keep my booking'));
    case 'user.close':
      return fireEvent.click(inDialog('Unable to complete', 'Okay'));
  }
}

const tooLateText = () => screen.queryByText('You can no longer cancel this booking.');

const EXPECT: Record<CancelBookingModelState, (a: Actor<typeof bookingReceiptMachine>) => void> = {
  opening: () => {},
  available: (a) => {
    expect(child(a).getSnapshot().matches('available')).toBe(true);
    expect(cancelButton()?.disabled).toBe(false);
    expect(dialog('Cancel this booking?')).toBeNull();
    expect(dialog('Unable to complete')).toBeNull();
    expect(tooLateText()).toBeNull();
  },
  confirming: () => expect(dialog('Cancel this booking?')).not.toBeNull(),
  cancelling: (a) => {
    expect(child(a).getSnapshot().matches('cancelling')).toBe(true);
    expect(cancelButton()?.getAttribute('aria-busy')).toBe('true');
    expect(dialog('Cancel this booking?')).toBeNull();
  },
  failed: (a) => {
    expect(child(a).getSnapshot().hasTag('modal:bookingError')).toBe(true);
    const modal = dialog('Unable to complete');
    expect(modal).not.toBeNull();
    expect(within(modal!).getByText('Unable to complete, please try again later.')).not.toBeNull();
  },
  reloading: (a) => {
    expect(a.getSnapshot().hasTag('reloading')).toBe(true);
    expect(cancelButton()).toBeUndefined();
  },
  tooLate: (a) => {
    expect(child(a).getSnapshot().hasTag('cancel:tooLate')).toBe(true);
    expect(tooLateText()).not.toBeNull();
    expect(cancelButton()?.disabled).toBe(true);
    expect(child(a).getSnapshot().can({ type: 'user.cancel' })).toBe(false);
  },
  closed: (a) => {
    expect(a.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(child(a).getSnapshot().matches('closed')).toBe(true);
    expect(cancelButton()).toBeUndefined();
    expect(tooLateText()).toBeNull();
  },
};

describe('cancel-booking test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(cancelBookingModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBe(12);
  });

  it('agrees with the machine: every state of the cancel flow has a model state', () => {
    const machineStates = Object.keys(cancelBookingMachine.root.states).filter((s) => s !== 'deciding');
    const modelStates = Object.keys(cancelBookingModel.root.states);
    expect(machineStates.filter((s) => !modelStates.includes(s))).toEqual([]);
  });
});

describe('cancel-booking paths against the flow and the receipt', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const model = createActor(cancelBookingModel).start();
      const run: { flow?: Awaited<ReturnType<typeof start>> } = {};
      for (const event of events) {
        const before = run.flow ? stateOf(run.flow.actor) : 'start';
        await act(async () => {
          if (event.type.startsWith('start.')) run.flow = await start(event.type);
          else if (event.type.startsWith('api.')) answer(run.flow!.calls, event.type);
          else userAct(event.type);
          await flush();
        });
        taken.add(`${before} ${event.type} → ${stateOf(run.flow!.actor)}`);
        model.send(event);
        const { value, context } = model.getSnapshot();
        EXPECT[value as CancelBookingModelState](run.flow!.actor);
        expect(screen.getByTestId('receipt-title').textContent, `title after ${event.type}`).toBe(TITLES[context.title]);
      }
      run.flow!.actor.stop();
    });
});

afterAll(() => {
  console.info(`cancel-booking flow: ${taken.size} transitions taken by the paths\n  ${[...taken].sort().join('\n  ')}`);
});
