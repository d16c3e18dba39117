/**
 * A fixed-window request counter per key, in this process's memory: for reads that are cheap for us but may
 * cost an upstream service per call (the geocoder's suggestions, ADR 038). Each process counts its own, so N
 * processes allow N times the limit; the login limits, which must hold across processes, use the LimitStore.
 * The number of keys is capped: past it, windows that have ended are dropped, then the oldest.
 */
export type RateWindow = {
  /** Counts one hit for `key`: allowed, or refused with the seconds until its window ends. */
  take(key: string): { allowed: true } | { allowed: false; retryAfterS: number };
};

export function createRateWindow(options: {
  limit: number;
  windowMs: number;
  now: () => number;
  maxKeys?: number;
}): RateWindow {
  const maxKeys = options.maxKeys ?? 50_000;
  const windows = new Map<string, { count: number; endsAt: number }>();

  function makeRoom(now: number): void {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    // Maps iterate in insertion order: the oldest windows go first.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    take(key) {
      const now = options.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (window) windows.delete(key);
        else if (windows.size >= maxKeys) makeRoom(now);
        window = { count: 0, endsAt: now + options.windowMs };
        windows.set(key, window);
      }
      if (window.count >= options.limit) {
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
      }
      window.count += 1;
      return { allowed: true };
    },
  };
}
