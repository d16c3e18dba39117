/**
 * Presence across processes (issue 21, item 12): a process killed without a goodbye left its sockets in Redis
 * for their own TTL (a minute), and its customers got no push meanwhile. Now a socket counts only while its
 * process beats (every PRESENCE_HEARTBEAT_MS); a silent process's sockets stop counting after
 * PRESENCE_PROCESS_TTL_MS. The clock is a fake one: nothing here sleeps.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../../tests/setup/database';
import { MONDAY_MORNING } from '../../tests/setup/services';
import { createFakeClock } from '../lib/clock';
import {
  createMemoryPresence,
  createRedisPresence,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_PROCESS_TTL_MS,
  PRESENCE_TTL_MS,
} from './presence';

describe.skipIf(!TEST_REDIS_URL)('presence in Redis shared by two processes', () => {
  let redis: Redis;
  const prefix = `fresh-test:presence:${randomBytes(4).toString('hex')}:`;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL as string);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('stops counting the sockets of a process that stopped beating within seconds', async () => {
    const clock = createFakeClock(MONDAY_MORNING);
    const a = createRedisPresence(redis, prefix, clock, 'process-a');
    const b = createRedisPresence(redis, prefix, clock, 'process-b');
    await a.connected('customer-1', 'socket-a');
    await b.connected('customer-2', 'socket-b');
    expect(await b.isOnline('customer-1')).toBe(true);

    // Both alive: as long as they beat, their sockets count.
    for (let elapsed = 0; elapsed < 3 * PRESENCE_PROCESS_TTL_MS; elapsed += PRESENCE_HEARTBEAT_MS) {
      clock.advance(PRESENCE_HEARTBEAT_MS);
      await a.heartbeat();
      await b.heartbeat();
    }
    expect(await b.isOnline('customer-1')).toBe(true);
    expect(await a.isOnline('customer-2')).toBe(true);

    // A is killed: no beat, no goodbye; its socket's own entry would have lived on for a minute.
    clock.advance(PRESENCE_PROCESS_TTL_MS + 1);
    await b.heartbeat();
    expect(await b.isOnline('customer-1')).toBe(false);
    expect(await a.isOnline('customer-2')).toBe(true);
    expect(PRESENCE_PROCESS_TTL_MS).toBeLessThanOrEqual(10_000);
    expect(PRESENCE_PROCESS_TTL_MS).toBeLessThan(PRESENCE_TTL_MS);
  });

  it('stops counting them at once when the process leaves (a graceful shutdown)', async () => {
    const clock = createFakeClock(MONDAY_MORNING);
    const a = createRedisPresence(redis, prefix, clock, 'process-c');
    const b = createRedisPresence(redis, prefix, clock, 'process-d');
    await a.connected('customer-3', 'socket-a');
    expect(await b.isOnline('customer-3')).toBe(true);
    await a.leave();
    expect(await b.isOnline('customer-3')).toBe(false);
  });

  it('counts them again once the process beats again (Redis was away from it a while)', async () => {
    const clock = createFakeClock(MONDAY_MORNING);
    const a = createRedisPresence(redis, prefix, clock, 'process-e');
    const b = createRedisPresence(redis, prefix, clock, 'process-f');
    await a.connected('customer-4', 'socket-a');
    clock.advance(PRESENCE_PROCESS_TTL_MS + 1);
    expect(await b.isOnline('customer-4')).toBe(false);
    await a.heartbeat();
    expect(await b.isOnline('customer-4')).toBe(true);
    await a.disconnected('customer-4', 'socket-a');
    expect(await b.isOnline('customer-4')).toBe(false);
  });

  it('still lets a socket expire by its own TTL when its process beats but never refreshes it', async () => {
    const clock = createFakeClock(MONDAY_MORNING);
    const a = createRedisPresence(redis, prefix, clock, 'process-g');
    await a.connected('customer-5', 'socket-a');
    clock.advance(PRESENCE_TTL_MS + 1);
    await a.heartbeat();
    expect(await a.isOnline('customer-5')).toBe(false);
  });
});

describe('presence in memory (one process)', () => {
  it('counts a socket from connect to disconnect; beating and leaving change nothing', async () => {
    const presence = createMemoryPresence(createFakeClock(MONDAY_MORNING));
    await presence.connected('customer', 'socket');
    await presence.heartbeat();
    expect(await presence.isOnline('customer')).toBe(true);
    await presence.disconnected('customer', 'socket');
    expect(await presence.isOnline('customer')).toBe(false);
    await presence.leave();
  });
});
