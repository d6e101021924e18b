import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, type Actor, type InspectionEvent } from 'xstate';
import { bookResourceMachine } from '../../machines/bookings/bookResource.machine';
import type { Availability, BookingRequest, ResourceRead } from '../../machines/bookings/bookResource.types';
import type { Booking } from '../../machines/bookings/bookings.types';
import { BookResourceScreen } from '../../src/ui/bookings/BookResourcePage';
import { englishCatalogue } from '../../src/i18n/locales';
import bookingMessages from '../../src/i18n/areas/bookings/en.json';
import { availability, booking, PATH, READ_AT, resource } from '../fixtures/bookings';
import { bookResourceModel, type BookResourceModelContext, type BookResourceModelEvent, type BookResourceModelState } from './bookResource.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';

/** The model's transitions over its reachable states (a model shrunk by mistake fails). */
const TRANSITIONS = 43;
const AT_10 = '2026-11-23T10:00:00-05:00';
const AT_11 = '2026-11-23T11:00:00-05:00';
const NEXT_FREE = { start_at: AT_11, end_at: '2026-11-23T12:00:00-05:00' };

/** The booking flow with calls the test settles; the creates' inputs are kept (their Idempotency-Keys). */
async function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const creates: BookingRequest[] = [];
  const actor = createActor(
    bookResourceMachine.provide({
      actors: {
        loadResource: fromPromise(() => calls.call<ResourceRead>('loadResource')),
        loadDay: fromPromise(() => calls.call<Availability>('loadDay')),
        createBooking: fromPromise(({ input }) => {
          creates.push(input);
          return calls.call<Booking>('createBooking');
        }),
      },
    }),
    { input: { buildingUuid: PATH.ownerUuid, resourceUuid: PATH.resourceUuid }, ...(inspect ? { inspect } : {}) },
  ).start();
  // The receipt's links need a router; the rendered runs render it.
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <BookResourceScreen actor={actor} /> }),
    history: createMemoryHistory({ initialEntries: ['/book'] }),
  });
  await router.load();
  return { actor, calls, router, creates };
}
type Flow = Awaited<ReturnType<typeof start>>;
type Event = BookResourceModelEvent['type'];

const down = { status: 503, message: 'down' };

/** The server's answer to the pending call. */
function answer({ calls }: Flow, event: Event) {
  switch (event) {
    case 'api.loaded':
      return calls.take(['loadResource']).resolve({ resource: resource(), readAt: READ_AT });
    case 'api.loadFailed':
      return calls.take(['loadResource']).reject(down);
    case 'api.notFound':
      return calls.take(['loadResource']).reject({ status: 404, message: 'No bookable resource', code: 'unknown_resource' });
    case 'api.dayLoaded':
      return calls.take(['loadDay']).resolve(availability());
    case 'api.dayFailed':
      return calls.take(['loadDay']).reject(down);
    case 'api.booked':
      return calls
        .take(['createBooking'])
        .resolve(booking({ name: 'Huddle Room', status: 'confirmed', receipt_status: 'Accepted', requires_approval: false }));
    case 'api.taken':
      return calls.take(['createBooking']).reject({
        status: 409,
        message: 'Someone has just booked Huddle Room at this time.',
        code: 'slot_taken',
        body: { code: 'slot_taken', message: 'Someone has just booked Huddle Room at this time.', next_free: NEXT_FREE },
      });
    case 'api.rules':
      return calls.take(['createBooking']).reject({
        status: 422,
        message: 'Out of range',
        code: 'invalid_answer',
        body: { code: 'invalid_answer', fields: [{ field: 'answers.people', code: 'invalid_answer', message: 'Out of range' }] },
      });
    case 'api.failed':
      return calls.take(['createBooking']).reject({ status: 0, message: 'offline' });
    default:
      throw new Error(`${event} is not a server answer`);
  }
}

/** Another day than the one shown. */
const otherDay = (a: Actor<typeof bookResourceMachine>) => a.getSnapshot().context.days.find((d) => d !== a.getSnapshot().context.date)!;

/** A person's action, sent to the machine as the view sends it. */
function send({ actor }: Flow, event: Event) {
  switch (event) {
    case 'user.pickDay':
      return actor.send({ type: 'user.pickDay', date: otherDay(actor) });
    case 'user.pickSlot':
      return actor.send({ type: 'user.pickSlot', start: AT_10 });
    case 'user.pickLength':
      return actor.send({ type: 'user.pickLength', minutes: 120 });
    case 'user.answer':
      return actor.send({ type: 'user.answer', id: 'projector', value: true });
    case 'user.retry':
    case 'user.confirm':
    case 'user.takeNextFree':
    case 'user.dismiss':
      return actor.send({ type: event });
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** The same action, done on the rendered screen. */
function press({ actor }: Flow, event: Event) {
  switch (event) {
    case 'user.pickDay': {
      const day = within(screen.getByTestId('book-days'))
        .getAllByRole('button')
        .find((b) => b.getAttribute('aria-pressed') === 'false')!;
      expect(day, 'another day').toBeDefined();
      expect(otherDay(actor)).toBeDefined();
      return fireEvent.click(day);
    }
    case 'user.pickSlot':
      return fireEvent.click(document.querySelector(`[data-start="${AT_10}"]`)!);
    case 'user.pickLength':
      return fireEvent.click(within(screen.getByTestId('book-lengths')).getByRole('button', { name: '2 hours' }));
    case 'user.answer':
      return fireEvent.click(within(screen.getByRole('group', { name: 'Will you need the projector?' })).getByLabelText('Yes'));
    case 'user.confirm':
      return fireEvent.click(screen.getByTestId('book-confirm'));
    case 'user.retry':
      return fireEvent.click(button('Try again'));
    case 'user.takeNextFree':
      return fireEvent.click(button(/^Take /));
    case 'user.dismiss':
      return fireEvent.click(screen.queryByRole('button', { name: 'Choose another time' }) ?? button('Change the booking'));
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

const beforeTheFlow = () => {
  throw new Error('no step ends in opening: it is the state before start.open');
};

type A = Actor<typeof bookResourceMachine>;
type M = { context: BookResourceModelContext };
const at = (a: A, ready: 'loadingDay' | 'dayFailed' | 'choosing' | 'submitting' | 'submitFailed' | 'taken') => a.getSnapshot().matches({ ready });

/** The choice as the model has it, in the machine's context. */
function choiceAgrees(a: A, m: M) {
  const c = a.getSnapshot().context;
  const { stage, slot } = m.context;
  const start = slot === '10' ? AT_10 : slot === '11' ? AT_11 : null;
  // Two hours once chosen stay chosen; the model's stage says it only until the answer (the receipt's time says the rest).
  const minutesAgree =
    slot === null ? c.minutes === null : stage === 'long' ? c.minutes === 120 : stage === 'slot' ? c.minutes === 60 : c.minutes !== null;
  const answered = !['none', 'slot', 'long', 'missing'].includes(stage);
  return c.start === start && minutesAgree && (c.answers.projector === true) === answered;
}

const MACHINE: Record<BookResourceModelState, (a: A, m: M) => boolean> = {
  opening: beforeTheFlow,
  loading: (a) => a.getSnapshot().matches('loading') && a.getSnapshot().hasTag('loading'),
  failed: (a) => a.getSnapshot().matches('failed') && a.getSnapshot().context.error?.status === 503,
  notFound: (a) => a.getSnapshot().matches('notFound'),
  loadingDay: (a, m) => at(a, 'loadingDay') && a.getSnapshot().context.start === (m.context.slot === '11' ? AT_11 : null),
  dayFailed: (a) => at(a, 'dayFailed') && a.getSnapshot().hasTag('day:failed'),
  choosing: (a, m) => {
    const errors = a.getSnapshot().context.fieldErrors;
    return (
      at(a, 'choosing') &&
      choiceAgrees(a, m) &&
      'answers.projector' in errors === (m.context.stage === 'missing') &&
      'answers.people' in errors === (m.context.stage === 'rules')
    );
  },
  submitting: (a, m) => at(a, 'submitting') && choiceAgrees(a, m) && !!a.getSnapshot().context.idempotencyKey,
  submitFailed: (a, m) => at(a, 'submitFailed') && choiceAgrees(a, m) && !!a.getSnapshot().context.idempotencyKey,
  taken: (a) => at(a, 'taken') && a.getSnapshot().context.conflict?.nextFree?.start_at === AT_11,
  booked: (a) => a.getSnapshot().matches('booked') && a.getSnapshot().context.booking?.receipt_status === 'Accepted',
};

const text = (t: string) => screen.queryAllByText(t).length > 0;

const VIEW: Record<BookResourceModelState, (m: M) => void> = {
  opening: beforeTheFlow,
  loading: () => expect(screen.getByTestId('book-resource-loading')).not.toBeNull(),
  failed: () => {
    expect(text('This could not be loaded.')).toBe(true);
    expect(button('Try again')).not.toBeNull();
  },
  notFound: () => expect(text('This cannot be booked in your building.')).toBe(true),
  loadingDay: () => {
    expect(screen.getByRole('heading', { name: 'Huddle Room', level: 1 })).not.toBeNull();
    expect(screen.getByTestId('book-day-loading')).not.toBeNull();
  },
  dayFailed: () => expect(text('This day’s times could not be loaded.') || text("This day's times could not be loaded.")).toBe(true),
  choosing: (m) => {
    const { stage, slot } = m.context;
    const chosen = screen.getByTestId('book-chosen').textContent ?? '';
    if (slot === null) expect(chosen).toBe('No time chosen yet');
    else expect(chosen).toMatch(slot === '10' ? (stage === 'long' ? /10:00.*12:00/ : stage === 'slot' ? /10:00.*11:00/ : /10:00/) : /11:00.*12:00/);
    expect(text('Please answer this question.'), 'the missing answer').toBe(stage === 'missing');
    expect(text('Enter a whole number from 1 to 4.'), 'the server’s 422').toBe(stage === 'rules');
    const yes = within(screen.getByRole('group', { name: 'Will you need the projector?' })).getByLabelText('Yes') as HTMLInputElement;
    expect(yes.checked).toBe(['ready', 'rules', 'again'].includes(stage));
    expect(screen.queryByTestId('book-taken')).toBeNull();
  },
  submitting: () => expect(screen.getByTestId('book-confirm').getAttribute('aria-busy')).toBe('true'),
  submitFailed: () => {
    expect(screen.getByTestId('book-failed').textContent).toMatch(/could not be sent/);
    expect(button('Try again')).not.toBeNull();
  },
  taken: () => {
    expect(screen.getByTestId('book-taken').textContent).toMatch(/Someone has just booked this time\. The next free time is .*11:00/);
    expect(button(/^Take 11:00/)).not.toBeNull();
  },
  booked: () => {
    expect(screen.getByTestId('book-receipt-title').textContent).toBe("You're booked");
    expect(document.activeElement).toBe(screen.getByTestId('book-receipt-title'));
  },
};

/** One key per attempt: the creates share a key only when one is a retry after a create that reached no answer. */
function oneKeyPerAttempt({ creates }: Flow, events: BookResourceModelEvent[]) {
  const retries = events.filter((e, i) => e.type === 'user.retry' && events[i - 1]?.type === 'api.failed').length;
  expect(creates.every((c) => c.idempotencyKey.length > 8)).toBe(true);
  expect(new Set(creates.map((c) => c.idempotencyKey)).size).toBe(creates.length - retries);
  for (const c of creates) expect(c.answers.projector).toBe(true);
}

const { paths } = modelSuite({
  minTransitions: TRANSITIONS,
  name: 'book-resource',
  model: bookResourceModel,
  lens: { viewKey: ({ value, context }) => `${String(value)} ${(context as BookResourceModelContext).stage}` },
  start: (_, { inspect }) => start(inspect),
  render: ({ router }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...bookingMessages }}>
        <RouterProvider router={router} />
      </IntlProvider>,
    ),
  world: (flow: Flow, event) => (event.type === 'start.open' ? undefined : answer(flow, event.type)),
  send: (flow: Flow, event) => send(flow, event.type),
  press: (flow: Flow, event) => press(flow, event.type),
  machineState: Object.fromEntries(Object.entries(MACHINE).map(([s, check]) => [s, ({ actor }: Flow, m: M) => check(actor, m)])) as Record<
    BookResourceModelState,
    (flow: Flow, model: M) => boolean
  >,
  viewState: Object.fromEntries(Object.entries(VIEW).map(([s, check]) => [s, (_: Flow, m: M) => check(m)])) as Record<
    BookResourceModelState,
    (flow: Flow, model: M) => void
  >,
  finally: (flow, events) => oneKeyPerAttempt(flow, events),
  stop: ({ actor }) => actor.stop(),
  machines: [bookResourceMachine],
  everyMachineTransition: true,
});

describe('book-resource: the test model', () => {
  it('has the transitions of the flow as it is modelled', () => {
    expect(untakenTransitions(bookResourceModel, paths).transitions.size).toBe(TRANSITIONS);
  });

  it('agrees with the machine: every state of the flow has a model state', () => {
    const machine = [...Object.keys(bookResourceMachine.root.states), ...Object.keys(bookResourceMachine.root.states.ready!.states)].filter(
      (s) => s !== 'ready',
    );
    const model = Object.keys(bookResourceModel.root.states);
    expect(machine.filter((s) => !model.includes(s))).toEqual([]);
  });
});
