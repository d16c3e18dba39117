/**
 * The Redis bus across an outage: after Redis comes back, the subscriber subscribes again by itself (the bus,
 * not ioredis, so a close during the outage leaves no unhandled rejection) and envelopes from another process
 * arrive; closing it while Redis is away rejects nothing unhandled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisProcess, startRedis } from '../../tests/chaos/support/redis-process';
import { TEST_REDIS_URL } from '../../tests/setup/database';
import { until } from '../../tests/setup/until';
import { openRedis } from '../redis';
import type { Envelope } from './bus';
import { createRedisBus } from './redis-bus';

describe.skipIf(!TEST_REDIS_URL)('the Redis bus across an outage', () => {
  let redis: RedisProcess;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    redis = await startRedis();
    process.on('unhandledRejection', onUnhandled);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await redis?.stop();
  });

  it('subscribes again when Redis is back, and closes during an outage without an unhandled rejection', async () => {
    const receiving = openRedis(redis.url);
    const sending = openRedis(redis.url);
    const bus = createRedisBus(receiving.client, 'fresh-test:bus:');
    const other = createRedisBus(sending.client, 'fresh-test:bus:');
    await (bus as { ready?: Promise<void> }).ready;
    const received: Envelope[] = [];
    bus.subscribe((envelope) => received.push(envelope));
    const envelope = (n: number): Envelope => ({ kind: 'session-ended', sessionId: `session-${n}` });

    await other.publish(envelope(1));
    await until(() => received.length === 1, 'the first envelope');

    await redis.down();
    await redis.up();
    // Published until one arrives: the subscriber's reconnection takes its own time.
    await until(async () => {
      await other.publish(envelope(2)).catch(() => undefined);
      return received.length >= 2;
    }, 'an envelope after the outage');

    await bus.close();
    await other.close();
    receiving.client.disconnect();
    sending.client.disconnect();

    // Closed at any moment around Redis's return: while reconnecting, connecting, subscribing again.
    for (const delayMs of [0, 2, 5, 10, 20, 40, 80, 160]) {
      const handle = openRedis(redis.url);
      const closing = createRedisBus(handle.client, 'fresh-test:bus:');
      await (closing as { ready?: Promise<void> }).ready;
      await redis.down();
      await redis.up();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await closing.close();
      handle.client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });
});
