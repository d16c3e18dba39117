/**
 * What one socket, one user and one address may do on /ws (docs/decisions/035), as pure rules over a time the
 * caller passes in. Our browser client stays far inside every limit (a ping per 25 s, one resume per
 * connection, typing at most every 2 s); the limits exist for clients that are not ours.
 */

/** A token bucket's size and refill: `burst` at once, then `perMinute` on average. */
export type Rate = { burst: number; perMinute: number };

export type TokenBucket = {
  /** Takes a token at `nowMs`; false (and nothing taken) when none is left. */
  take(nowMs: number): boolean;
  /** Whether it is full again at `nowMs` (a full bucket can be forgotten: a new one is the same). */
  isFull(nowMs: number): boolean;
};

export function createTokenBucket(rate: Rate, nowMs: number): TokenBucket {
  let tokens = rate.burst;
  let at = nowMs;
  const refill = (now: number) => {
    // A clock that steps back refills nothing (and does not take tokens away).
    if (now <= at) return;
    tokens = Math.min(rate.burst, tokens + ((now - at) * rate.perMinute) / 60_000);
    at = now;
  };
  return {
    take(now) {
      refill(now);
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    isFull(now) {
      refill(now);
      return tokens >= rate.burst;
    },
  };
}

/** What a client's frame is, for its ration: each kind has its own. */
export type SocketFrameKind = 'ping' | 'resume' | 'typing' | 'invalid';

export const SOCKET_FRAME_RATES: Readonly<Record<SocketFrameKind, Rate>> = {
  // Our client pings every 25 s: 2.4 a minute.
  ping: { burst: 5, perMinute: 12 },
  // One per connection; each reads the database (catch-up and badges).
  resume: { burst: 3, perMinute: 6 },
  // The chat sends one at most every 2 s while the user types: 30 a minute.
  typing: { burst: 5, perMinute: 60 },
  // Not a message of the protocol (our client never sends one): each is answered with an error.
  invalid: { burst: 3, perMinute: 6 },
};

/** Frames of one socket refused (over their ration) before it is closed (4029). */
export const SOCKET_MAX_REFUSED_FRAMES = 10;
/**
 * Bytes queued for one socket beyond what the kernel took: a client that reads slower than it is written to
 * (or not at all) is cut off at this, instead of the server holding its events in memory. A catch-up of 200
 * notifications and 200 long chat messages is under 1 MiB.
 */
export const SOCKET_MAX_BUFFERED_BYTES = 1024 * 1024;
/** Open sockets of one user on one process: tabs, with room to spare. One more is refused (429). */
export const SOCKET_MAX_PER_USER = 16;
/**
 * New sockets (upgrades) of one user per process: a reload per 2 s on average. (Per address, the connection
 * cap of docs/decisions/022 holds: at most MAX_CONNECTIONS_PER_IP sockets open at once.)
 */
export const SOCKET_UPGRADE_RATE_PER_USER: Rate = { burst: 30, perMinute: 30 };

/**
 * What the server does with a frame: answer it; refuse it and say so (the first refusal: an `error` with
 * SOCKET_SLOW_DOWN_MESSAGE); refuse it silently; or close the socket (4029).
 */
export type FrameVerdict = 'answer' | 'slow-down' | 'drop' | 'close';

export type FrameBudget = {
  /** The verdict on a frame of `kind` arriving at `nowMs`. */
  admit(kind: SocketFrameKind, nowMs: number): FrameVerdict;
};

/**
 * One socket's rations: a bucket per kind of frame, and the count of refusals (never forgiven: our client is
 * never refused, so a socket that is has a client that is not ours).
 */
export function createFrameBudget(
  nowMs: number,
  {
    rates = SOCKET_FRAME_RATES,
    maxRefused = SOCKET_MAX_REFUSED_FRAMES,
  }: { rates?: Readonly<Record<SocketFrameKind, Rate>>; maxRefused?: number } = {},
): FrameBudget {
  const buckets = new Map<SocketFrameKind, TokenBucket>();
  let refused = 0;
  return {
    admit(kind, now) {
      let bucket = buckets.get(kind);
      if (!bucket) {
        bucket = createTokenBucket(rates[kind], nowMs);
        buckets.set(kind, bucket);
      }
      if (bucket.take(now)) return 'answer';
      refused += 1;
      if (refused >= maxRefused) return 'close';
      return refused === 1 ? 'slow-down' : 'drop';
    },
  };
}

/** Buckets by key (a user, an address), at most `maxKeys` of them remembered. */
export type KeyedRate = {
  take(key: string, nowMs: number): boolean;
  readonly size: number;
};

export function createKeyedRate(rate: Rate, maxKeys = 10_000): KeyedRate {
  const buckets = new Map<string, TokenBucket>();
  return {
    take(key, now) {
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxKeys) {
          // Full buckets are as good as none; if every one is in use, the oldest goes (memory stays bounded).
          for (const [other, held] of buckets) if (held.isFull(now)) buckets.delete(other);
          const oldest = buckets.keys().next();
          if (buckets.size >= maxKeys && !oldest.done) buckets.delete(oldest.value);
        }
        bucket = createTokenBucket(rate, now);
        buckets.set(key, bucket);
      }
      return bucket.take(now);
    },
    get size() {
      return buckets.size;
    },
  };
}
