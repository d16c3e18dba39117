import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock';

/** A socket counts as present this long after its last refresh (refreshed for every local socket on the ping interval). */
export const PRESENCE_TTL_MS = 60_000;
/** How often a process with sockets tells Redis it is alive: one pipeline per process per beat. */
export const PRESENCE_HEARTBEAT_MS = 2_000;
/**
 * A process that has not beaten for this long is gone (killed, frozen, cut off from Redis): its sockets stop
 * counting, so pushes go out again within seconds instead of after PRESENCE_TTL_MS (issue 21, item 12).
 */
export const PRESENCE_PROCESS_TTL_MS = 6_000;
/** A dead process's beat is forgotten after this long (the processes' set stays small). */
const PROCESS_FORGET_MS = 60 * 60 * 1000;

/**
 * Who has an open socket anywhere (push is sent only to those who have none), and who is typing where.
 * In memory for one process; in Redis, with TTLs and a heartbeat per process, for several (docs/decisions/027,
 * 035).
 */
export interface Presence {
  connected(userId: string, connectionId: string): Promise<void>;
  /** Keeps the connections alive (called for every local socket on the ping interval). */
  refresh(entries: readonly { userId: string; connectionId: string }[]): Promise<void>;
  disconnected(userId: string, connectionId: string): Promise<void>;
  isOnline(userId: string): Promise<boolean>;
  /** This process is alive: its sockets keep counting (called every PRESENCE_HEARTBEAT_MS). */
  heartbeat(): Promise<void>;
  /** This process is going away (a graceful shutdown): none of its sockets count from now on. */
  leave(): Promise<void>;
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
    // One process: when it dies, so does what it knew.
    async heartbeat() {},
    async leave() {},
    async setTyping(conversationId, author, ttlMs) {
      typing.set(`${conversationId}:${author}`, clock.now() + ttlMs);
    },
    async isTyping(conversationId, author) {
      return (typing.get(`${conversationId}:${author}`) ?? 0) > clock.now();
    },
  };
}

/**
 * Presence in Redis: a sorted set per user (`<process>:<connection>` → expiry time) and one sorted set of the
 * processes (process → time of its last beat). A socket counts while its own entry is unexpired and its
 * process beat within PRESENCE_PROCESS_TTL_MS. Typing: keys that expire.
 */
export function createRedisPresence(
  client: Redis,
  prefix: string,
  clock: Clock,
  processId: string = randomUUID(),
): Presence {
  const userKey = (userId: string) => `${prefix}presence:${userId}`;
  const processesKey = `${prefix}presence-processes`;
  const typingKey = (conversationId: string, author: string) => `${prefix}typing:${conversationId}:${author}`;
  const member = (connectionId: string) => `${processId}:${connectionId}`;
  const beat = (pipeline: ReturnType<Redis['pipeline']>) => {
    const now = clock.now();
    return pipeline
      .zadd(processesKey, now, processId)
      .zremrangebyscore(processesKey, '-inf', now - PROCESS_FORGET_MS);
  };
  return {
    async connected(userId, connectionId) {
      // Its process beats with it: a socket never counts for a process Redis has not heard from.
      await beat(client.multi())
        .zadd(userKey(userId), clock.now() + PRESENCE_TTL_MS, member(connectionId))
        .pexpire(userKey(userId), PRESENCE_TTL_MS)
        .exec();
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      const expiry = clock.now() + PRESENCE_TTL_MS;
      const pipeline = client.pipeline();
      for (const { userId, connectionId } of entries) {
        pipeline
          .zadd(userKey(userId), expiry, member(connectionId))
          .pexpire(userKey(userId), PRESENCE_TTL_MS);
      }
      await pipeline.exec();
    },
    async disconnected(userId, connectionId) {
      await client.zrem(userKey(userId), member(connectionId));
    },
    async isOnline(userId) {
      const now = clock.now();
      const members = await client.zrangebyscore(userKey(userId), now, '+inf');
      const processes = [...new Set(members.map((entry) => entry.slice(0, entry.indexOf(':'))))];
      if (processes.length === 0) return false;
      const pipeline = client.pipeline();
      for (const process of processes) pipeline.zscore(processesKey, process);
      const beats = (await pipeline.exec()) ?? [];
      return beats.some(([error, beatAt]) => !error && Number(beatAt) > now - PRESENCE_PROCESS_TTL_MS);
    },
    async heartbeat() {
      await beat(client.pipeline()).exec();
    },
    async leave() {
      await client.zrem(processesKey, processId);
    },
    async setTyping(conversationId, author, ttlMs) {
      await client.set(typingKey(conversationId, author), '1', 'PX', ttlMs);
    },
    async isTyping(conversationId, author) {
      return (await client.exists(typingKey(conversationId, author))) === 1;
    },
  };
}
