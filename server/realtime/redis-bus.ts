import type { Redis } from 'ioredis';
import type { Envelope, MessageBus } from './bus';

/**
 * Several processes: one Redis pub/sub channel per deployment (the key prefix). Every process receives every
 * envelope and delivers it to its own sockets; the subscriber needs a connection of its own (a subscribed
 * Redis connection can do nothing else).
 */
export function createRedisBus(
  client: Redis,
  prefix: string,
  onError: (error: unknown) => void = () => {},
): MessageBus {
  const channel = `${prefix}ws`;
  // ioredis's own resubscription after a reconnect is a command whose failure nobody can catch: closed while
  // it waits (a shutdown or a test's end during a Redis outage), it was an unhandled rejection ('Connection is
  // closed.'). The bus subscribes again itself, on every 'ready' after the first, with its error handled.
  const subscriber = client.duplicate({
    lazyConnect: false,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  subscriber.on('error', onError);
  const listeners = new Set<(envelope: Envelope) => void>();
  const ready = subscriber.subscribe(channel).catch(onError);
  let readyCount = 0;
  subscriber.on('ready', () => {
    readyCount += 1;
    if (readyCount > 1) subscriber.subscribe(channel).catch(onError);
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of listeners) listener(envelope);
  });
  return {
    async publish(envelope) {
      await client.publish(channel, JSON.stringify(envelope));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      // A subscriber has nothing to flush; with Redis away, waiting for a polite QUIT would wait forever.
      subscriber.disconnect();
    },
    /** Resolves once the subscription is live (tests wait for it before publishing from elsewhere). */
    get ready() {
      return ready.then(() => undefined);
    },
  } as MessageBus & { ready: Promise<void> };
}
