import { assign, setup } from 'xstate';

/**
 * A pure test model of the person's history (/my-history; no invoke, as createTestModel needs): pages of two rows, a
 * page with more after it (`api.page`), the last page, none, a failure; "load more" and its inline retry; another tab
 * or type, which starts that list from its first page (from a load under way, the list, a failed later page and the
 * empty list: each once, since any state takes them the same way).
 */
export type HistoryModelEvent =
  | { type: 'api.page' }
  | { type: 'api.lastPage' }
  | { type: 'api.empty' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'user.loadMore' }
  | { type: 'user.selectTab' }
  | { type: 'user.selectType' };

export type HistoryModelState = 'loading' | 'failed' | 'empty' | 'idle' | 'loadingMore' | 'moreFailed' | 'complete';

export interface HistoryModelContext {
  pages: number;
  tab: 'upcoming' | 'past';
  type: 'resource_bookings' | 'event_posts';
}

const pastTab = { guard: 'onUpcoming', target: 'loading', actions: 'toPast' } as const;
const eventsType = { guard: 'onResourceBookings', target: 'loading', actions: 'toEvents' } as const;

export const historyModel = setup({
  types: { events: {} as HistoryModelEvent, context: {} as HistoryModelContext },
  guards: {
    onUpcoming: ({ context }) => context.tab === 'upcoming',
    onResourceBookings: ({ context }) => context.type === 'resource_bookings',
  },
  actions: { toPast: assign({ tab: 'past' as const, pages: 0 }), toEvents: assign({ type: 'event_posts' as const, pages: 0 }) },
}).createMachine({
  id: 'historyModel',
  context: { pages: 0, tab: 'upcoming', type: 'resource_bookings' },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'api.page': { target: 'idle', actions: assign({ pages: 1 }) },
        'api.lastPage': { target: 'complete', actions: assign({ pages: 1 }) },
        'api.empty': 'empty',
        'api.failed': 'failed',
        'user.selectTab': pastTab,
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    empty: { on: { 'user.selectType': eventsType } },
    idle: { on: { 'user.loadMore': 'loadingMore', 'user.selectTab': pastTab } },
    loadingMore: {
      on: {
        'api.page': { guard: ({ context }) => context.pages < 2, target: 'idle', actions: assign({ pages: ({ context }) => context.pages + 1 }) },
        'api.lastPage': { target: 'complete', actions: assign({ pages: ({ context }) => context.pages + 1 }) },
        'api.failed': 'moreFailed',
      },
    },
    moreFailed: { on: { 'user.retry': 'loadingMore', 'user.selectType': eventsType } },
    complete: {},
  },
});
