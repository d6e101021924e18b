import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { FIRST_PAGE, hasMorePages, pagedListStates, pageWindow, pagingAfter, type Paging } from '../../machines/shared/pagedList';
import { keepError } from '../../machines/shared/failure';

interface Page {
  items: string[];
  pagination: { offset: number; total: number; has_more: boolean };
}
interface Ctx extends Paging {
  pageSize: number;
  items: string[];
}

/** A list of its own (no flow of the app): letters, two a page, from a fake server that fails when told. */
function letters(all: string[], failAt: Set<number> = new Set()) {
  const asked: number[] = [];
  const machine = setup({
    types: { context: {} as Ctx, events: {} as { type: 'more' } | { type: 'user.retry' } },
    actors: {
      loadPage: fromPromise<Page, { offset: number; limit: number }>(async ({ input }) => {
        asked.push(input.offset);
        if (failAt.has(input.offset)) {
          failAt.delete(input.offset);
          throw { status: 503, message: 'Busy', body: { statusCode: 503 } };
        }
        const items = all.slice(input.offset, input.offset + input.limit);
        return { items, pagination: { offset: input.offset, total: all.length, has_more: input.offset + input.limit < all.length } };
      }),
    },
    actions: {
      setPage: assign(({ context }, page: Page) => ({
        items: [...context.items, ...page.items],
        ...pagingAfter(page.pagination, page.items.length),
      })),
      setError: assign(keepError),
    },
    guards: { pageIsEmpty: (_, page: Page) => page.items.length === 0, hasMore: hasMorePages },
  }).createMachine({
    context: { pageSize: 2, items: [], ...FIRST_PAGE },
    initial: 'loading',
    states: pagedListStates<Ctx, { offset: number; limit: number }, Page, 'more'>({
      more: 'more',
      request: pageWindow,
      describe: { empty: 'none', idle: 'more remain', moreFailed: 'a later page failed', complete: 'all' },
    }),
  });
  return { actor: createActor(machine).start(), asked };
}

describe('the paged list, written once (machines/shared/pagedList.ts)', () => {
  it('loads the first page, then the next one only when asked, until every item is listed', async () => {
    const { actor, asked } = letters(['a', 'b', 'c', 'd', 'e']);
    await waitFor(actor, (s) => s.matches({ listing: 'idle' }));
    expect(actor.getSnapshot().context.items).toEqual(['a', 'b']);
    actor.send({ type: 'more' });
    await waitFor(actor, (s) => s.matches({ listing: 'idle' }) && s.context.items.length === 4);
    actor.send({ type: 'more' });
    const done = await waitFor(actor, (s) => s.matches({ listing: 'complete' }));
    expect(done.context).toMatchObject({ items: ['a', 'b', 'c', 'd', 'e'], nextOffset: 5, hasMore: false, total: 5, error: null });
    expect(done.hasTag('complete')).toBe(true);
    expect(asked).toEqual([0, 2, 4]);
  });

  it('a list with nothing is empty, not listing', async () => {
    const { actor } = letters([]);
    const empty = await waitFor(actor, (s) => s.matches('empty'));
    expect(empty.hasTag('empty')).toBe(true);
  });

  it('a failed first page keeps the error (without the body) and loads again on retry', async () => {
    const { actor } = letters(['a'], new Set([0]));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ status: 503, message: 'Busy' });
    actor.send({ type: 'user.retry' });
    const listed = await waitFor(actor, (s) => s.matches({ listing: 'complete' }));
    expect(listed.context).toMatchObject({ items: ['a'], error: null });
  });

  it('a failed later page keeps what was loaded; more asks are ignored until the retry asks for the same page', async () => {
    const { actor, asked } = letters(['a', 'b', 'c'], new Set([2]));
    await waitFor(actor, (s) => s.matches({ listing: 'idle' }));
    actor.send({ type: 'more' });
    const failed = await waitFor(actor, (s) => s.matches({ listing: 'moreFailed' }));
    expect(failed.hasTag('pageFailed')).toBe(true);
    expect(failed.context.items).toEqual(['a', 'b']);
    expect(failed.can({ type: 'more' })).toBe(false);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches({ listing: 'complete' }));
    expect(asked).toEqual([0, 2, 2]);
  });
});

describe('pagingAfter', () => {
  it('an empty page ends the list whatever has_more says', () => {
    expect(pagingAfter({ offset: 10, total: 30, has_more: true }, 0)).toEqual({ nextOffset: 10, hasMore: false, total: 30, error: null });
    expect(pagingAfter({ offset: 10, total: 30, has_more: true }, 5)).toEqual({ nextOffset: 15, hasMore: true, total: 30, error: null });
  });
});
