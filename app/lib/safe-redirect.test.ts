import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeRedirectPath('/basket')).toBe('/basket');
    expect(safeRedirectPath('/lk?active=orders')).toBe('/lk?active=orders');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('falls back for anything that could leave the site or is not a path', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/a\\b',
      'javascript:alert(1)',
      'basket',
      '',
      '/line\nbreak',
      `/${'a'.repeat(2048)}`,
      undefined,
      null,
      42,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe('/');
    }
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/basket')).toBe('/basket');
  });
});
