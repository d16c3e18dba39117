import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { Counter, LimitStore } from '../../limits/limit-store';

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function toCounter(row: { count: number; resetAt: Date }): Counter {
  return { count: row.count, resetAt: row.resetAt.getTime() };
}

/**
 * The login limits' counters in identity's own rate_limits table (without REDIS_URL): every operation is one
 * upsert, atomic under concurrency. The Redis store (server/limits/redis-limit-store.ts) keeps no table.
 */
export function createPgLimitStore(db: Db, clock: Clock): LimitStore {
  return {
    kind: 'postgres',

    async take(key, limit, windowMs) {
      const now = clock.now();
      const isOver = sql`${rateLimits.resetAt} <= ${at(now)}`;
      // The count stops at limit + 1, so "count <= limit" tells whether this call got a slot.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(now + windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${isOver} then 1 else least(${rateLimits.count} + 1, ${limit + 1}::int) end`,
            resetAt: sql`case when ${isOver} then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error(`rate limit upsert returned nothing for ${key}`);
      return { ...toCounter(row), allowed: row.count <= limit };
    },

    async release(key, limit) {
      // A refused take leaves the count at limit + 1: the slots in use are at most limit.
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(least(${rateLimits.count}, ${limit}::int) - 1, 0)` })
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(clock.now()))));
    },

    async increment(key, ttlMs) {
      const now = clock.now();
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(now + ttlMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${at(now)} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`excluded.reset_at`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error(`rate limit upsert returned nothing for ${key}`);
      return toCounter(row);
    },

    async set(key, count, resetAt) {
      await db
        .insert(rateLimits)
        .values({ key, count, resetAt: new Date(resetAt) })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt: new Date(resetAt) } });
    },

    async get(key) {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(clock.now()))));
      return row ? toCounter(row) : null;
    },

    async delete(keys) {
      if (keys.length === 0) return;
      await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
    },

    async purgeExpired() {
      await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date(clock.now())));
    },
  };
}
