import type { SocketEvent } from '@core/contracts/realtime';

/**
 * Whose sockets an event goes to: some users (all their tabs, on every process), or operators. With
 * `storeIds`, the operators of every shop and those of any of these shops (a conversation is seen by the
 * operators of the shops its customer ordered from, ADR 034); without, every operator.
 */
export type Audience = { users: readonly string[] } | { role: 'operator'; storeIds?: readonly string[] };

/** Whether an operator of these shops (null: every shop) is in the audience of an event for operators. */
export function isOperatorAudience(
  operatorStoreIds: readonly string[] | null,
  to: { storeIds?: readonly string[] },
): boolean {
  if (operatorStoreIds === null || to.storeIds === undefined) return true;
  const wanted = to.storeIds;
  return operatorStoreIds.some((storeId) => wanted.includes(storeId));
}

/**
 * What travels between processes: an event for an audience, a session that ended (its sockets close), or a
 * catalogue that changed outside the processes' own requests (an import: each process drops its cached copies).
 */
export type Envelope =
  | { kind: 'event'; to: Audience; event: SocketEvent }
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'catalogue-changed' };

/**
 * Fan-out between the app's processes (docs/decisions/027). Every process subscribes and delivers each
 * envelope to its own sockets of that audience; publishing never waits for delivery.
 */
export interface MessageBus {
  publish(envelope: Envelope): Promise<void>;
  subscribe(listener: (envelope: Envelope) => void): () => void;
  close(): Promise<void>;
}
