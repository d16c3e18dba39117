import type { Envelope, MessageBus } from './bus';

/** One process: envelopes go to this process's listeners, after the publisher's own work (a microtask). */
export function createMemoryBus(): MessageBus {
  const listeners = new Set<(envelope: Envelope) => void>();
  return {
    async publish(envelope) {
      queueMicrotask(() => {
        for (const listener of listeners) listener(envelope);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
