import { describe, expect, it } from 'vitest';
import { copyrightYear } from './site-footer';

describe('copyrightYear', () => {
  it('is this year, not the spec’s fixed 2024 (issue 21)', () => {
    expect(copyrightYear(new Date(Date.UTC(2026, 10, 27, 12)))).toBe(2026);
  });

  it('turns over at midnight in Moscow, where the shop is', () => {
    // 31 December 2026, 21:30 UTC: already 00:30 on 1 January 2027 in Moscow (UTC+3).
    expect(copyrightYear(new Date(Date.UTC(2026, 11, 31, 21, 30)))).toBe(2027);
    expect(copyrightYear(new Date(Date.UTC(2026, 11, 31, 20, 30)))).toBe(2026);
  });
});
