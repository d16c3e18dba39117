import type { SocketEvent } from '@core/contracts/realtime';

/** Whose sockets an event goes to: some users (all their tabs, on every process), or every operator. */
export type Audience = { users: readonly string[] } | { role: 'operator' };

/** What travels between processes: an event for an audience, or a session that ended (its sockets close). */
export type Envelope =
  | { kind: 'event'; to: Audience; event: SocketEvent }
  | { kind: 'session-ended'; sessionId: string };

/**
 * Fan-out between the app's processes (docs/decisions/025). Every process subscribes and delivers each
 * envelope to its own sockets of that audience; publishing never waits for delivery.
 */
export interface MessageBus {
  publish(envelope: Envelope): Promise<void>;
  subscribe(listener: (envelope: Envelope) => void): () => void;
  close(): Promise<void>;
}
