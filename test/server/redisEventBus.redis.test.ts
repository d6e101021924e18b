/** The event bus of several instances, on Redis Streams (server/lib/redisEventBus.ts): order, fan-out, replay, window. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareEventIds, type BusEvent, type EventBus } from '../../server/lib/eventBus.js';
import { openRedis, redisReady } from '../../server/lib/redis.js';
import { openRedisEventBus, redisEventBus } from '../../server/lib/redisEventBus.js';
import { redisForTest } from './redisTest.js';

let redis: Awaited<ReturnType<typeof redisForTest>>;
const buses: EventBus[] = [];
const openBus = async (window = { maxEvents: 200, maxAgeMs: 60_000 }) => {
  const bus = await openRedisEventBus(redis.url, { prefix: redis.prefix, window, blockMs: 1000 });
  buses.push(bus);
  return bus;
};

beforeAll(async () => {
  redis = await redisForTest();
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await redis?.cleanUp();
});

/** Redis's clock, in milliseconds (stream ids are made from it). */
const redisNow = async () => {
  const [seconds, micros] = await redis.redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
};

describe('Redis event bus', () => {
  it('delivers every event to the channel’s subscribers on every bus, in order, with the Redis stream ids', async () => {
    const [a, b] = [await openBus(), await openBus()];
    const heardOnA: BusEvent[] = [];
    const heardOnB: BusEvent[] = [];
    a.subscribe('person:one', (event) => heardOnA.push(event));
    const stop = b.subscribe('person:one', (event) => heardOnB.push(event));
    b.subscribe('person:two', (event) => heardOnB.push(event));
    const sent = [
      await a.publish('person:one', 'notification', { n: 1 }),
      await b.publish('person:one', 'notification', { n: 2 }),
      await a.publish('person:one', 'notification', { n: 3 }),
    ];
    await vi.waitFor(() => expect(heardOnB).toHaveLength(3), { timeout: 2000 });
    await vi.waitFor(() => expect(heardOnA).toHaveLength(3), { timeout: 2000 });
    expect(heardOnA).toEqual(sent);
    expect(heardOnB).toEqual(sent);
    expect(sent.map((e) => e.channel)).toEqual(['person:one', 'person:one', 'person:one']);
    for (let i = 1; i < sent.length; i++) expect(compareEventIds(sent[i]!.id, sent[i - 1]!.id)).toBeGreaterThan(0);
    expect(await redis.redis.xlen(`${redis.prefix}events:person:one`)).toBe(3);

    stop();
    await a.publish('person:one', 'notification', { n: 4 });
    await a.publish('person:two', 'notification', { n: 5 });
    await vi.waitFor(() => expect(heardOnB.at(-1)?.data).toEqual({ n: 5 }), { timeout: 2000 });
    expect(heardOnB.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 5]);
  });

  it('replays what came after a last event id, on any bus, and refuses ids it cannot vouch for', async () => {
    const [a, b] = [await openBus({ maxEvents: 3, maxAgeMs: 60_000 }), await openBus({ maxEvents: 3, maxAgeMs: 60_000 })];
    const first = await a.publish('flags', 'flags.changed', 1);
    const second = await a.publish('flags', 'flags.changed', 2);
    await a.publish('flags', 'flags.changed', 3);
    expect((await b.since('flags', first.id))?.map((e) => e.data)).toEqual([2, 3]);
    expect((await b.since('flags', second.id))?.map((e) => [e.type, e.data])).toEqual([['flags.changed', 3]]);
    expect(await b.since('flags', 'not-an-id')).toBeNull();
    // From before the channel's stream began: whatever came before it cannot be vouched for.
    expect(await b.since('flags', '1-0')).toBeNull();
    // Once an event falls out of the window, replay from before it is refused; from it on, it is whole.
    await a.publish('flags', 'flags.changed', 4);
    expect((await b.since('flags', first.id))?.map((e) => e.data)).toEqual([2, 3, 4]);
    await a.publish('flags', 'flags.changed', 5);
    expect(await b.since('flags', first.id)).toBeNull();
    expect((await b.since('flags', second.id))?.map((e) => e.data)).toEqual([3, 4, 5]);
    expect(await redis.redis.xlen(`${redis.prefix}events:flags`)).toBe(3);
  });

  it('keeps events for the window’s age only, and a quiet channel’s key goes away', async () => {
    const maxAgeMs = 1500;
    const bus = await openBus({ maxEvents: 100, maxAgeMs });
    const msOf = (event: BusEvent) => Number(event.id.split('-')[0]);
    // Waits on Redis's clock (stream ids are made from it), not a fixed sleep.
    const until = (ms: number) => vi.waitFor(async () => expect(await redisNow()).toBeGreaterThan(ms), { timeout: 5000, interval: 50 });
    const old = await bus.publish('person:quiet', 'notification', 'old');
    const first = await bus.publish('person:aging', 'notification', 'first');
    await until(msOf(first) + 800);
    const second = await bus.publish('person:aging', 'notification', 'second');
    await until(msOf(first) + maxAgeMs + 50);
    const third = await bus.publish('person:aging', 'notification', 'third');
    expect(await redis.redis.xlen(`${redis.prefix}events:person:aging`)).toBe(2);
    // The client that had the aged-out event missed nothing; one from before it may have.
    expect((await bus.since('person:aging', first.id))?.map((e) => e.data)).toEqual(['second', 'third']);
    expect(await bus.since('person:aging', `${msOf(first) - 1}-0`)).toBeNull();
    expect((await bus.since('person:aging', second.id))?.map((e) => e.id)).toEqual([third.id]);
    // The quiet channel's stream expired: an id older than the window may have missed events, so it is refused.
    expect(await redis.redis.exists(`${redis.prefix}events:person:quiet`)).toBe(0);
    expect(await bus.since('person:quiet', old.id)).toBeNull();
    // An id from within the window, on a channel with nothing since: nothing missed.
    expect(await bus.since('person:nothing', `${await redisNow()}-0`)).toEqual([]);
    // And a channel that starts anew after a quiet spell does not vouch for ids from before it.
    const again = await bus.publish('person:quiet', 'notification', 'again');
    expect(await bus.since('person:quiet', old.id)).toBeNull();
    expect(await bus.since('person:quiet', again.id)).toEqual([]);
  });

  it('a reader whose connection is cut goes on from its last id, missing nothing', async () => {
    const a = await openBus();
    const client = openRedis(redis.url, { warn: () => {} });
    // As openRedisEventBus opens it: XREAD BLOCK waits longer than a command may.
    const reader = openRedis(redis.url, { warn: () => {}, overrides: { commandTimeout: undefined } });
    await Promise.all([redisReady(client), redisReady(reader)]);
    const readerId = (await reader.client('ID')) as number;
    const b = await redisEventBus(client, reader, { prefix: redis.prefix, blockMs: 1000 });
    try {
      const heard: unknown[] = [];
      b.subscribe('person:cut', (event) => heard.push(event.data));
      await a.publish('person:cut', 'notification', 1);
      await vi.waitFor(() => expect(heard).toEqual([1]), { timeout: 2000 });
      expect(await redis.redis.client('KILL', 'ID', String(readerId))).toBe(1);
      for (const n of [2, 3, 4]) await a.publish('person:cut', 'notification', n);
      await vi.waitFor(() => expect(heard).toEqual([1, 2, 3, 4]), { timeout: 5000 });
    } finally {
      await b.close();
      await client.quit();
    }
  });

  it('a bus made after an event does not deliver it again, and one closed delivers no more', async () => {
    const a = await openBus();
    await a.publish('person:late', 'notification', 'before');
    const b = await openBus();
    const heard: unknown[] = [];
    b.subscribe('person:late', (event) => heard.push(event.data));
    await a.publish('person:late', 'notification', 'after');
    await vi.waitFor(() => expect(heard).toEqual(['after']), { timeout: 2000 });
    await b.close();
    buses.splice(buses.indexOf(b), 1);
    await a.publish('person:late', 'notification', 'closed');
    expect(heard).toEqual(['after']);
  });
});
