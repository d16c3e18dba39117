import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, countdownSecondsLeft, isValidCode, RESEND_INTERVAL_S, sanitiseCodeInput } from './code';

describe('the SMS code', () => {
  it('has exactly four digits', () => {
    expect(CODE_LENGTH).toBe(4);
    expect(isValidCode('0123')).toBe(true);
    for (const value of ['', '123', '12345', '12a4', ' 123', '１２３４']) {
      expect(isValidCode(value), value).toBe(false);
    }
  });

  it('keeps only digits when typed or pasted, at most four', () => {
    expect(sanitiseCodeInput('12-34')).toBe('1234');
    expect(sanitiseCodeInput('Код: 98765')).toBe('9876');
    expect(sanitiseCodeInput('abc')).toBe('');
  });
});

describe('countdownSecondsLeft', () => {
  it('counts 15 seconds down to 0 and stays there', () => {
    expect(RESEND_INTERVAL_S).toBe(15);
    const start = 1_000_000;
    expect(countdownSecondsLeft(start, start)).toBe(15);
    expect(countdownSecondsLeft(start, start + 1)).toBe(15);
    expect(countdownSecondsLeft(start, start + 1000)).toBe(14);
    expect(countdownSecondsLeft(start, start + 14_001)).toBe(1);
    expect(countdownSecondsLeft(start, start + 15_000)).toBe(0);
    expect(countdownSecondsLeft(start, start + 60_000)).toBe(0);
  });

  it('never shows more than the interval when the clock goes backwards', () => {
    expect(countdownSecondsLeft(10_000, 0)).toBe(15);
  });
});
