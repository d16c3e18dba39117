import { describe, expect, it } from 'vitest';
import { BADGE_CAP, formatBadge } from './badge';

describe('formatBadge', () => {
  it('shows nothing for an empty counter', () => {
    expect(formatBadge(0)).toBeNull();
  });

  it('shows the count from 1 to the cap', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(5)).toBe('5');
    expect(formatBadge(BADGE_CAP)).toBe('9');
  });

  it('caps at 9 and shows 9+ above it', () => {
    expect(formatBadge(10)).toBe('9+');
    expect(formatBadge(250)).toBe('9+');
  });

  it('ignores negative, fractional below one and non-finite counts', () => {
    expect(formatBadge(-3)).toBeNull();
    expect(formatBadge(0.5)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
    expect(formatBadge(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('rounds a fractional count down', () => {
    expect(formatBadge(2.7)).toBe('2');
    expect(formatBadge(9.5)).toBe('9');
  });
});
