import { describe, expect, it } from 'vitest';
import { isValidEmail, normaliseEmail } from './email';

describe('isValidEmail', () => {
  it('accepts ordinary addresses, plus-tags, subdomains and Cyrillic domains', () => {
    for (const email of [
      'anna@example.ru',
      'anna.petrova+fresh@mail.example.com',
      "o'brien@example.org",
      'user@почта.рф',
      'a@b.co',
      'user@xn--80a1acny.xn--p1ai',
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('rejects what cannot receive mail', () => {
    for (const email of [
      '',
      'anna',
      'anna@',
      '@example.ru',
      'anna@example',
      'anna@@example.ru',
      'anna@example..ru',
      '.anna@example.ru',
      'anna.@example.ru',
      'an..na@example.ru',
      'anna @example.ru',
      'anna@-example.ru',
      'anna@example.r',
      'anna@example.123',
      'анна@example.ru',
      `${'a'.repeat(65)}@example.ru`,
      `a@${'b'.repeat(250)}.ru`,
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });
});

describe('normaliseEmail', () => {
  it('trims surrounding spaces', () => {
    expect(normaliseEmail('  anna@example.ru ')).toBe('anna@example.ru');
  });
});
