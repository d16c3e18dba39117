import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './chat';

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelayMs(attempt, 0))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('takes up to a fifth off with jitter, and clamps odd inputs', () => {
    expect(reconnectDelayMs(0, 1)).toBe(800);
    expect(reconnectDelayMs(2, 0.5)).toBe(3600);
    expect(reconnectDelayMs(2, 7)).toBe(3200);
    expect(reconnectDelayMs(2, -1)).toBe(4000);
    expect(reconnectDelayMs(-3, 0)).toBe(1000);
  });
});
