import { describe, expect, it } from 'vitest';
import {
  createFrameBudget,
  createKeyedRate,
  createTokenBucket,
  SOCKET_FRAME_RATES,
  SOCKET_MAX_REFUSED_FRAMES,
} from './socket-limits';

describe('createTokenBucket', () => {
  it('gives the burst at once, then refills at its rate up to the burst', () => {
    const bucket = createTokenBucket({ burst: 3, perMinute: 6 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.take(9_999)).toBe(false);
    expect(bucket.take(10_000)).toBe(true);
    expect(bucket.isFull(10_000)).toBe(false);
    expect(bucket.isFull(10_000 + 30_000)).toBe(true);
    // A day later: still only the burst.
    const later = 86_400_000;
    expect([bucket.take(later), bucket.take(later), bucket.take(later), bucket.take(later)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('refills nothing when the clock steps back', () => {
    const bucket = createTokenBucket({ burst: 1, perMinute: 60 }, 10_000);
    expect(bucket.take(10_000)).toBe(true);
    expect(bucket.take(5_000)).toBe(false);
    expect(bucket.take(10_999)).toBe(false);
    expect(bucket.take(11_000)).toBe(true);
  });
});

describe('createFrameBudget', () => {
  it('rations each kind on its own; the first refusal says slow down, the tenth closes', () => {
    const budget = createFrameBudget(0);
    const resumes = Array.from({ length: SOCKET_FRAME_RATES.resume.burst }, () => budget.admit('resume', 0));
    expect(resumes.every((verdict) => verdict === 'answer')).toBe(true);
    expect(budget.admit('resume', 0)).toBe('slow-down');
    // Another kind still has its own ration.
    expect(budget.admit('ping', 0)).toBe('answer');
    const verdicts = Array.from({ length: SOCKET_MAX_REFUSED_FRAMES - 1 }, () => budget.admit('resume', 0));
    expect(verdicts.slice(0, -1).every((verdict) => verdict === 'drop')).toBe(true);
    expect(verdicts.at(-1)).toBe('close');
  });

  it('answers our client forever: a ping per 25 s, typing per 2 s', () => {
    const budget = createFrameBudget(0);
    const verdicts = new Set<string>();
    for (let now = 0; now < 24 * 3_600_000; now += 2_000) {
      verdicts.add(budget.admit('typing', now));
      if (now % 25_000 < 2_000) verdicts.add(budget.admit('ping', now));
    }
    expect([...verdicts]).toEqual(['answer']);
  });
});

describe('createKeyedRate', () => {
  it('keeps a bucket per key', () => {
    const rate = createKeyedRate({ burst: 2, perMinute: 2 });
    expect([rate.take('a', 0), rate.take('a', 0), rate.take('a', 0)]).toEqual([true, true, false]);
    expect(rate.take('b', 0)).toBe(true);
    expect(rate.take('a', 30_000)).toBe(true);
  });

  it('remembers at most maxKeys, forgetting full buckets first, then the oldest', () => {
    const rate = createKeyedRate({ burst: 1, perMinute: 1 }, 3);
    for (const key of ['a', 'b', 'c']) rate.take(key, 0);
    // None is full again yet: the oldest ('a') goes for 'd'.
    expect(rate.take('d', 0)).toBe(true);
    expect(rate.size).toBe(3);
    expect(rate.take('b', 0)).toBe(false);
    expect(rate.take('a', 0)).toBe(true);
    // A minute later every bucket is full again: all go, and the new one is alone.
    expect(rate.take('e', 60_000)).toBe(true);
    expect(rate.size).toBe(1);
  });
});
