/**
 * Two instances of the server on one database and one Redis (issue 27): a flag changed through one reaches an event
 * stream held on the other at once (pushed through Redis, no poll of the database), and a client that reconnects from
 * one to the other with its last event id is sent what it missed. On TEST_DATABASE_URL each instance has its own
 * connections to the same Postgres database; on PGlite (which one process opens once) they share it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareEventIds } from '../../server/lib/eventBus.js';
import { FlagStore } from '../../server/lib/flags.js';
import { publishOnRedis } from '../../scripts/flags.js';
import { startTestServer, type TestServer } from './harness.js';
import { redisForTest } from './redisTest.js';

let redis: Awaited<ReturnType<typeof redisForTest>>;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  redis = await redisForTest();
  const shared = { redisUrl: redis.url, redisKeyPrefix: redis.prefix };
  a = await startTestServer(shared, { listen: true });
  b = await startTestServer(shared, { listen: true, sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis?.cleanUp();
});

interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** Opens the flag event stream of one instance, as EventSource would (with Last-Event-ID on a reconnect). */
async function openStream(server: TestServer, lastEventId?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) };
  const res = await fetch(`${server.config.publicOrigin}/api/flags/v1/stream`, { signal: controller.signal, headers });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<StreamEvent> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event) return { id: field('id'), event, data: field('data') ?? '' };
          continue; // the retry line, or a heartbeat
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

const setFlag = (server: TestServer, value: boolean) => server.call('PUT', '/admin/flags/enable-tw-direct-link', { body: { value } });

describe('two instances on one database and one Redis', () => {
  it('a flag changed through instance A reaches a stream held on instance B in under a second, with no poll', async () => {
    expect(a.app.deps.events).not.toBe(b.app.deps.events);
    const poll = vi.spyOn(FlagStore.prototype, 'poll');
    const stream = await openStream(b);
    try {
      const hello = await stream.next();
      expect(hello.event).toBe('flags.version');
      const { version } = JSON.parse(hello.data) as { version: number };

      const started = performance.now();
      const put = await setFlag(a, true);
      expect(put.status).toBe(200);
      const changed = await stream.next();
      const took = performance.now() - started;
      expect(changed.event).toBe('flags.changed');
      expect(JSON.parse(changed.data)).toEqual({ version: version + 1 });
      expect(changed.id).toMatch(/^\d+-\d+$/);
      expect(took).toBeLessThan(1000);
      expect(poll).not.toHaveBeenCalled();
    } finally {
      stream.close();
      poll.mockRestore();
    }
  });

  it('a client that reconnects from A to B with its last event id misses no event', async () => {
    const onA = await openStream(a);
    const { version } = JSON.parse((await onA.next()).data) as { version: number };
    await setFlag(a, false);
    const seen = await onA.next();
    expect(JSON.parse(seen.data)).toEqual({ version: version + 1 });
    onA.close(); // instance A goes away, say

    // While the client is away: two changes, one through each instance.
    await setFlag(b, true);
    await setFlag(a, false);

    const onB = await openStream(b, seen.id);
    const missed = [await onB.next(), await onB.next()];
    expect(missed.map((e) => [e.event, JSON.parse(e.data)])).toEqual([
      ['flags.changed', { version: version + 2 }],
      ['flags.changed', { version: version + 3 }],
    ]);
    expect(missed.every((e) => compareEventIds(e.id ?? '', seen.id!)! > 0)).toBe(true);
    const hello = await onB.next();
    expect(hello).toEqual({ id: undefined, event: 'flags.version', data: JSON.stringify({ version: version + 3 }) });
    // And live events go on after the replay, once each.
    await setFlag(a, true);
    expect(JSON.parse((await onB.next()).data)).toEqual({ version: version + 4 });
    onB.close();
  });

  it('npm run flags, writing to the database itself, tells the running instances through Redis', async () => {
    const stream = await openStream(a);
    try {
      const { version } = JSON.parse((await stream.next()).data) as { version: number };
      await publishOnRedis(version + 1, redis.url, redis.prefix);
      const changed = await stream.next();
      expect(changed.event).toBe('flags.changed');
      expect(JSON.parse(changed.data)).toEqual({ version: version + 1 });
    } finally {
      stream.close();
    }
  });

  it('a last event id the bus cannot vouch for gets the current version alone, from which the client reloads', async () => {
    const stream = await openStream(b, '1-0');
    const first = await stream.next();
    expect(first.event).toBe('flags.version');
    expect(first.id).toBeUndefined();
    stream.close();
  });
});
