import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { closeRedis, openRedis, redisReady } from './redis.js';
import { compareEventIds, DEFAULT_REPLAY, type BusEvent, type EventBus, type ReplayWindow } from './eventBus.js';

export interface RedisEventBusOptions {
  /** What every key begins with (one deployment, or one test run, apart from another on the same Redis). */
  prefix?: string;
  window?: ReplayWindow;
  /** Entries kept in the fan-out stream that every instance reads: enough for a reader that was away a few seconds. */
  fanOutLength?: number;
  /** Milliseconds one XREAD waits before it asks again (also how soon a closed bus's reader notices). */
  blockMs?: number;
  /** Where a reader's trouble is told, once per outage (console.warn by default). */
  warn?: (message: string) => void;
}

/**
 * Publishing, atomically: the event goes into its channel's stream (the replay window: at most `maxEvents`, none older
 * than `maxAgeMs`, the key gone once it has been quiet for as long), and a copy carrying the channel's id goes into the
 * one fan-out stream that every instance reads. The id given back is the channel stream's id.
 *
 * The stream's max-deleted-entry-id is kept as the newest id the window has lost (Redis's trimming does not move it,
 * so the script sets it with XSETID): a replay after an older id would have a hole. A stream made anew (the first event,
 * or the first after a quiet spell let the key expire) begins with it at the present, so that ids from before are not
 * taken as replayable.
 * KEYS: channel stream, fan-out stream. ARGV: channel, type, data, maxEvents, maxAgeMs, fanOutLength.
 */
const PUBLISH = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local fresh = redis.call('EXISTS', KEYS[1]) == 0
local id = redis.call('XADD', KEYS[1], '*', 'type', ARGV[2], 'data', ARGV[3])
local dropped = nil
if fresh then dropped = string.format('%d-0', ms) end
local len = redis.call('XLEN', KEYS[1])
local max = tonumber(ARGV[4])
if len > max then
  local gone = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', len - max)
  dropped = gone[#gone][1]
  redis.call('XTRIM', KEYS[1], 'MAXLEN', max)
end
local minid = string.format('%d-0', ms - tonumber(ARGV[5]))
local old = redis.call('XREVRANGE', KEYS[1], '(' .. minid, '-', 'COUNT', 1)
if #old > 0 then
  dropped = old[1][1]
  redis.call('XTRIM', KEYS[1], 'MINID', minid)
end
if dropped then redis.call('XSETID', KEYS[1], id, 'MAXDELETEDID', dropped) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[6], '*', 'id', id, 'channel', ARGV[1], 'type', ARGV[2], 'data', ARGV[3])
return id
`;

/** Fields of a stream entry as ioredis gives them: [name, value, name, value, ...]. */
const fieldsOf = (flat: string[]) => {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return fields;
};

/**
 * The bus of several instances, on Redis Streams (decision 221-events-across-instances): `publish` writes through
 * `client`; one reader per instance waits on the fan-out stream with XREAD BLOCK on its own connection (`reader`, which
 * the bus closes) and hands each event to this instance's listeners. A reader that lost its connection goes on from the
 * last id it read, so nothing published meanwhile is skipped. `since` reads a channel's stream with XRANGE.
 */
export async function redisEventBus(client: Redis, reader: Redis, options: RedisEventBusOptions = {}): Promise<EventBus> {
  const prefix = options.prefix ?? 'atrium:';
  const window = options.window ?? DEFAULT_REPLAY;
  const fanOutLength = options.fanOutLength ?? 10_000;
  const blockMs = options.blockMs ?? 5_000;
  const fanOut = `${prefix}events`;
  const channelKey = (channel: string) => `${prefix}events:${channel}`;
  const emitter = new EventEmitter();
  // One listener per open stream, and there may be thousands; the streams' own caps bound them.
  emitter.setMaxListeners(0);

  const warn = options.warn ?? ((message: string) => console.warn(message));
  // Read from the newest entry there is now, so that nothing published after this bus was made is missed. A Redis not
  // reachable yet is asked again by the reader before its first read (the server starts without it).
  const newestId = async (redis: Redis) => ((await redis.xrevrange(fanOut, '+', '-', 'COUNT', 1)) as [string, string[]][])[0]?.[0] ?? '0-0';
  let lastRead: string | null = await newestId(client).catch(() => null);
  let open = true;

  const deliver = (entryId: string, flat: string[]) => {
    lastRead = entryId;
    const fields = fieldsOf(flat);
    if (!fields.channel || !fields.id || !fields.type) return;
    let data: unknown;
    try {
      data = JSON.parse(fields.data ?? 'null');
    } catch {
      return;
    }
    emitter.emit(fields.channel, { id: fields.id, channel: fields.channel, type: fields.type, data } satisfies BusEvent);
  };

  const loop = (async () => {
    let troubled = false;
    while (open) {
      try {
        lastRead ??= await newestId(reader);
        const answer = (await reader.xread('COUNT', 500, 'BLOCK', blockMs, 'STREAMS', fanOut, lastRead)) as [string, [string, string[]][]][] | null;
        for (const [, entries] of answer ?? []) for (const [entryId, flat] of entries) deliver(entryId, flat);
        troubled = false;
      } catch (error) {
        if (!open) break;
        if (!troubled) warn(`The event bus could not read from Redis (${(error as Error).message}); it tries again until it can.`);
        troubled = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  })();

  return {
    async publish(channel, type, data) {
      const id = (await client.eval(
        PUBLISH,
        2,
        channelKey(channel),
        fanOut,
        channel,
        type,
        JSON.stringify(data),
        window.maxEvents,
        window.maxAgeMs,
        fanOutLength,
      )) as string;
      return { id, channel, type, data };
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async since(channel, lastEventId) {
      if (compareEventIds(lastEventId, lastEventId) === null) return null;
      const key = channelKey(channel);
      // One round trip: the stream's facts, its entries after the id, and Redis's clock.
      const [info, range, time] = (await client
        .multi()
        .xinfo('STREAM', key)
        .xrange(key, `(${lastEventId}`, '+')
        .time()
        .exec()
        .then((results) => (results ?? []).map(([error, value]) => (error ? null : value)))) as [
        (string | number | null)[] | null,
        [string, string[]][] | null,
        [string, string] | null,
      ];
      const now = time ? Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000) : Date.now();
      const idMs = Number(lastEventId.split('-')[0]);
      if (!info) {
        // No stream: nothing was published on the channel for the whole window. An id from within the window missed
        // nothing then; an older one may have missed events that are gone.
        return idMs >= now - window.maxAgeMs ? [] : null;
      }
      const facts = new Map<string, unknown>();
      for (let i = 0; i + 1 < info.length; i += 2) facts.set(String(info[i]), info[i + 1]);
      // The newest id the window lost (set by PUBLISH): a replay after an older id would have a hole.
      const dropped = String(facts.get('max-deleted-entry-id') ?? '0-0');
      const order = compareEventIds(lastEventId, dropped);
      if (order === null || order < 0) return null;
      return (range ?? []).flatMap(([id, flat]) => {
        const fields = fieldsOf(flat);
        try {
          return [{ id, channel, type: fields.type ?? '', data: JSON.parse(fields.data ?? 'null') as unknown }];
        } catch {
          return [];
        }
      });
    },
    async close() {
      open = false;
      emitter.removeAllListeners();
      reader.disconnect();
      // The reader leaves at its next turn (a failed read, or the half-second wait after one); a server's close does not
      // wait on it longer than that.
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    },
  };
}

/** The bus on its own two connections to `url` (one to publish and replay, one to wait on), closed with it. */
export async function openRedisEventBus(url: string, options: RedisEventBusOptions = {}): Promise<EventBus> {
  const client = openRedis(url, { name: 'atrium-events', ...(options.warn ? { warn: options.warn } : {}) });
  // XREAD BLOCK waits longer than an ordinary command may: this connection has no command timeout.
  const reader = openRedis(url, { name: 'atrium-events-reader', overrides: { commandTimeout: undefined }, warn: () => {} });
  await Promise.all([redisReady(client), redisReady(reader)]);
  try {
    const bus = await redisEventBus(client, reader, options);
    return {
      ...bus,
      async close() {
        await bus.close();
        await closeRedis(client);
      },
    };
  } catch (error) {
    reader.disconnect();
    client.disconnect();
    throw error;
  }
}
