import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock';

/** A socket counts as present this long after its last refresh (refreshed with every client ping). */
export const PRESENCE_TTL_MS = 60_000;

/**
 * Who has an open socket anywhere (push is sent only to those who have none), and who is typing where.
 * In memory for one process; in Redis, with TTLs, for several (docs/decisions/025).
 */
export interface Presence {
  connected(userId: string, connectionId: string): Promise<void>;
  /** Keeps the connections alive (called for every local socket on the ping interval). */
  refresh(entries: readonly { userId: string; connectionId: string }[]): Promise<void>;
  disconnected(userId: string, connectionId: string): Promise<void>;
  isOnline(userId: string): Promise<boolean>;
  setTyping(conversationId: string, author: string, ttlMs: number): Promise<void>;
  isTyping(conversationId: string, author: string): Promise<boolean>;
}

export function createMemoryPresence(clock: Clock): Presence {
  const online = new Map<string, Set<string>>();
  const typing = new Map<string, number>();
  return {
    async connected(userId, connectionId) {
      const set = online.get(userId) ?? new Set();
      set.add(connectionId);
      online.set(userId, set);
    },
    async refresh() {},
    async disconnected(userId, connectionId) {
      const set = online.get(userId);
      set?.delete(connectionId);
      if (set?.size === 0) online.delete(userId);
    },
    async isOnline(userId) {
      return (online.get(userId)?.size ?? 0) > 0;
    },
    async setTyping(conversationId, author, ttlMs) {
      typing.set(`${conversationId}:${author}`, clock.now() + ttlMs);
    },
    async isTyping(conversationId, author) {
      return (typing.get(`${conversationId}:${author}`) ?? 0) > clock.now();
    },
  };
}

/** Presence in Redis: a sorted set per user (connection id → expiry time), typing as keys that expire. */
export function createRedisPresence(client: Redis, prefix: string, clock: Clock): Presence {
  const userKey = (userId: string) => `${prefix}presence:${userId}`;
  const typingKey = (conversationId: string, author: string) => `${prefix}typing:${conversationId}:${author}`;
  return {
    async connected(userId, connectionId) {
      await client
        .multi()
        .zadd(userKey(userId), clock.now() + PRESENCE_TTL_MS, connectionId)
        .pexpire(userKey(userId), PRESENCE_TTL_MS)
        .exec();
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      const expiry = clock.now() + PRESENCE_TTL_MS;
      const pipeline = client.pipeline();
      for (const { userId, connectionId } of entries) {
        pipeline.zadd(userKey(userId), expiry, connectionId).pexpire(userKey(userId), PRESENCE_TTL_MS);
      }
      await pipeline.exec();
    },
    async disconnected(userId, connectionId) {
      await client.zrem(userKey(userId), connectionId);
    },
    async isOnline(userId) {
      return (await client.zcount(userKey(userId), clock.now(), '+inf')) > 0;
    },
    async setTyping(conversationId, author, ttlMs) {
      await client.set(typingKey(conversationId, author), '1', 'PX', ttlMs);
    },
    async isTyping(conversationId, author) {
      return (await client.exists(typingKey(conversationId, author))) === 1;
    },
  };
}
