import { describe, expect, it } from 'vitest';
import { createRateWindow } from './rate-window';

describe('rate window', () => {
  it('allows `limit` hits per key in a window, then says how long to wait', () => {
    let now = 1_000_000;
    const window = createRateWindow({ limit: 2, windowMs: 60_000, now: () => now });
    expect(window.take('a')).toEqual({ allowed: true });
    expect(window.take('a')).toEqual({ allowed: true });
    expect(window.take('b')).toEqual({ allowed: true });
    expect(window.take('a')).toEqual({ allowed: false, retryAfterS: 60 });
    now += 59_500;
    expect(window.take('a')).toEqual({ allowed: false, retryAfterS: 1 });
    now += 500;
    expect(window.take('a')).toEqual({ allowed: true });
  });

  it('keeps at most maxKeys keys, dropping ended windows, then the oldest', () => {
    let now = 0;
    const window = createRateWindow({ limit: 1, windowMs: 1000, now: () => now, maxKeys: 2 });
    window.take('a');
    window.take('b');
    window.take('c'); // 'a' goes: the oldest
    expect(window.take('b').allowed).toBe(false);
    expect(window.take('a').allowed).toBe(true); // forgotten, so counted afresh ('b' goes now)
    now = 5000;
    expect(window.take('c').allowed).toBe(true);
  });
});
