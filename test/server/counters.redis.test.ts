import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryCounters, redisCounters, type Counters } from '../../server/lib/counters.js';
import { closeRedis, openRedis, redisReady, type Redis } from '../../server/lib/redis.js';
import { testRedis } from './harness.js';

/** The open-stream counters (server/lib/counters.ts): in memory, and as leases in the test Redis under a prefix of their own. */
const connections: Redis[] = [];
const counters: Counters[] = [];
afterAll(async () => {
  for (const c of counters) await c.close();
  for (const redis of connections) await closeRedis(redis);
});

/** Counters on a connection that is up; one that fell back to memory would fail the test, not pass it unseen. */
async function shared(prefix: string, leaseMs?: number) {
  const redis = openRedis(testRedis().redisUrl!, { warn: () => {} });
  connections.push(redis);
  if (!(await redisReady(redis))) throw new Error(`the test Redis (${testRedis().redisUrl}) does not answer`);
  const noFallback: Counters = {
    take: () => Promise.reject(new Error('counted in memory: Redis failed')),
    close: async () => {},
  };
  const made = redisCounters(redis, { prefix, ...(leaseMs ? { leaseMs } : {}), fallback: noFallback, warn: () => {} });
  counters.push(made);
  return made;
}

const caps = (client: string) => [
  { key: 'total', max: 3 },
  { key: `client:${client}`, max: 2 },
];

for (const [kind, make] of [
  ['memory', async () => memoryCounters()],
  ['Redis', () => shared(testRedis().redisKeyPrefix)],
] as const) {
  describe(`${kind} counters`, () => {
    it('take a place under every cap at once or under none, and give it back once', async () => {
      const c = await make();
      const first = await c.take(caps('a'));
      const second = await c.take(caps('a'));
      expect(await c.take(caps('a'))).toEqual({ full: 1 });
      const third = await c.take(caps('b'));
      // The refused try took nothing: b's second stream meets the total, not its own cap.
      expect(await c.take(caps('b'))).toEqual({ full: 0 });
      if (!('place' in first) || !('place' in second) || !('place' in third)) throw new Error('a place was refused');
      first.place.release();
      first.place.release();
      expect('place' in (await c.take(caps('b')))).toBe(true);
      expect(await c.take(caps('a'))).toEqual({ full: 0 });
    });
  });
}

describe('Redis counters across instances', () => {
  it('are one count for two instances', async () => {
    const prefix = testRedis().redisKeyPrefix;
    const a = await shared(prefix);
    const b = await shared(prefix);
    expect('place' in (await a.take(caps('x')))).toBe(true);
    expect('place' in (await b.take(caps('x')))).toBe(true);
    expect(await a.take(caps('x'))).toEqual({ full: 1 });
    expect(await b.take(caps('x'))).toEqual({ full: 1 });
  });

  it('give back the places of an instance that died (its leases run out), and keep a live one’s (renewed)', async () => {
    const prefix = testRedis().redisKeyPrefix;
    const dead = await shared(prefix, 1500);
    const live = await shared(prefix, 1500);
    const other = await shared(prefix, 1500);
    const one = [{ key: 'only', max: 2 }];
    expect('place' in (await dead.take(one))).toBe(true);
    expect('place' in (await live.take(one))).toBe(true);
    // The instance dies: it stops renewing and never releases.
    await dead.close();
    expect(await other.take(one)).toEqual({ full: 0 });
    await vi.waitFor(async () => expect('place' in (await other.take(one))).toBe(true), { timeout: 5000, interval: 50 });
    // The live instance's place outlived several lease lengths: the cap is full again with it and the new one.
    expect(await other.take(one)).toEqual({ full: 0 });
  });
});
