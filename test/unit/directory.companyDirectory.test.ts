import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { companyDirectoryMachine, type CompanyPageRequest } from '../../machines/directory/companyDirectory.machine';
import type { CompanyPage } from '../../machines/directory/directory.types';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { companyPage } from '../fixtures/directory';

const TOTAL = 25;
const PAGE = 10;

function start(
  load: (request: CompanyPageRequest) => Promise<CompanyPage> = async (r) => companyPage(r.offset, r.limit, TOTAL),
  companyTypes: string | null = null,
) {
  const loadPage = vi.fn(load);
  const actor = createActor(companyDirectoryMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } }), {
    input: { buildingUuid: 'b-1', companyTypes, pageSize: PAGE },
  }).start();
  const names = () => actor.getSnapshot().context.companies.map((c) => c.uuid);
  return { actor, loadPage, names };
}

describe('companyDirectoryMachine', () => {
  it('loads the first page with the filter and page size, then waits for the end of the list', async () => {
    const { actor, loadPage, names } = start(undefined, 'tenant,retail');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(loadPage).toHaveBeenCalledExactlyOnceWith({ buildingUuid: 'b-1', companyTypes: 'tenant,retail', offset: 0, limit: PAGE });
    expect(actor.getSnapshot().matches({ listing: 'idle' })).toBe(true);
    expect(names()).toHaveLength(10);
    expect(actor.getSnapshot().context).toMatchObject({ nextOffset: 10, hasMore: true, total: TOTAL });
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
    expect(actor.getSnapshot().matches({ listing: 'complete' })).toBe(true);
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(3);
  });

  it('a single page of everything is complete at once', async () => {
    const { actor } = start(async (r) => companyPage(r.offset, r.limit, 4));
    await flush();
    expect(actor.getSnapshot().matches({ listing: 'complete' })).toBe(true);
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
    expect(actor.getSnapshot().matches({ listing: 'idle' })).toBe(true);
  });

  it('a failed first page shows the error and retries', async () => {
    const { actor, loadPage } = start(() => Promise.reject({ status: 500, message: 'boom' }));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 500, message: 'boom' });
    loadPage.mockImplementationOnce(async (r) => companyPage(r.offset, r.limit, TOTAL));
    actor.send({ type: 'user.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ listing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.companies).toHaveLength(10);
  });

  it('an empty directory shows the empty state (guard pageIsEmpty)', async () => {
    const { actor } = start(async (r) => companyPage(r.offset, r.limit, 0));
    await flush();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'list.nearEnd' })).toBe(false);
  });

  it('stops when the server says more remain but answers an empty page', async () => {
    const { actor } = start(async (r) =>
      r.offset === 0
        ? companyPage(0, r.limit, TOTAL)
        : { companies: [], pagination: { offset: r.offset, limit: r.limit, total: TOTAL, has_more: true } },
    );
    await flush();
    actor.send({ type: 'list.nearEnd' });
    await flush();
    expect(actor.getSnapshot().matches({ listing: 'complete' })).toBe(true);
  });
});
