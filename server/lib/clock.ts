/** Time as the services see it: the real clock in the server, a fake one that tests move by hand. */
export type Clock = {
  /** Milliseconds since the epoch. */
  now(): number;
};

export const systemClock: Clock = { now: () => Date.now() };

export type FakeClock = Clock & {
  advance(ms: number): void;
  set(ms: number): void;
};

/** A clock that stands still until told to move (cooldowns and expiry in tests without waiting). */
export function createFakeClock(startMs = Date.UTC(2026, 0, 15, 9, 0, 0)): FakeClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
