import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { historyMachine } from '../../machines/bookings/history.machine';
import type { TransactionPage, TransactionPageRequest } from '../../machines/bookings/bookings.types';
import { deferred, flush } from '../fixtures/async';
import { transactionPage } from '../fixtures/bookings';

function start(load: (r: TransactionPageRequest) => Promise<TransactionPage> = async (r) => transactionPage(r, 25)) {
  const loadPage = vi.fn(load);
  const actor = createActor(historyMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } }), {
    input: { pageSize: 10 },
  }).start();
  const uuids = () => actor.getSnapshot().context.rows.map((r) => r.item.uuid);
  return { actor, loadPage, uuids };
}

describe('historyMachine', () => {
  it('opens on upcoming resource bookings, first page, and loads more while more remain', async () => {
    const { actor, loadPage, uuids } = start();
    await flush();
    expect(loadPage).toHaveBeenCalledExactlyOnceWith({ tab: 'upcoming', type: 'resource_bookings', offset: 0, limit: 10 });
    expect(actor.getSnapshot().matches({ listing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.loadMore' })).toBe(true);
    actor.send({ type: 'user.loadMore' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    await flush();
    actor.send({ type: 'user.loadMore' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 20 }));
    expect(uuids()).toHaveLength(25);
    expect(actor.getSnapshot().hasTag('complete')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.loadMore' })).toBe(false);
    expect(actor.getSnapshot().context.rows.every((r) => r.kind === 'resource_bookings')).toBe(true);
  });

  it('another tab or type starts that list from its first page; the one shown does nothing', async () => {
    const { actor, loadPage, uuids } = start();
    await flush();
    actor.send({ type: 'user.loadMore' });
    await flush();
    actor.send({ type: 'user.selectTab', tab: 'past' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(uuids()).toEqual([]);
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith({ tab: 'past', type: 'resource_bookings', offset: 0, limit: 10 });
    actor.send({ type: 'user.selectType', historyType: 'service_bookings' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith({ tab: 'past', type: 'service_bookings', offset: 0, limit: 10 });
    expect(actor.getSnapshot().context.rows.every((r) => r.kind === 'service_bookings')).toBe(true);
    const calls = loadPage.mock.calls.length;
    actor.send({ type: 'user.selectTab', tab: 'past' });
    actor.send({ type: 'user.selectType', historyType: 'service_bookings' });
    await flush();
    expect(loadPage).toHaveBeenCalledTimes(calls);
  });

  it('drops the answer of a list no longer chosen', async () => {
    const slow = deferred<TransactionPage>();
    const { actor } = start((r) => (r.tab === 'upcoming' ? slow.promise : Promise.resolve(transactionPage(r, 3))));
    actor.send({ type: 'user.selectTab', tab: 'past' });
    await flush();
    slow.resolve(transactionPage({ tab: 'upcoming', type: 'resource_bookings', offset: 0, limit: 10 }, 3));
    await flush();
    expect(actor.getSnapshot().context.rows.map((r) => r.item.uuid)).toEqual([
      'past-resource_bookings-1',
      'past-resource_bookings-2',
      'past-resource_bookings-3',
    ]);
  });

  it('is empty when the list has nothing', async () => {
    const { actor } = start(async (r) => transactionPage(r, 0));
    await flush();
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('a failed first page offers a retry; a failed later page keeps the rows and retries the same page', async () => {
    let fail = true;
    const { actor, loadPage, uuids } = start(async (r) => {
      if (fail) throw { status: 503, message: 'down' };
      return transactionPage(r, 25);
    });
    await flush();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'down' });
    fail = false;
    actor.send({ type: 'user.retry' });
    await flush();
    expect(uuids()).toHaveLength(10);
    fail = true;
    actor.send({ type: 'user.loadMore' });
    await flush();
    expect(actor.getSnapshot().hasTag('pageFailed')).toBe(true);
    expect(uuids()).toHaveLength(10);
    fail = false;
    actor.send({ type: 'user.retry' });
    await flush();
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 10 }));
    expect(uuids()).toHaveLength(20);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
