import { describe, expect, it } from 'vitest';
import { seoMeta } from './seo';

const fallback = { title: 'Каталог', description: 'Все товары' };

describe('seoMeta', () => {
  it('prefers the page SEO fields and appends the site name', () => {
    const meta = seoMeta(
      {
        path: '/catalog',
        title: 'Каталог',
        seo_title: 'Каталог продуктов',
        seo_desc: 'Описание',
        seo_keywords: 'a, b',
      },
      fallback,
    );
    expect(meta).toContainEqual({ title: 'Каталог продуктов — Фреш' });
    expect(meta).toContainEqual({ name: 'description', content: 'Описание' });
    expect(meta).toContainEqual({ name: 'keywords', content: 'a, b' });
  });

  it('falls back per field and keeps a title that already names the site', () => {
    const meta = seoMeta(
      { path: '/x', title: 'X', seo_title: 'Фреш — главная', seo_desc: '', seo_keywords: '' },
      fallback,
    );
    expect(meta).toContainEqual({ title: 'Фреш — главная' });
    expect(meta).toContainEqual({ name: 'description', content: 'Все товары' });
    expect(meta.some((item) => 'name' in item && item.name === 'keywords')).toBe(false);
  });

  it('uses the fallback without SEO fields', () => {
    expect(seoMeta(null, fallback)).toContainEqual({ title: 'Каталог — Фреш' });
  });
});
