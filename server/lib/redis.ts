import { Redis } from 'ioredis';

/**
 * A connection to the Redis that several instances share (REDIS_URL, issue 27). ioredis reconnects by itself and queues
 * commands meanwhile (a command fails after about 20 tries, some 10 s); a caller that must not wait behind others (a
 * blocking reader, say) opens its own.
 */
export function openRedis(url: string): Redis {
  const redis = new Redis(url, { lazyConnect: false, enableAutoPipelining: false });
  // Without a listener ioredis prints every failed reconnect as an unhandled error: say it once per kind of failure.
  let last = '';
  redis.on('error', (error: Error) => {
    if (error.message === last) return;
    last = error.message;
    console.warn(`Redis (${new URL(url).host}): ${error.message}`);
  });
  redis.on('ready', () => (last = ''));
  return redis;
}

export type { Redis };
