import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, MONTHS_GENITIVE, toIsoDuration } from './date';

const NBSP = '\u00a0';

describe('formatDate', () => {
  it('writes the day, the month in the genitive and the year', () => {
    expect(formatDate('2026-03-12T09:00:00Z')).toBe(`12${NBSP}марта 2026`);
    expect(formatDate(new Date('2025-01-01T12:00:00Z'))).toBe(`1${NBSP}января 2025`);
    expect(formatDate(Date.UTC(2024, 11, 31, 12))).toBe(`31${NBSP}декабря 2024`);
  });

  it('names every month in the genitive', () => {
    const names = Array.from(
      { length: 12 },
      (_, month) =>
        formatDate(Date.UTC(2026, month, 15, 12))
          .split(' ')[0]
          ?.split(NBSP)[1],
    );
    expect(names).toEqual([...MONTHS_GENITIVE]);
    expect(names).toContain('мая');
  });

  it('counts the day in Moscow time, whatever the machine zone', () => {
    // 22:30 UTC on 31 December is already 1:30 on 1 January in Moscow.
    expect(formatDate('2025-12-31T22:30:00Z')).toBe(`1${NBSP}января 2026`);
    expect(formatDate('2025-12-31T20:59:00Z')).toBe(`31${NBSP}декабря 2025`);
    expect(formatDate('2025-12-31T22:30:00Z', 0)).toBe(`31${NBSP}декабря 2025`);
  });

  it('answers an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('formatDuration', () => {
  it('writes minutes below an hour, hours and minutes above', () => {
    expect(formatDuration(30)).toBe(`30${NBSP}мин`);
    expect(formatDuration(60)).toBe(`1${NBSP}ч`);
    expect(formatDuration(90)).toBe(`1${NBSP}ч 30${NBSP}мин`);
    expect(formatDuration(125)).toBe(`2${NBSP}ч 5${NBSP}мин`);
  });

  it('answers an empty string for zero, negative and nonsense', () => {
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(-5)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});

describe('toIsoDuration', () => {
  it('writes an ISO 8601 duration', () => {
    expect(toIsoDuration(45)).toBe('PT45M');
    expect(toIsoDuration(60)).toBe('PT1H');
    expect(toIsoDuration(150)).toBe('PT2H30M');
    expect(toIsoDuration(0)).toBe('PT0M');
  });
});
