import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url, isPushEndpointAllowed } from './push';

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

describe('isPushEndpointAllowed', () => {
  it("accepts the browsers' push services: https on 443 to a public host name", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGZ1',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://push.example./send/1',
    ]) {
      expect(isPushEndpointAllowed(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses other schemes and ports, IP literals in every spelling, local names and credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'ftp://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'http://127.0.0.1:9000/push',
      'https://127.0.0.1/push',
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1:8443/x',
      'https://10.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://0177.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fe80::1]/x',
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://push.localhost/x',
      'https://metadata/x',
      'https://printer.local/x',
      'https://db.internal/x',
      'https://router.home.arpa/x',
      'https://user:secret@fcm.googleapis.com/x',
      'not a url',
      '',
    ]) {
      expect(isPushEndpointAllowed(endpoint), endpoint).toBe(false);
    }
  });

  it('accepts an origin it is told to allow, and nothing else of that host', () => {
    const allowed = ['https://127.0.0.1:8443'];
    expect(isPushEndpointAllowed('https://127.0.0.1:8443/push/1', allowed)).toBe(true);
    expect(isPushEndpointAllowed('https://127.0.0.1:8444/push/1', allowed)).toBe(false);
    expect(isPushEndpointAllowed('http://127.0.0.1:8443/push/1', allowed)).toBe(false);
    expect(isPushEndpointAllowed('https://a:b@127.0.0.1:8443/push/1', allowed)).toBe(false);
  });
});
