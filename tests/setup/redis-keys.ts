import { Redis } from 'ioredis';

/**
 * Deletes every key under a prefix. A spawned server's Redis keys (rate counters, cached pages) outlive it on a
 * machine whose Redis keeps running, and a fresh embedded database with a previous run's counters is not a fresh
 * start: CI's fourth run of a day found the vacancy journey's phone at its daily limit (3 a day per phone).
 */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
