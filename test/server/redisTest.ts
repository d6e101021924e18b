import { randomUUID } from 'node:crypto';
import { openRedis, redisReady, type Redis } from '../../server/lib/redis.js';

/**
 * The Redis of the tests that need one (issue 27): TEST_REDIS_URL, else the machine's on 127.0.0.1:6379 (CI starts one,
 * .ci/run). Without one these tests fail with this message rather than being skipped.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of this test run alone, and a way to remove its keys afterwards. */
export async function redisForTest(): Promise<{ url: string; prefix: string; redis: Redis; cleanUp(): Promise<void> }> {
  const redis = openRedis(TEST_REDIS_URL, { warn: () => {} });
  try {
    await redisReady(redis);
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`These tests need Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL, or start redis-server): ${(error as Error).message}`);
  }
  const prefix = `atrium-test:${randomUUID()}:`;
  return {
    url: TEST_REDIS_URL,
    prefix,
    redis,
    async cleanUp() {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
