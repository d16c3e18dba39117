import type { SocketEvent } from '@core/contracts/realtime';
import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock';
import type { Audience, MessageBus } from './bus';
import { createMemoryBus } from './memory-bus';
import { createMemoryPresence, createRedisPresence, type Presence } from './presence';
import { createRedisBus } from './redis-bus';

/**
 * What services use to reach sockets: publish an event to an audience (on every process), ask whether a user
 * has a socket open anywhere, and note typing. Built once per process (server/app.ts).
 */
export type Realtime = {
  bus: MessageBus;
  presence: Presence;
  publish(to: Audience, event: SocketEvent): Promise<void>;
  close(): Promise<void>;
};

export function createRealtime(options: {
  clock: Clock;
  redis?: Redis;
  prefix?: string;
  onError?: (error: unknown) => void;
}): Realtime {
  const prefix = options.prefix ?? 'fresh:';
  const bus = options.redis ? createRedisBus(options.redis, prefix, options.onError) : createMemoryBus();
  const presence = options.redis
    ? createRedisPresence(options.redis, prefix, options.clock)
    : createMemoryPresence(options.clock);
  return {
    bus,
    presence,
    publish: (to, event) => bus.publish({ kind: 'event', to, event }),
    close: () => bus.close(),
  };
}
