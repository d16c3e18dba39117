import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from './push';

describe('base64UrlToBytes', () => {
  it('reads URL-safe base64 without padding', () => {
    expect([...(base64UrlToBytes('-_8') ?? [])]).toEqual([0xfb, 0xff]);
    expect([...(base64UrlToBytes('AQID') ?? [])]).toEqual([1, 2, 3]);
    expect([...(base64UrlToBytes('') ?? [])]).toEqual([]);
  });

  it('reads a real 65-byte P-256 public key and gives it back unchanged', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes?.[0]).toBe(4);
    expect(bytes && bytesToBase64Url(bytes)).toBe(key);
  });

  it('refuses what is not URL-safe base64', () => {
    expect(base64UrlToBytes('a+b/')).toBeNull();
    expect(base64UrlToBytes('abc=')).toBeNull();
    expect(base64UrlToBytes('abcde')).toBeNull();
    expect(base64UrlToBytes('ключ')).toBeNull();
  });
});
