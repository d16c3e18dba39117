import { Redis } from 'ioredis';

export type RedisHandle = {
  client: Redis;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** One connection per process; later issues add pub/sub and rate limits on top of it. */
export function openRedis(url: string, onError: (error: Error) => void = () => {}): RedisHandle {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // ioredis reconnects by itself; without a listener every failed attempt would be an unhandled 'error'.
  client.on('error', onError);
  return {
    client,
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
