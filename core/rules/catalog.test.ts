import { describe, expect, it } from 'vitest';
import { CATALOG_SORT_LABELS, catalogSearchString, inShop, searchItemHref } from './catalog';

describe('catalogSearchString', () => {
  it('leaves defaults out and applies the patch', () => {
    expect(catalogSearchString({ sort: 'popular', page: 1 })).toBe('');
    expect(catalogSearchString({ sort: 'price-asc', page: 1, discount: '1' })).toBe(
      '?sort=price-asc&discount=1',
    );
    expect(catalogSearchString({ sort: 'new', page: 3, category: 'syry' }, { page: undefined })).toBe(
      '?sort=new&category=syry',
    );
    expect(catalogSearchString({ sort: 'popular', page: 1 }, { page: 2 })).toBe('?page=2');
  });

  it('drops only the default sort and the first page, not values that look like them', () => {
    expect(catalogSearchString({ sort: 'popular', page: 1, category: 'popular' })).toBe('?category=popular');
    expect(catalogSearchString({ sort: 'popular', page: 1, min: 1 })).toBe('?min=1');
  });

  it('names every sort in Russian', () => {
    expect(CATALOG_SORT_LABELS).toEqual({
      popular: 'Популярные',
      'price-asc': 'Сначала дешевле',
      'price-desc': 'Сначала дороже',
      discount: 'По размеру скидки',
      new: 'Новинки',
    });
  });
});

describe('searchItemHref', () => {
  it('links shop catalogues and products by id', () => {
    expect(searchItemHref({ _id: 'a1', type: 'category' })).toBe('/catalog/a1');
    expect(searchItemHref({ _id: 'b2', type: 'product' })).toBe('/product/b2');
  });
});

describe('inShop', () => {
  it('names the shop in quotes after «в магазине», whatever its name', () => {
    expect(inShop('Рыбная гавань')).toBe('в магазине «Рыбная гавань»');
  });
});
