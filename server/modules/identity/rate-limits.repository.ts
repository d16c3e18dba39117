import { and, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/index';
import { namedRows } from '../../db/statements';
import type { Clock } from '../../lib/clock';
import type { Counter, LimitStore, Slot, TakeResult } from '../../limits/limit-store';

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function toCounter(row: { count: number; resetAt: Date }): Counter {
  return { count: row.count, resetAt: row.resetAt.getTime() };
}

const TakenRow = z.object({
  place: z.coerce.number(),
  count: z.coerce.number(),
  reset_at: z.coerce.date(),
});

/**
 * `take` of each slot in one statement: each slot's upsert is a CTE that runs only while the one before it
 * stayed within its limit (`count <= limit`), so the first refused leaves the later ones untouched. One text
 * per number of slots, named and built once: slot i's values are the placeholders `key{i}`, `limit{i}`,
 * `cap{i}` (limit + 1) and `resetAt{i}`, and `now` (see takeEachValues).
 */
function takeEachStatement(count: number): SQL {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const slot = (name: string, index: number) => sql.placeholder(`${name}${index}`);
  const steps = Array.from({ length: count }, (_, index) => {
    const before =
      index === 0
        ? sql``
        : sql` where (select count from t${sql.raw(String(index - 1))}) <= ${slot('limit', index - 1)}::int`;
    return sql`t${sql.raw(String(index))} as (
        insert into ${rateLimits} (key, count, reset_at)
        select ${slot('key', index)}::text, 1, ${slot('resetAt', index)}::timestamptz${before}
        on conflict (key) do update set
          count = case when ${rateLimits.resetAt} <= ${now} then 1
            else least(${rateLimits.count} + 1, ${slot('cap', index)}::int) end,
          reset_at = case when ${rateLimits.resetAt} <= ${now} then excluded.reset_at
            else ${rateLimits.resetAt} end
        returning count, reset_at
      )`;
  });
  const answers = Array.from(
    { length: count },
    (_slot, index) =>
      sql`select ${sql.raw(String(index))} as place, count, reset_at from t${sql.raw(String(index))}`,
  );
  return sql`with ${sql.join(steps, sql`, `)} ${sql.join(answers, sql` union all `)}`;
}

/** The values of takeEachStatement's placeholders. */
function takeEachValues(slots: readonly Slot[], now: number): Record<string, unknown> {
  const values: Record<string, unknown> = { now: new Date(now).toISOString() };
  slots.forEach((slot, index) => {
    values[`key${index}`] = slot.key;
    values[`limit${index}`] = slot.limit;
    values[`cap${index}`] = slot.limit + 1;
    values[`resetAt${index}`] = new Date(now + slot.windowMs).toISOString();
  });
  return values;
}

/** `takeEach` as a loop of `take`s, one round trip each. */
async function takeOneByOne(store: Pick<LimitStore, 'take'>, slots: readonly Slot[]) {
  const results: TakeResult[] = [];
  for (const slot of slots) {
    const result = await store.take(slot.key, slot.limit, slot.windowMs);
    results.push(result);
    if (!result.allowed) break;
  }
  return results;
}

/**
 * The login limits' counters in identity's own rate_limits table (without REDIS_URL): every operation is one
 * upsert, atomic under concurrency. The Redis store (server/limits/redis-limit-store.ts) keeps no table.
 */
export function createPgLimitStore(db: Db, clock: Clock): LimitStore {
  const store: LimitStore = {
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

    async takeEach(slots) {
      if (slots.length === 0) return [];
      // One statement may not change a row twice: a key named twice is taken one slot at a time.
      if (new Set(slots.map((slot) => slot.key)).size < slots.length) return takeOneByOne(store, slots);
      const rows = await namedRows(
        db,
        `rate_take_each_${slots.length}`,
        TakenRow,
        () => takeEachStatement(slots.length),
        takeEachValues(slots, clock.now()),
      );
      return rows
        .sort((a, b) => a.place - b.place)
        .map((row, index) => ({
          count: row.count,
          resetAt: row.reset_at.getTime(),
          allowed: row.count <= (slots[index]?.limit ?? 0),
        }));
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
  return store;
}
