import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock';
import type { Counter, LimitStore } from './limit-store';

/**
 * Each counter is a hash {count, reset}. The end time is compared with the injected clock inside the script,
 * so a test's fake clock decides; Redis's own expiry only collects the garbage.
 */
const TAKE = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
if count == nil or reset == nil or reset <= now then
  count = 0
  reset = now + window
end
if count >= limit then
  return {0, count, tostring(reset)}
end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'reset', tostring(reset))
redis.call('PEXPIRE', KEYS[1], math.max(reset - now, 1))
return {1, count, tostring(reset)}
`;

/** TAKE for each key in order (ARGV: now, then window and limit per key), stopping at the first refused. */
const TAKE_EACH = `
local now = tonumber(ARGV[1])
local results = {}
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[i * 2])
  local limit = tonumber(ARGV[i * 2 + 1])
  local count = tonumber(redis.call('HGET', key, 'count'))
  local reset = tonumber(redis.call('HGET', key, 'reset'))
  if count == nil or reset == nil or reset <= now then
    count = 0
    reset = now + window
  end
  if count >= limit then
    table.insert(results, {0, count, tostring(reset)})
    return results
  end
  count = count + 1
  redis.call('HSET', key, 'count', count, 'reset', tostring(reset))
  redis.call('PEXPIRE', key, math.max(reset - now, 1))
  table.insert(results, {1, count, tostring(reset)})
end
return results
`;

const RELEASE = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset'))
if count ~= nil and reset ~= nil and reset > tonumber(ARGV[1]) and count > 0 then
  redis.call('HSET', KEYS[1], 'count', count - 1)
end
return 0
`;

const INCREMENT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset'))
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
if count == nil or reset == nil or reset <= now then
  count = 0
end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'reset', tostring(now + ttl))
redis.call('PEXPIRE', KEYS[1], math.max(ttl, 1))
return {count, tostring(now + ttl)}
`;

export function createRedisLimitStore(client: Redis, clock: Clock, keyPrefix: string): LimitStore {
  const k = (key: string) => `${keyPrefix}limits:${key}`;

  return {
    kind: 'redis',

    async take(key, limit, windowMs) {
      const [allowed, count, reset] = (await client.eval(TAKE, 1, k(key), clock.now(), windowMs, limit)) as [
        number,
        number,
        string,
      ];
      return { allowed: allowed === 1, count, resetAt: Number(reset) };
    },

    async takeEach(slots) {
      if (slots.length === 0) return [];
      const results = (await client.eval(
        TAKE_EACH,
        slots.length,
        ...slots.map((slot) => k(slot.key)),
        clock.now(),
        ...slots.flatMap((slot) => [slot.windowMs, slot.limit]),
      )) as [number, number, string][];
      return results.map(([allowed, count, reset]) => ({
        allowed: allowed === 1,
        count,
        resetAt: Number(reset),
      }));
    },

    async release(key, _limit) {
      await client.eval(RELEASE, 1, k(key), clock.now());
    },

    async increment(key, ttlMs) {
      const [count, reset] = (await client.eval(INCREMENT, 1, k(key), clock.now(), ttlMs)) as [
        number,
        string,
      ];
      return { count, resetAt: Number(reset) };
    },

    async set(key, count, resetAt) {
      const ttl = Math.max(resetAt - clock.now(), 1);
      await client.multi().hset(k(key), 'count', count, 'reset', String(resetAt)).pexpire(k(key), ttl).exec();
    },

    async get(key): Promise<Counter | null> {
      const [count, reset] = await client.hmget(k(key), 'count', 'reset');
      if (count === null || reset === null) return null;
      const counter = { count: Number(count), resetAt: Number(reset) };
      return counter.resetAt > clock.now() ? counter : null;
    },

    async delete(keys) {
      if (keys.length > 0) await client.del(...keys.map(k));
    },

    async purgeExpired() {},
  };
}
