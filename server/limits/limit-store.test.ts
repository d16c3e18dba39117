import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  runsOnce,
  TEST_DATABASE_KINDS,
  TEST_REDIS_URL,
  type TestDatabase,
} from '../../tests/setup/database';
import { createFakeClock, type FakeClock } from '../lib/clock';
import { createPgLimitStore } from '../modules/identity/rate-limits.repository';
import { openRedis, type RedisHandle } from '../redis';
import type { LimitStore } from './limit-store';
import { createRedisLimitStore } from './redis-limit-store';

type Harness = { store: LimitStore; clock: FakeClock; close(): Promise<void> };

const HOUR_MS = 3_600_000;

const backends: [string, () => Promise<Harness>][] = [
  ...TEST_DATABASE_KINDS.map((kind): [string, () => Promise<Harness>] => [
    kind,
    async () => {
      const db: TestDatabase = await openTestDatabase(kind);
      const clock = createFakeClock();
      return { store: createPgLimitStore(db.db, clock), clock, close: () => db.destroy() };
    },
  ]),
  ...(TEST_REDIS_URL && runsOnce()
    ? [
        [
          'redis',
          async () => {
            const redis: RedisHandle = openRedis(TEST_REDIS_URL as string);
            const clock = createFakeClock();
            const prefix = `fresh-test:${randomBytes(6).toString('hex')}:`;
            return {
              store: createRedisLimitStore(redis.client, clock, prefix),
              clock,
              close: async () => {
                const keys = await redis.client.keys(`${prefix}*`);
                if (keys.length > 0) await redis.client.del(...keys);
                await redis.close();
              },
            };
          },
        ] as [string, () => Promise<Harness>],
      ]
    : []),
];

describe.each(backends)('the limit store on %s', (_name, open) => {
  let h: Harness;

  beforeAll(async () => {
    h = await open();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('takes up to the limit in a window, then refuses until the window ends', async () => {
    const start = h.clock.now();
    for (let i = 1; i <= 5; i += 1) {
      const result = await h.store.take('send:a', 5, HOUR_MS);
      expect(result).toEqual({ allowed: true, count: i, resetAt: start + HOUR_MS });
    }
    h.clock.advance(HOUR_MS - 1);
    const refused = await h.store.take('send:a', 5, HOUR_MS);
    expect(refused.allowed).toBe(false);
    expect(refused.resetAt).toBe(start + HOUR_MS);

    h.clock.advance(1);
    const reopened = await h.store.take('send:a', 5, HOUR_MS);
    expect(reopened).toEqual({ allowed: true, count: 1, resetAt: start + 2 * HOUR_MS });
  });

  it('never lets concurrent callers take more than the limit', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => h.store.take('burst', 3, HOUR_MS)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('gives a slot back within its window, never below zero, and not once the window ended', async () => {
    expect((await h.store.take('login:a', 2, HOUR_MS)).count).toBe(1);
    expect((await h.store.take('login:a', 2, HOUR_MS)).count).toBe(2);
    expect((await h.store.take('login:a', 2, HOUR_MS)).allowed).toBe(false);
    await h.store.release('login:a', 2);
    expect((await h.store.take('login:a', 2, HOUR_MS)).allowed).toBe(true);
    await h.store.release('login:a', 2);
    await h.store.release('login:a', 2);
    await h.store.release('login:a', 2);
    await h.store.release('login:a', 2);
    expect((await h.store.get('login:a'))?.count).toBe(0);
    await h.store.release('never-taken', 2);
    expect(await h.store.get('never-taken')).toBeNull();
    h.clock.advance(HOUR_MS);
    await h.store.release('login:a', 2);
    expect(await h.store.get('login:a')).toBeNull();
  });

  it('takes each slot in order in one call, and stops at the first refused, leaving the later ones alone', async () => {
    const first = { key: 'each:user', limit: 2, windowMs: HOUR_MS };
    const second = { key: 'each:ip', limit: 5, windowMs: HOUR_MS };
    expect((await h.store.takeEach([first, second])).map((slot) => [slot.allowed, slot.count])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    await h.store.takeEach([first, second]);
    const refused = await h.store.takeEach([first, second]);
    expect(refused.map((slot) => slot.allowed)).toEqual([false]);
    expect(refused[0]?.resetAt).toBe(h.clock.now() + HOUR_MS);
    expect((await h.store.get('each:ip'))?.count).toBe(2);
    expect(await h.store.takeEach([])).toEqual([]);

    // The second refusing: the first was taken all the same, as a loop of takes would have.
    const tight = { key: 'each:tight', limit: 1, windowMs: HOUR_MS };
    await h.store.take(tight.key, tight.limit, tight.windowMs);
    const third = { key: 'each:after', limit: 9, windowMs: HOUR_MS };
    const results = await h.store.takeEach([
      { key: 'each:loose', limit: 9, windowMs: HOUR_MS },
      tight,
      third,
    ]);
    expect(results.map((slot) => slot.allowed)).toEqual([true, false]);
    expect((await h.store.get('each:loose'))?.count).toBe(1);
    expect(await h.store.get('each:after')).toBeNull();

    h.clock.advance(HOUR_MS);
    expect((await h.store.takeEach([first, second])).map((slot) => [slot.allowed, slot.count])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    // A key named twice counts twice.
    const twice = await h.store.takeEach([
      { key: 'each:twice', limit: 3, windowMs: HOUR_MS },
      { key: 'each:twice', limit: 3, windowMs: HOUR_MS },
    ]);
    expect(twice.map((slot) => slot.count)).toEqual([1, 2]);
  });

  it('never lets concurrent callers of takeEach take more than a slot allows', async () => {
    const slots = [
      { key: 'each:race-user', limit: 4, windowMs: HOUR_MS },
      { key: 'each:race-ip', limit: 6, windowMs: HOUR_MS },
    ];
    const results = await Promise.all(Array.from({ length: 12 }, () => h.store.takeEach(slots)));
    expect(results.filter((taken) => taken.every((slot) => slot.allowed))).toHaveLength(4);
    expect((await h.store.get('each:race-ip'))?.count).toBe(4);
  });

  it('keeps separate keys apart', async () => {
    expect((await h.store.take('x:1', 1, 15_000)).allowed).toBe(true);
    expect((await h.store.take('x:2', 1, 15_000)).allowed).toBe(true);
    expect((await h.store.take('x:1', 1, 15_000)).allowed).toBe(false);
  });

  it('counts a run that ends only after a quiet spell', async () => {
    expect((await h.store.increment('fail:a', HOUR_MS)).count).toBe(1);
    h.clock.advance(HOUR_MS - 1);
    expect((await h.store.increment('fail:a', HOUR_MS)).count).toBe(2);
    h.clock.advance(HOUR_MS - 1);
    const third = await h.store.increment('fail:a', HOUR_MS);
    expect(third).toEqual({ count: 3, resetAt: h.clock.now() + HOUR_MS });
    h.clock.advance(HOUR_MS);
    expect(await h.store.get('fail:a')).toBeNull();
    expect((await h.store.increment('fail:a', HOUR_MS)).count).toBe(1);
  });

  it('sets, reads, ends and deletes counters', async () => {
    const until = h.clock.now() + 60_000;
    await h.store.set('cooldown:a', 1, until);
    expect(await h.store.get('cooldown:a')).toEqual({ count: 1, resetAt: until });
    h.clock.advance(60_000);
    expect(await h.store.get('cooldown:a')).toBeNull();

    await h.store.set('cooldown:b', 1, h.clock.now() + 60_000);
    await h.store.delete(['cooldown:b', 'never-was']);
    expect(await h.store.get('cooldown:b')).toBeNull();
    await h.store.delete([]);
  });

  it('purges what has ended and keeps what has not', async () => {
    await h.store.set('old', 1, h.clock.now() + 1_000);
    await h.store.set('new', 1, h.clock.now() + 10_000);
    h.clock.advance(5_000);
    await h.store.purgeExpired();
    expect(await h.store.get('new')).not.toBeNull();
    expect(await h.store.get('old')).toBeNull();
  });
});
