import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { appendRows, historyRows } from './bookings.rules';
import {
  type BookingError,
  type HistoryItem,
  type HistoryTab,
  type HistoryType,
  type TransactionPage,
  type TransactionPageRequest,
} from './bookings.types';
import { toAppError } from '../../contracts/errors';

export interface HistoryInput {
  pageSize: number;
  tab?: HistoryTab;
  type?: HistoryType;
}

export interface HistoryContext {
  pageSize: number;
  tab: HistoryTab;
  type: HistoryType;
  /** The rows loaded so far of the chosen tab and type, in the call's order. */
  rows: HistoryItem[];
  nextOffset: number;
  hasMore: boolean;
  total: number;
  /** The last failure: of the first page (shown instead of the list) or of a later one (shown under it). */
  error: BookingError | null;
}

export type HistoryEvent =
  | { type: 'user.selectTab'; tab: HistoryTab }
  | { type: 'user.selectType'; historyType: HistoryType }
  | { type: 'user.loadMore' }
  | { type: 'user.retry' };

export type HistoryTag = 'loading' | 'failed' | 'empty' | 'loadingMore' | 'pageFailed' | 'complete';

export const HISTORY_ID = 'history';

const pageRequest = (context: HistoryContext): TransactionPageRequest => ({
  tab: context.tab,
  type: context.type,
  offset: context.nextOffset,
  limit: context.pageSize,
});

const withPage = (context: HistoryContext, page: TransactionPage) => {
  const rows = historyRows(page, context.type);
  return {
    rows: appendRows(context.rows, rows),
    nextOffset: page.pagination.offset + rows.length,
    hasMore: page.pagination.has_more && rows.length > 0,
    total: page.pagination.total,
    error: null,
  };
};

const cleared = { rows: [], nextOffset: 0, hasMore: false, total: 0, error: null };

/**
 * The person's history (/my-history): the upcoming and past tabs, the type selector (events, resource bookings,
 * services) and pages of the chosen list, one at a time as "load more" asks. Choosing another tab or type starts
 * that list from its first page (a call still under way for the old one is dropped); choosing the one shown does
 * nothing. A failed later page keeps the rows loaded and waits for `user.retry`.
 */
export const historyMachine = setup({
  types: { context: {} as HistoryContext, events: {} as HistoryEvent, input: {} as HistoryInput, tags: {} as HistoryTag },
  actors: {
    loadPage: fromPromise<TransactionPage, TransactionPageRequest>(() => Promise.reject(new Error('loadPage is not provided'))),
  },
  actions: {
    setPage: assign(({ context }, page: TransactionPage) => withPage(context, page)),
    setError: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error) })),
    chooseTab: assign((_, params: { tab: HistoryTab }) => ({ tab: params.tab, ...cleared })),
    chooseType: assign((_, params: { type: HistoryType }) => ({ type: params.type, ...cleared })),
  },
  guards: {
    otherTab: ({ context }, params: { tab: HistoryTab }) => params.tab !== context.tab,
    otherType: ({ context }, params: { type: HistoryType }) => params.type !== context.type,
    pageIsEmpty: (_, page: TransactionPage) => Object.values(page.transactions).every((list) => list.length === 0),
    hasMore: ({ context }) => context.hasMore,
  },
}).createMachine({
  id: HISTORY_ID,
  context: ({ input }) => ({ pageSize: input.pageSize, tab: input.tab ?? 'upcoming', type: input.type ?? 'resource_bookings', ...cleared }),
  initial: 'loading',
  on: {
    'user.selectTab': {
      guard: { type: 'otherTab', params: ({ event }) => ({ tab: event.tab }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'chooseTab', params: ({ event }) => ({ tab: event.tab }) },
    },
    'user.selectType': {
      guard: { type: 'otherType', params: ({ event }) => ({ type: event.historyType }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'chooseType', params: ({ event }) => ({ type: event.historyType }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => pageRequest(context),
        onDone: [
          {
            guard: { type: 'pageIsEmpty', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'setPage', params: ({ event }) => event.output },
          },
          { target: 'listing', actions: { type: 'setPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The first page could not be loaded; the page shows the error and offers to try again.',
      tags: ['failed'],
      on: { 'user.retry': 'loading' },
    },
    empty: { description: 'Nothing of this type in this tab.', tags: ['empty'] },
    listing: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'hasMore', target: 'idle' }, { target: 'complete' }] },
        idle: {
          description: 'More rows remain; "load more" asks for the next page.',
          on: { 'user.loadMore': 'loadingMore' },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequest(context),
            onDone: { target: 'deciding', actions: { type: 'setPage', params: ({ event }) => event.output } },
            onError: { target: 'moreFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        moreFailed: {
          description: 'A later page failed: the rows loaded stay, and an inline retry asks for the same page again.',
          tags: ['pageFailed'],
          on: { 'user.retry': 'loadingMore' },
        },
        complete: { description: 'Every row of this tab and type is listed.', tags: ['complete'] },
      },
    },
  },
});

export type HistoryRef = ActorRefFrom<typeof historyMachine>;
