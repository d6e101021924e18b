import { randomUUID } from 'node:crypto';
import type { Redis } from './redis.js';
import type { ServerConfig } from '../config.js';
import { httpError } from './errors.js';

/**
 * Counters of things held open (event streams: per client address and in all), with caps. One process counts in its
 * memory (`memoryCounters`, as the flag stream always did); several instances count in Redis (`redisCounters`, issue
 * 27), so ten streams per address is ten across every instance, not ten on each.
 *
 * A place is taken under several caps at once or under none (`take`), and given back once (`Place.release`). In Redis a
 * place is a lease that its instance renews while it holds it: an instance that dies (kill -9) gives its places back
 * when their leases run out, not never.
 */
export interface Cap {
  /** What is counted, e.g. `flag-streams:client:10.0.0.1`; places under one key count together. */
  key: string;
  max: number;
}

export interface Place {
  /** Gives the place back under every cap it was taken under; a second call does nothing. */
  release(): void;
}

/** A place, or the index (in the caps given) of the first cap that is full. */
export type Taken = { place: Place } | { full: number };

export interface Counters {
  take(caps: Cap[]): Promise<Taken>;
  close(): Promise<void>;
}

/**
 * The caps of an event stream: the client address's and everyone's. The flag stream takes them; another stream of the
 * server (the notification centre's) takes the same, so a client's streams of either kind count together.
 */
export function eventStreamCaps(client: string, config: Pick<ServerConfig, 'eventStreamsPerClient' | 'eventStreamsTotal'>): Cap[] {
  return [
    { key: 'event-streams:total', max: config.eventStreamsTotal },
    { key: `event-streams:client:${client}`, max: config.eventStreamsPerClient },
  ];
}

/** The refusal when the cap at `full` (in eventStreamCaps's order) is full. */
export function eventStreamRefusal(full: number) {
  return full === 0
    ? Object.assign(httpError(503, 'Too many open event streams. Please try again later.', 'streams_full'), { retryAfter: 30 })
    : Object.assign(httpError(429, 'Too many open event streams from this address. Close one and try again.', 'streams_per_client'), {
        retryAfter: 30,
      });
}

/** Counts in this process's memory. */
export function memoryCounters(): Counters {
  const counts = new Map<string, number>();
  return {
    async take(caps) {
      const full = caps.findIndex((cap) => (counts.get(cap.key) ?? 0) >= cap.max);
      if (full !== -1) return { full };
      for (const cap of caps) counts.set(cap.key, (counts.get(cap.key) ?? 0) + 1);
      let held = true;
      return {
        place: {
          release() {
            if (!held) return;
            held = false;
            for (const cap of caps) {
              const left = (counts.get(cap.key) ?? 1) - 1;
              if (left > 0) counts.set(cap.key, left);
              else counts.delete(cap.key);
            }
          },
        },
      };
    },
    async close() {
      counts.clear();
    },
  };
}

export interface RedisCountersOptions {
  /** Put before every key (REDIS_KEY_PREFIX, and a test run's own). */
  prefix: string;
  /** How long a lease lives without renewal, in milliseconds. */
  leaseMs?: number;
  /** When Redis cannot be reached: where places are counted meanwhile (this instance's memory, by default). */
  fallback?: Counters;
  warn?: (message: string) => void;
}

/**
 * Each key is a sorted set of leases (`<instance>:<n>`, scored by when it runs out, in Redis's own clock so instances
 * need not agree on the time). Taking a place drops the leases that ran out, checks every cap and adds to every key, in
 * one script: two instances cannot both take the last place.
 */
const TAKE = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local leaseMs = tonumber(ARGV[1])
local member = ARGV[2]
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', nowMs)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, nowMs + leaseMs, member)
  redis.call('PEXPIRE', key, leaseMs)
end
return 0
`;

/** Renews this instance's leases (adds them again if Redis lost them meanwhile): every key's member, to a new end. */
const RENEW = `
local now = redis.call('TIME')
local untilMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, untilMs, ARGV[1 + i])
  redis.call('PEXPIRE', key, tonumber(ARGV[1]))
end
return 0
`;

export function redisCounters(redis: Redis, options: RedisCountersOptions): Counters {
  const leaseMs = options.leaseMs ?? 30_000;
  const fallback = options.fallback ?? memoryCounters();
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const instance = randomUUID();
  let serial = 0;
  /** The leases this instance holds: member → the keys it is under. */
  const held = new Map<string, string[]>();
  let warned = false;

  const renew = setInterval(() => {
    if (held.size === 0) return;
    const keys: string[] = [];
    const members: string[] = [];
    for (const [member, under] of held) {
      for (const key of under) {
        keys.push(key);
        members.push(member);
      }
    }
    redis.eval(RENEW, keys.length, ...keys, leaseMs, ...members).catch(() => {
      /* Redis is down: the leases run out there, and the places taken now are counted in memory */
    });
  }, leaseMs / 3);
  renew.unref();

  return {
    async take(caps) {
      const keys = caps.map((cap) => `${options.prefix}${cap.key}`);
      const member = `${instance}:${++serial}`;
      let full: number;
      try {
        full = Number(await redis.eval(TAKE, keys.length, ...keys, leaseMs, member, ...caps.map((cap) => cap.max)));
        warned = false;
      } catch (error) {
        // Open streams are reads: while Redis is down each instance keeps its own caps rather than refusing every stream.
        if (!warned) warn(`Counting open streams in this instance's memory while Redis is unreachable (${(error as Error).message}).`);
        warned = true;
        return fallback.take(caps);
      }
      if (full > 0) return { full: full - 1 };
      held.set(member, keys);
      let open = true;
      return {
        place: {
          release() {
            if (!open) return;
            open = false;
            held.delete(member);
            const removal = redis.multi();
            for (const key of keys) removal.zrem(key, member);
            removal.exec().catch(() => {
              /* Redis is down: the lease runs out by itself */
            });
          },
        },
      };
    },
    async close() {
      clearInterval(renew);
      await fallback.close();
    },
  };
}
