import { describe, expect, it } from 'vitest';
import { secureCookie } from './react-router';

describe('secureCookie', () => {
  it('adds Secure to a page’s cookie once', () => {
    expect(secureCookie('fresh_flash=auth-required; Path=/; Max-Age=60; SameSite=Lax')).toBe(
      'fresh_flash=auth-required; Path=/; Max-Age=60; SameSite=Lax; Secure',
    );
    expect(secureCookie('a=1; Secure; Path=/')).toBe('a=1; Secure; Path=/');
    expect(secureCookie('a=1; Path=/; secure')).toBe('a=1; Path=/; secure');
    // A value that merely contains the word is not the attribute.
    expect(secureCookie('note=secure')).toBe('note=secure; Secure');
  });
});
