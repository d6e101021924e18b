import type { AppError } from '../../contracts/errors';
import { setError } from './failure';

/**
 * The paged list, written once (decision 205): the first page on start (`loading`; a failure `failed`
 * with a retry, nothing at all `empty`), then `listing`, where the next page loads when the view asks (`more`: the
 * scroll sentinel's `list.nearEnd`, or a "load more" button's `user.loadMore`) while more remain; a later page that
 * fails keeps what was loaded and waits for `user.retry` (`moreFailed`); `complete` once every item is listed.
 *
 * A config factory, not a child machine: the states are the flow's own (its tags, its `setPage`/`setError` actions,
 * its `pageIsEmpty`/`hasMore` guards), so each flow's chart stays as it was and its view reads them as before.
 */

/** What a paged list keeps of its paging, beside its items. */
export interface Paging {
  /** Where the next page starts. */
  nextOffset: number;
  hasMore: boolean;
  total: number;
  /** The last failure: of the first page (shown instead of the list) or of a later one (shown under it). */
  error: AppError | null;
}

/** The paging of a list not loaded yet (or started again). */
export const FIRST_PAGE: Paging = { nextOffset: 0, hasMore: false, total: 0, error: null };

/** The tags of a paged list's states (`pagedListStates`): a flow whose states are only these declares this type. */
export type PagedListTag = 'loading' | 'failed' | 'empty' | 'loadingMore' | 'pageFailed' | 'complete';

/** A page's place in the list, as the API answers it. */
export interface Pagination {
  offset: number;
  total: number;
  has_more: boolean;
}

/**
 * The paging after a page of `count` new items: the next page starts after them, and more remain only when the server
 * says so and this page brought any (an empty page ends the list, whatever `has_more` says).
 */
export const pagingAfter = (pagination: Pagination, count: number): Paging => ({
  nextOffset: pagination.offset + count,
  hasMore: pagination.has_more && count > 0,
  total: pagination.total,
  error: null,
});

/** The request's window: from where the list stopped, a page's size. */
export const pageWindow = (context: { nextOffset: number; pageSize: number }) => ({ offset: context.nextOffset, limit: context.pageSize });

/** The `hasMore` guard. */
export const hasMorePages = ({ context }: { context: { hasMore: boolean } }) => context.hasMore;

export interface PagedListConfig<TContext, TRequest, TMore extends string> {
  /** The event that asks for the next page (the flow's `list.nearEnd` or `user.loadMore`). */
  more: TMore;
  /** The `loadPage` call's input for the next page. */
  request: (context: TContext) => TRequest;
  /** What `empty`, `idle`, `moreFailed` and `complete` mean in this list (the states' descriptions). */
  describe: { empty: string; idle: string; moreFailed: string; complete: string };
}

/**
 * The states of a paged list, for the flow's `states` (it names `loadPage`, `setPage`, `setError`, `pageIsEmpty` and
 * `hasMore` in its setup; `setPage` and `pageIsEmpty` take the page as their params).
 */
export function pagedListStates<TContext, TRequest, TPage, const TMore extends string>(config: PagedListConfig<TContext, TRequest, TMore>) {
  const input = ({ context }: { context: TContext }) => config.request(context);
  const pageParams = ({ event }: { event: { output: TPage } }) => event.output;
  const setPage = { type: 'setPage', params: pageParams } as const;
  const more = { [config.more]: 'loadingMore' } as Record<TMore, 'loadingMore'>;
  return {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input,
        onDone: [
          { guard: { type: 'pageIsEmpty', params: pageParams }, target: 'empty', actions: setPage },
          { target: 'listing', actions: setPage },
        ],
        onError: { target: 'failed', actions: setError },
      },
    },
    failed: {
      description: 'The first page could not be loaded; the page shows the error and offers to try again.',
      tags: ['failed'],
      on: { 'user.retry': 'loading' },
    },
    empty: { description: config.describe.empty, tags: ['empty'] },
    listing: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'hasMore', target: 'idle' }, { target: 'complete' }] },
        idle: { description: config.describe.idle, on: more },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            src: 'loadPage',
            input,
            onDone: { target: 'deciding', actions: setPage },
            onError: { target: 'moreFailed', actions: setError },
          },
        },
        moreFailed: { description: config.describe.moreFailed, tags: ['pageFailed'], on: { 'user.retry': 'loadingMore' } },
        complete: { description: config.describe.complete, tags: ['complete'] },
      },
    },
  } as const;
}
