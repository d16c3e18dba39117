import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDayMonth,
  formatDayMonthTime,
  formatDuration,
  formatMoscowTime,
  fromMoscow,
  MONTHS_GENITIVE,
  moscowDayNumber,
  toIsoDuration,
  toMoscow,
} from './date';

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
    expect(formatDate('2025-12-31T21:00:00Z')).toBe(`1${NBSP}января 2026`);
  });

  it('answers an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('the Moscow clock', () => {
  it('reads the calendar, the time and the ISO weekday in Moscow', () => {
    // Sunday 2026-01-11 23:30 UTC is Monday 02:30 in Moscow.
    expect(toMoscow(new Date('2026-01-11T23:30:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 12,
      hour: 2,
      minute: 30,
      weekday: 1,
    });
    expect(toMoscow(new Date('2026-01-11T12:00:00Z')).weekday).toBe(7);
    expect(toMoscow(new Date('2025-12-31T21:00:00Z'))).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
    });
  });

  it('turns a Moscow wall-clock time into the instant', () => {
    expect(fromMoscow({ year: 2026, month: 1, day: 12 }, 14 * 60)).toEqual(new Date('2026-01-12T11:00:00Z'));
    expect(fromMoscow({ year: 2026, month: 1, day: 12 }, 90)).toEqual(new Date('2026-01-11T22:30:00Z'));
    // Days and minutes past their range roll over.
    expect(fromMoscow({ year: 2026, month: 1, day: 32 }, 0)).toEqual(new Date('2026-01-31T21:00:00Z'));
    expect(fromMoscow({ year: 2026, month: 12, day: 31 }, 24 * 60)).toEqual(new Date('2026-12-31T21:00:00Z'));
  });

  it('follows the time zone database, not a fixed UTC+3', () => {
    // Moscow kept summer time (UTC+4) until 2011: the same wall clock was an hour earlier in UTC.
    expect(fromMoscow({ year: 2010, month: 7, day: 1 }, 12 * 60)).toEqual(new Date('2010-07-01T08:00:00Z'));
    expect(formatMoscowTime(new Date('2010-07-01T08:00:00Z'))).toBe('12:00');
    // Half an hour before the clocks went forward on 28 March 2010 (still UTC+3), although the same digits
    // read as UTC already fall after the change.
    expect(fromMoscow({ year: 2010, month: 3, day: 27 }, 23 * 60 + 30)).toEqual(
      new Date('2010-03-27T20:30:00Z'),
    );
  });

  it('numbers Moscow calendar days, changing at midnight in Moscow', () => {
    const monday = moscowDayNumber(new Date('2026-01-12T09:00:00Z'));
    expect(moscowDayNumber(new Date('2026-01-11T21:00:00Z'))).toBe(monday);
    expect(moscowDayNumber(new Date('2026-01-12T20:59:59Z'))).toBe(monday);
    expect(moscowDayNumber(new Date('2026-01-12T21:00:00Z'))).toBe(monday + 1);
    expect(monday).toBe(Date.UTC(2026, 0, 12) / 86_400_000);
  });

  it('writes the time with two-digit hours and minutes', () => {
    expect(formatMoscowTime(new Date('2026-01-12T06:05:00Z'))).toBe('09:05');
    expect(formatMoscowTime(new Date('2026-01-12T21:00:00Z'))).toBe('00:00');
    expect(formatMoscowTime(new Date('2026-01-12T20:59:00Z'))).toBe('23:59');
  });
});

describe('formatDayMonth and formatDayMonthTime', () => {
  it('write the Moscow day and month, with the time after «в»', () => {
    expect(formatDayMonth('2026-03-12T09:05:00Z')).toBe(`12${NBSP}марта`);
    expect(formatDayMonth('2026-03-12T22:05:00Z')).toBe(`13${NBSP}марта`);
    expect(formatDayMonthTime('2026-03-12T09:05:00Z')).toBe(`12${NBSP}марта в 12:05`);
    expect(formatDayMonthTime(new Date('2026-05-31T21:30:00Z'))).toBe(`1${NBSP}июня в 00:30`);
  });

  it('answer an empty string for an invalid date', () => {
    expect(formatDayMonth('nope')).toBe('');
    expect(formatDayMonthTime('nope')).toBe('');
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

  it('writes nothing but zero for negative and nonsense durations', () => {
    expect(toIsoDuration(-5)).toBe('PT0M');
    expect(toIsoDuration(Number.NaN)).toBe('PT0M');
    expect(toIsoDuration(Number.POSITIVE_INFINITY)).toBe('PT0M');
  });
});
