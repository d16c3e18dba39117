import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageHref, pagerItems } from './list-url';
import { readPageParam } from './list-url.server';

describe('readPageParam', () => {
  it('answers 1 without a page', () => {
    expect(readPageParam(new URLSearchParams(''))).toBe(1);
    expect(readPageParam(new URLSearchParams('city=x'))).toBe(1);
  });

  it('reads a page number', () => {
    expect(readPageParam(new URLSearchParams('page=2'))).toBe(2);
    expect(readPageParam(new URLSearchParams('page=10000'))).toBe(10_000);
  });

  it('answers null for anything that is not one page number', () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=',
      'page=10001',
      'page=1&page=2',
    ]) {
      expect(readPageParam(new URLSearchParams(query)), query).toBeNull();
    }
  });
});

describe('pageHref', () => {
  it('leaves the first page without a query and numbers the others', () => {
    expect(pageHref('/news', 1)).toBe('/news');
    expect(pageHref('/news', 2)).toBe('/news?page=2');
  });

  it('keeps the other parameters of the list', () => {
    expect(pageHref('/vacancy', 3, new URLSearchParams('city=Кострома&page=1'))).toBe(
      '/vacancy?city=%D0%9A%D0%BE%D1%81%D1%82%D1%80%D0%BE%D0%BC%D0%B0&page=3',
    );
    expect(pageHref('/blog', 1, new URLSearchParams('page=4'))).toBe('/blog');
  });
});

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the ends and the neighbours of the current page with gaps', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('fills a gap of one page with that page', () => {
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('absoluteUrl', () => {
  it('joins the origin and a path', () => {
    expect(absoluteUrl('https://fresh.example', '/blog/x')).toBe('https://fresh.example/blog/x');
    expect(absoluteUrl('https://fresh.example/', '/uploads/a.svg')).toBe(
      'https://fresh.example/uploads/a.svg',
    );
    expect(absoluteUrl('http://localhost:3000', '/news?page=2')).toBe('http://localhost:3000/news?page=2');
  });
});
