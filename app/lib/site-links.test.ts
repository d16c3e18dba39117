import { describe, expect, it } from 'vitest';
import { classifySlug, internalHref, sellerLinks } from './site-links';

describe('classifySlug', () => {
  it('treats a slug containing http as external, even when it mentions /lk', () => {
    expect(classifySlug('https://t.me/fresh')).toBe('external');
    expect(classifySlug('http://example.ru/lk')).toBe('external');
  });

  it('treats a slug containing /lk as a cabinet page', () => {
    expect(classifySlug('/lk?active=chat')).toBe('cabinet');
    expect(classifySlug('/lk')).toBe('cabinet');
  });

  it('treats everything else as a page of the site', () => {
    expect(classifySlug('/about')).toBe('internal');
    expect(classifySlug('delivery')).toBe('internal');
  });
});

describe('internalHref', () => {
  it('adds the leading slash when missing', () => {
    expect(internalHref('about')).toBe('/about');
    expect(internalHref('/about')).toBe('/about');
  });
});

describe('sellerLinks', () => {
  it('builds the register and business links without a double slash', () => {
    expect(sellerLinks('https://seller.example.ru/')).toEqual({
      register: 'https://seller.example.ru/register',
      business: 'https://seller.example.ru/business',
    });
  });
});
