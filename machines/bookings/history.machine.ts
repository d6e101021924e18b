import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { appendRows, historyRows } from './bookings.rules';
import { type HistoryItem, type HistoryTab, type HistoryType, type TransactionPage, type TransactionPageRequest } from './bookings.types';
import { FIRST_PAGE, hasMorePages, pagedListStates, pageWindow, pagingAfter, type Paging } from '../shared/pagedList';
import { keepError } from '../shared/failure';

export interface HistoryInput {
  pageSize: number;
  tab?: HistoryTab;
  type?: HistoryType;
}

/** A paged list (machines/shared/pagedList.ts) of the chosen tab and type. */
export interface HistoryContext extends Paging {
  pageSize: number;
  tab: HistoryTab;
  type: HistoryType;
  /** The rows loaded so far of the chosen tab and type, in the call's order. */
  rows: HistoryItem[];
}

export type HistoryEvent =
  | { type: 'user.selectTab'; tab: HistoryTab }
  | { type: 'user.selectType'; historyType: HistoryType }
  | { type: 'user.loadMore' }
  | { type: 'user.retry' };

export type HistoryTag = 'loading' | 'failed' | 'empty' | 'loadingMore' | 'pageFailed' | 'complete';

export const HISTORY_ID = 'history';

const pageRequest = (context: HistoryContext): TransactionPageRequest => ({ tab: context.tab, type: context.type, ...pageWindow(context) });

const withPage = (context: HistoryContext, page: TransactionPage) => {
  const rows = historyRows(page, context.type);
  return { rows: appendRows(context.rows, rows), ...pagingAfter(page.pagination, rows.length) };
};

const cleared = { rows: [], ...FIRST_PAGE };

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
    setError: assign(keepError),
    chooseTab: assign((_, params: { tab: HistoryTab }) => ({ tab: params.tab, ...cleared })),
    chooseType: assign((_, params: { type: HistoryType }) => ({ type: params.type, ...cleared })),
  },
  guards: {
    otherTab: ({ context }, params: { tab: HistoryTab }) => params.tab !== context.tab,
    otherType: ({ context }, params: { type: HistoryType }) => params.type !== context.type,
    pageIsEmpty: (_, page: TransactionPage) => Object.values(page.transactions).every((list) => list.length === 0),
    hasMore: hasMorePages,
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
  states: pagedListStates<HistoryContext, TransactionPageRequest, TransactionPage, 'user.loadMore'>({
    more: 'user.loadMore',
    request: pageRequest,
    describe: {
      empty: 'Nothing of this type in this tab.',
      idle: 'More rows remain; "load more" asks for the next page.',
      moreFailed: 'A later page failed: the rows loaded stay, and an inline retry asks for the same page again.',
      complete: 'Every row of this tab and type is listed.',
    },
  }),
});

export type HistoryRef = ActorRefFrom<typeof historyMachine>;
