import { describe, expect, it } from 'vitest';
import { classifySlug, hasSupportChatLink, internalHref, sellerLinks } from './site-links';

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

describe('hasSupportChatLink', () => {
  it('finds a settings link to the support chat, with or without the leading slash', () => {
    expect(
      hasSupportChatLink([{ pages: [{ slug: '/lk?active=orders' }, { slug: '/lk?active=chat' }] }]),
    ).toBe(true);
    expect(hasSupportChatLink([{ pages: [] }, { pages: [{ slug: 'lk?active=chat' }] }])).toBe(true);
  });

  it('finds none among other cabinet tabs, pages and other sites', () => {
    expect(
      hasSupportChatLink([
        {
          pages: [{ slug: '/lk?active=orders' }, { slug: '/about' }, { slug: 'https://t.me/lk?active=chat' }],
        },
      ]),
    ).toBe(false);
    expect(hasSupportChatLink([])).toBe(false);
  });
});
