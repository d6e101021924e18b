import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { companyDirectoryMachine, type CompanyPageRequest } from '../../machines/directory/companyDirectory.machine';
import { SEARCH_PAUSE_MS } from '../../machines/directory/directory.rules';
import type { CompanyPage } from '../../machines/directory/directory.types';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { company, companyPage } from '../fixtures/directory';

const TOTAL = 25;
const PAGE = 10;

function start(
  load: (request: CompanyPageRequest) => Promise<CompanyPage> = async (r) => companyPage(r.offset, r.limit, TOTAL),
  companyTypes: string | null = null,
) {
  const loadPage = vi.fn(load);
  const clock = new SimulatedClock();
  const actor = createActor(companyDirectoryMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } }), {
    input: { buildingUuid: 'b-1', companyTypes, pageSize: PAGE },
    clock,
  }).start();
  const names = () => actor.getSnapshot().context.companies.map((c) => c.uuid);
  const list = () => actor.getSnapshot().value.list;
  return { actor, loadPage, names, clock, list };
}

/** The first page's request, with the filters given. */
const firstRequest = (filters: Partial<CompanyPageRequest> = {}): CompanyPageRequest => ({
  buildingUuid: 'b-1',
  query: null,
  floor: null,
  companyTypes: null,
  offset: 0,
  limit: PAGE,
  ...filters,
});

describe('companyDirectoryMachine: the paged list', () => {
  it('loads the first page with the filter and page size, then waits for the end of the list', async () => {
    const { actor, loadPage, names } = start(undefined, 'tenant,retail');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(loadPage).toHaveBeenCalledExactlyOnceWith(firstRequest({ companyTypes: 'tenant,retail' }));
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
    expect(names()).toHaveLength(10);
    expect(actor.getSnapshot().context).toMatchObject({ nextOffset: 10, hasMore: true, total: TOTAL, types: ['tenant', 'retail'] });
    // The filters' choices come with the page.
    expect(actor.getSnapshot().context.choices).toEqual({ types: ['restaurant', 'tenant'], floors: [2, 3, 4] });
  });

  it('loads the next page on list.nearEnd while more remain (guard hasMore), then is complete', async () => {
    const { actor, loadPage, names } = start();
    await flush();
    actor.send({ type: 'list.nearEnd' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 10 }));
    expect(names()).toHaveLength(20);
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 20 }));
    expect(names()).toHaveLength(25);
    expect(names()[24]).toBe('company-25');
    expect(actor.getSnapshot().matches({ list: { listing: 'complete' } })).toBe(true);
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(3);
  });

  it('a single page of everything is complete at once', async () => {
    const { actor } = start(async (r) => companyPage(r.offset, r.limit, 4));
    await flush();
    expect(actor.getSnapshot().matches({ list: { listing: 'complete' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'list.nearEnd' })).toBe(false);
  });

  it('does not fetch twice while a page is loading', async () => {
    let pending: Deferred<CompanyPage> | null = null;
    const { actor, loadPage } = start(async (r) => {
      if (r.offset === 0) return companyPage(0, r.limit, TOTAL);
      pending = deferred<CompanyPage>();
      return pending.promise;
    });
    await flush();
    actor.send({ type: 'list.nearEnd' });
    actor.send({ type: 'list.nearEnd' });
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(2);
    pending!.resolve(companyPage(10, PAGE, TOTAL));
    await flush();
    expect(actor.getSnapshot().context.companies).toHaveLength(20);
  });

  it('a failed later page keeps the companies loaded and retries the same page inline', async () => {
    let failNext = true;
    const { actor, loadPage, names } = start(async (r) => {
      if (r.offset > 0 && failNext) {
        failNext = false;
        throw { status: 502, message: 'bad gateway' };
      }
      return companyPage(r.offset, r.limit, TOTAL);
    });
    await flush();
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(actor.getSnapshot().hasTag('pageFailed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 502, message: 'bad gateway' });
    expect(names()).toHaveLength(10);
    // Scrolling does not retry by itself.
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(2);
    actor.send({ type: 'user.retry' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 10 }));
    expect(names()).toHaveLength(20);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
  });

  it('a failed first page shows the error and retries', async () => {
    const { actor, loadPage } = start(() => Promise.reject({ status: 500, message: 'boom' }));
    await flush();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 500, message: 'boom' });
    loadPage.mockImplementationOnce(async (r) => companyPage(r.offset, r.limit, TOTAL));
    actor.send({ type: 'user.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.companies).toHaveLength(10);
  });

  it('an empty directory shows the empty state (guard pageIsEmpty), with nothing to clear', async () => {
    const { actor } = start(async (r) => companyPage(r.offset, r.limit, 0));
    await flush();
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'list.nearEnd' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.clearFilters' })).toBe(false);
  });

  it('stops when the server says more remain but answers an empty page', async () => {
    const { actor } = start(async (r) =>
      r.offset === 0
        ? companyPage(0, r.limit, TOTAL)
        : { companies: [], company_types: [], floors: [], pagination: { offset: r.offset, limit: r.limit, total: TOTAL, has_more: true } },
    );
    await flush();
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(actor.getSnapshot().matches({ list: { listing: 'complete' } })).toBe(true);
  });
});

describe('companyDirectoryMachine: search and filters', () => {
  it('asks for what was typed once typing pauses, not at every key (searchPause)', async () => {
    const { actor, loadPage, clock } = start();
    await flush();
    for (const text of ['a', 'ac', 'acm']) {
      actor.send({ type: 'user.type', text });
      clock.increment(SEARCH_PAUSE_MS - 1);
    }
    expect(actor.getSnapshot().hasTag('typing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ query: 'acm', searched: '' });
    // The list stays as it was while typing.
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
    expect(loadPage).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.companies).toEqual([]);
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(2);
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'acm' }));
    expect(actor.getSnapshot().context.searched).toBe('acm');
  });

  it('asks nothing when the pause leaves the words as they were (spaces, or typed and taken back)', async () => {
    const { actor, loadPage, clock } = start();
    await flush();
    actor.send({ type: 'user.type', text: '  ' });
    clock.increment(SEARCH_PAUSE_MS);
    actor.send({ type: 'user.type', text: 'x' });
    actor.send({ type: 'user.type', text: '' });
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
    actor.send({ type: 'user.type', text: '  pine   &  paper ' });
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'pine & paper' }));
    // The field keeps what was typed, as typed.
    expect(actor.getSnapshot().context.query).toBe('  pine   &  paper ');
  });

  it('a later page asks for the words of the list, not for what is being typed meanwhile', async () => {
    const { actor, loadPage, clock } = start();
    await flush();
    actor.send({ type: 'user.type', text: 'ac' });
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    actor.send({ type: 'user.type', text: 'acme' });
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'ac', offset: 10 }));
  });

  it('a floor or a type asks at once, with what was typed; the pause then asks nothing more', async () => {
    const { actor, loadPage, clock } = start();
    await flush();
    actor.send({ type: 'user.type', text: 'sushi' });
    actor.send({ type: 'user.chooseFloor', floor: 3 });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'sushi', floor: 3 }));
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(2);
    actor.send({ type: 'user.toggleType', companyType: 'restaurant' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'sushi', floor: 3, companyTypes: 'restaurant' }));
    actor.send({ type: 'user.toggleType', companyType: 'retail' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'sushi', floor: 3, companyTypes: 'restaurant,retail' }));
    actor.send({ type: 'user.toggleType', companyType: 'restaurant' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'sushi', floor: 3, companyTypes: 'retail' }));
    // The same floor again changes nothing (guard floorChanged); every floor again is a new list.
    actor.send({ type: 'user.chooseFloor', floor: 3 });
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(5);
    actor.send({ type: 'user.chooseFloor', floor: null });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'sushi', companyTypes: 'retail' }));
  });

  it('the same floor again keeps a search being typed waiting for its pause', async () => {
    const { actor, loadPage, clock } = start();
    await flush();
    actor.send({ type: 'user.type', text: 'ac' });
    actor.send({ type: 'user.chooseFloor', floor: null });
    expect(actor.getSnapshot().hasTag('typing')).toBe(true);
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'ac' }));
  });

  it('a change while a page loads drops that page', async () => {
    const pages: Deferred<CompanyPage>[] = [];
    const { actor, names } = start(() => {
      const page = deferred<CompanyPage>();
      pages.push(page);
      return page.promise;
    });
    await flush();
    actor.send({ type: 'user.chooseFloor', floor: 4 });
    await flush();
    pages[0]!.resolve(companyPage(0, PAGE, TOTAL));
    await flush();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(names()).toEqual([]);
    pages[1]!.resolve(companyPage(0, PAGE, 1, { companies: [company(7)] }));
    await flush();
    expect(names()).toEqual(['company-7']);
    expect(actor.getSnapshot().matches({ list: { listing: 'complete' } })).toBe(true);
  });

  it('no match: the empty state, and clearing starts the whole directory again', async () => {
    const { actor, loadPage, clock } = start(async (r) => companyPage(r.offset, r.limit, r.query || r.floor !== null ? 0 : TOTAL), 'tenant');
    await flush();
    actor.send({ type: 'user.type', text: 'zzz' });
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.clearFilters' })).toBe(true);
    actor.send({ type: 'user.clearFilters' });
    expect(actor.getSnapshot().context).toMatchObject({ query: '', searched: '', floor: null, types: [] });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest());
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
    // Nothing left to clear (guard hasFilters).
    expect(actor.getSnapshot().can({ type: 'user.clearFilters' })).toBe(false);
  });

  it('clearing while typing forgets the words before they are asked for', async () => {
    const { actor, loadPage, clock } = start(undefined);
    await flush();
    actor.send({ type: 'user.type', text: 'ac' });
    expect(actor.getSnapshot().can({ type: 'user.clearFilters' })).toBe(true);
    actor.send({ type: 'user.clearFilters' });
    expect(actor.getSnapshot().hasTag('typing')).toBe(false);
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(2);
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest());
  });

  it('a failed search keeps what was typed and chosen; retry asks for the same', async () => {
    let fail = false;
    const { actor, loadPage, clock } = start(async (r) => {
      if (fail) throw { status: 503, message: 'down' };
      return companyPage(r.offset, r.limit, TOTAL);
    });
    await flush();
    fail = true;
    actor.send({ type: 'user.chooseFloor', floor: 2 });
    actor.send({ type: 'user.type', text: 'helix' });
    clock.increment(SEARCH_PAUSE_MS);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ query: 'helix', searched: 'helix', floor: 2 });
    fail = false;
    actor.send({ type: 'user.retry' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(firstRequest({ query: 'helix', floor: 2 }));
    expect(actor.getSnapshot().matches({ list: { listing: 'idle' } })).toBe(true);
  });
});
