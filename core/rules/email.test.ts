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
  it('takes up to 254 characters in all and 64 before the @', () => {
    const local64 = 'a'.repeat(64);
    expect(isValidEmail(`${local64}@example.ru`)).toBe(true);
    expect(isValidEmail(`a${local64}@example.ru`)).toBe(false);
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.ru`;
    const address = (length: number) => `${'b'.repeat(length - domain.length - 1)}@${domain}`;
    expect(address(254)).toHaveLength(254);
    expect(isValidEmail(address(254))).toBe(true);
    expect(isValidEmail(address(255))).toBe(false);
  });

  it('needs an @', () => {
    expect(isValidEmail('anna.example.ru')).toBe(false);
  });

  it('trims surrounding spaces', () => {
    expect(normaliseEmail('  anna@example.ru ')).toBe('anna@example.ru');
  });
});
