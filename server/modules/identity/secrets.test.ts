import { describe, expect, it } from 'vitest';
import { generateCode, generateSessionToken, hashSessionToken, hmacCode, isSameHmac } from './secrets';

describe('SMS codes', () => {
  it('are four digits and spread over the whole range', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const code = generateCode();
      expect(code).toMatch(/^\d{4}$/);
      seen.add(code);
    }
    // 2000 draws from 10 000 values: a broken generator (constant, or only a few values) shows here.
    expect(seen.size).toBeGreaterThan(1500);
  });

  it('are stored as an HMAC bound to the secret and the phone', () => {
    const stored = hmacCode('secret-a', '+79123456789', '1234');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('1234');
    expect(isSameHmac(stored, hmacCode('secret-a', '+79123456789', '1234'))).toBe(true);
    expect(isSameHmac(stored, hmacCode('secret-a', '+79123456789', '1235'))).toBe(false);
    expect(isSameHmac(stored, hmacCode('secret-b', '+79123456789', '1234'))).toBe(false);
    expect(isSameHmac(stored, hmacCode('secret-a', '+79123456780', '1234'))).toBe(false);
    expect(isSameHmac(stored, 'abcd')).toBe(false);
  });
});

describe('session tokens', () => {
  it('carry at least 128 random bits and are stored as a hash', () => {
    const token = generateSessionToken();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(generateSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).toBe(hashSessionToken(token));
    expect(hashSessionToken(token)).not.toContain(token);
  });
});
