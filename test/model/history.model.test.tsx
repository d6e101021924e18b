import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { historyMachine } from '../../machines/bookings/history.machine';
import type { TransactionPage, TransactionPageRequest } from '../../machines/bookings/bookings.types';
import { MyHistoryPage } from '../../src/ui/history/MyHistoryPage';
import { transactionPage } from '../fixtures/bookings';
import { historyModel, type HistoryModelContext, type HistoryModelState } from './history.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';
import { renderScreen, startScreen } from './screen.harness';

/** The history flow with its page calls settled by the test; each call's request is kept. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const requests: TransactionPageRequest[] = [];
  const logic = historyMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => {
        requests.push(input);
        return calls.call<TransactionPage>('page');
      }),
    },
  });
  return { ...startScreen('history', logic, { pageSize: 2 }, inspect), calls, requests };
}
type Flow = ReturnType<typeof start>;

const rows = () => screen.queryAllByTestId('history-row');
const tryAgain = () => screen.getByRole('button', { name: 'Try again' });
const TYPE_LABEL = { resource_bookings: 'Resource bookings', event_posts: 'Events' } as const;

/** The list of the chosen tab and type, with as many rows as pages loaded (two a page). */
function listShows(model: HistoryModelContext) {
  expect(rows()).toHaveLength(2 * model.pages);
  expect(screen.getByRole('tab', { name: model.tab === 'upcoming' ? 'Upcoming' : 'Past' }).getAttribute('aria-selected')).toBe('true');
  expect((screen.getByRole('radio', { name: TYPE_LABEL[model.type] }) as HTMLInputElement).checked).toBe(true);
}

const { paths } = modelSuite<typeof historyModel, Flow, HistoryModelState>({
  name: 'history',
  model: historyModel,
  areas: ['history', 'bookings'],
  lens: { viewKey: ({ value, context }) => `${String(value)} ${(context as HistoryModelContext).tab} ${(context as HistoryModelContext).type}` },
  start: (_, { inspect }) => start(inspect),
  render: (flow) => renderScreen(flow, () => <MyHistoryPage />, '/my-history'),
  world: ({ calls, requests }, event, before) => {
    const pending = calls.take(['page']);
    const request = requests.at(-1)!;
    // Asked for the next page of the list shown.
    expect(request).toEqual({ tab: before.context.tab, type: before.context.type, offset: 2 * before.context.pages, limit: 2 });
    if (event.type === 'api.page') return pending.resolve(transactionPage(request, 6));
    if (event.type === 'api.lastPage') return pending.resolve(transactionPage(request, request.offset + 2));
    if (event.type === 'api.empty') return pending.resolve(transactionPage(request, 0));
    return pending.reject(Object.assign(new Error('Bad Gateway'), { status: 502 }));
  },
  send: ({ actor }, event) => {
    if (event.type === 'user.selectTab') return actor.send({ type: 'user.selectTab', tab: 'past' });
    if (event.type === 'user.selectType') return actor.send({ type: 'user.selectType', historyType: 'event_posts' });
    return actor.send({ type: event.type as 'user.retry' | 'user.loadMore' });
  },
  press: (_, event) => {
    if (event.type === 'user.selectTab') return fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    if (event.type === 'user.selectType') return fireEvent.click(screen.getByRole('radio', { name: 'Events' }));
    return fireEvent.click(event.type === 'user.retry' ? tryAgain() : screen.getByRole('button', { name: 'Load more' }));
  },
  machineState: {
    loading: ({ actor }, model) =>
      actor.getSnapshot().matches('loading') &&
      actor.getSnapshot().context.tab === model.context.tab &&
      actor.getSnapshot().context.type === model.context.type,
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 502,
    empty: ({ actor }) => actor.getSnapshot().matches('empty'),
    idle: ({ actor }, model) =>
      actor.getSnapshot().matches({ listing: 'idle' }) && actor.getSnapshot().context.rows.length === 2 * model.context.pages,
    loadingMore: ({ actor }) => actor.getSnapshot().matches({ listing: 'loadingMore' }),
    moreFailed: ({ actor }, model) =>
      actor.getSnapshot().matches({ listing: 'moreFailed' }) && actor.getSnapshot().context.rows.length === 2 * model.context.pages,
    complete: ({ actor }, model) =>
      actor.getSnapshot().matches({ listing: 'complete' }) && actor.getSnapshot().context.rows.length === 2 * model.context.pages,
  },
  viewState: {
    loading: () => expect(screen.getByTestId('history-loading')).not.toBeNull(),
    failed: () => {
      expect(screen.getByText('Your history could not be loaded.')).not.toBeNull();
      expect(tryAgain()).not.toBeNull();
    },
    empty: () => expect(screen.getByRole('status').textContent).toContain('Nothing here yet'),
    idle: (_, model) => {
      listShows(model.context);
      expect(screen.getByRole('button', { name: 'Load more' }).getAttribute('aria-busy')).not.toBe('true');
    },
    loadingMore: (_, model) => {
      listShows(model.context);
      expect(screen.getByRole('button', { name: 'Load more' }).getAttribute('aria-busy')).toBe('true');
    },
    moreFailed: (_, model) => {
      listShows(model.context);
      expect(screen.getByRole('alert').textContent).toContain('More items could not be loaded.');
    },
    complete: (_, model) => {
      listShows(model.context);
      expect(screen.getByTestId('history-count').textContent).toBe(`${2 * model.context.pages} of ${2 * model.context.pages}`);
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [historyMachine],
  everyMachineTransition: true,
});

describe('history: the test model', () => {
  it('agrees with the machine: every state of the flow has a model state', () => {
    const listing = Object.keys(historyMachine.states.listing!.states).filter((s) => s !== 'deciding');
    const flow = [...Object.keys(historyMachine.states).filter((s) => s !== 'listing'), ...listing];
    expect(flow.sort()).toEqual(Object.keys(historyModel.states).sort());
  });

  it('has more than 20 transitions (the flow as it was modelled)', () => {
    expect(untakenTransitions(historyModel, paths).transitions.size).toBeGreaterThan(20);
  });
});
