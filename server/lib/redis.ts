import { Redis } from 'ioredis';

/**
 * A connection to the Redis that several instances share (REDIS_URL, issue 27). ioredis reconnects by itself and queues
 * commands meanwhile; a caller that must not wait (a blocking reader, say) takes its own connection with `duplicate()`.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, { lazyConnect: false, enableAutoPipelining: false });
}

export type { Redis };
