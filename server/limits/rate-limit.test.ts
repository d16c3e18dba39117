/**
 * Rates per customer and per address (ADR 037) over the login limits' store, here identity's table on PGlite
 * (limit-store.test.ts runs the store itself on every backend): the first rule used up refuses with 429,
 * its wait in Russian and Retry-After, and the rules after it are not taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../tests/setup/database';
import { isAppError } from '../errors';
import { createFakeClock, type FakeClock } from '../lib/clock';
import { createPgLimitStore } from '../modules/identity/rate-limits.repository';
import type { LimitStore } from './limit-store';
import { createRateLimiter, formatWait, type RateLimiter } from './rate-limit';

describe('formatWait', () => {
  it('says seconds, minutes or hours, rounding up, never zero', () => {
    expect(
      [
        0, 1, 999, 1000, 14_001, 59_000, 59_001, 60_000, 61_000, 3_599_000, 3_600_000, 3_600_001, 86_400_000,
      ].map(formatWait),
    ).toEqual([
      '1 с',
      '1 с',
      '1 с',
      '1 с',
      '15 с',
      '59 с',
      '1 мин',
      '1 мин',
      '2 мин',
      '60 мин',
      '1 ч',
      '2 ч',
      '24 ч',
    ]);
  });
});

describe('createRateLimiter', () => {
  let db: TestDatabase;
  let clock: FakeClock;
  let store: LimitStore;
  let rates: RateLimiter;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    clock = createFakeClock();
    store = createPgLimitStore(db.db, clock);
    rates = createRateLimiter(store, clock);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const rule = (key: string, limit: number) => ({ key, limit, windowMs: 60_000, message: 'Подождите' });

  async function refusal(work: Promise<void>) {
    try {
      await work;
    } catch (error) {
      if (isAppError(error)) return error;
      throw error;
    }
    return undefined;
  }

  it('takes every rule while each has room; the first used up refuses and the later ones are left alone', async () => {
    const rules = [rule('user:anna', 2), rule('ip:10', 5)];
    await rates.take(rules);
    clock.advance(15_000);
    await rates.take(rules);
    const refused = await refusal(rates.take(rules));
    expect(refused?.code).toBe('too_many_requests');
    expect(refused?.status).toBe(429);
    expect(refused?.message).toBe('Подождите 45 с');
    expect(refused?.retryAfterS).toBe(45);
    // The address's counter holds the two that passed, not the refused one.
    expect((await store.get('ip:10'))?.count).toBe(2);

    clock.advance(45_000);
    expect(await refusal(rates.take(rules))).toBeUndefined();
  });

  it('takes nothing for no rules (rates turned off)', async () => {
    for (let index = 0; index < 100; index += 1) await rates.take([]);
    expect(await store.get('user:none')).toBeNull();
  });
});
