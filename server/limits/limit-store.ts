/**
 * Counters behind the login limits (sends per phone and per IP, consecutive failures, cooldowns). They must
 * hold across processes and restarts, so they live in PostgreSQL, or in Redis when REDIS_URL is set. Time
 * comes from the injected clock, never from the store, so tests move it by hand.
 */
export type Counter = {
  count: number;
  /** When the counter ends (ms since the epoch). */
  resetAt: number;
};

export type TakeResult = Counter & { allowed: boolean };

/** One window of `takeEach`: as `take`'s arguments. */
export type Slot = { key: string; limit: number; windowMs: number };

export type LimitStore = {
  readonly kind: 'postgres' | 'redis';
  /**
   * A fixed window that opens at the first hit and lasts windowMs: adds one unless `limit` hits were already
   * taken in it. Atomic: concurrent callers never take more than `limit` between them.
   */
  take(key: string, limit: number, windowMs: number): Promise<TakeResult>;
  /**
   * `take` for each slot in order, in one round trip, stopping at the first refused: the answer holds a result
   * for each slot up to and including that one, and the later slots are left as they were.
   */
  takeEach(slots: readonly Slot[]): Promise<TakeResult[]>;
  /** Gives back a slot taken with `take(key, limit, …)` in the current window (its attempt succeeded). */
  release(key: string, limit: number): Promise<void>;
  /** Adds one; the counter then lives ttlMs from now (a run of failures that ends after a quiet spell). */
  increment(key: string, ttlMs: number): Promise<Counter>;
  /** Sets a counter outright until resetAt (a cooldown). */
  set(key: string, count: number, resetAt: number): Promise<void>;
  /** The live counter, or null when there is none or it has ended. */
  get(key: string): Promise<Counter | null>;
  delete(keys: readonly string[]): Promise<void>;
  /** Drops ended counters (PostgreSQL; Redis expires them itself). */
  purgeExpired(): Promise<void>;
};
