import { SearchItemSchema } from '@core/contracts/catalog';
import { ErrorBodySchema } from '@core/contracts/common';
import { z } from '@core/contracts/z';
import { searchItemHref } from '@core/rules/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  cookieHeader,
  createShopperStates,
  productsInScope,
  type ShopperState,
  storesInScope,
} from '../../../tests/setup/shopper-states';

const ResultsSchema = z.array(SearchItemSchema);

describe.each(TEST_DATABASE_KINDS)('GET /api/search on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function search(q: string) {
    const response = await t.app.inject({ method: 'GET', url: '/api/search', query: { q } });
    expect(response.statusCode, q).toBe(200);
    return ResultsSchema.parse(response.json());
  }

  async function productNames(q: string) {
    return (await search(q)).filter((item) => item.type === 'product').map((item) => item.name.toLowerCase());
  }

  it.each([
    ['exact', 'молоко', /молоко/],
    ['inflected', 'молоком', /молоко/],
    ['inflected plural', 'яблок', /яблок/],
    ['ё typed as е', 'мед липовый', /мёд липовый/],
    ['е typed as ё', 'свёкла', /свёкла/],
    ['a typo', 'малако', /молоко/],
    ['another typo', 'творох', /творог/],
    ['the wrong keyboard layout', 'vjkjrj', /молоко/],
    ['the wrong layout with punctuation keys', '[kt,', /хлеб/],
    ['a prefix while typing', 'смета', /сметана/],
    ['a synonym', 'цукини', /кабачок|цукини/],
  ])('finds products for %s query «%s»', async (_kind, q, expected) => {
    const names = await productNames(q);
    expect(names.length, q).toBeGreaterThan(0);
    expect(names[0], `${q}: ${names.join(', ')}`).toMatch(expected);
  });

  it('finds кабачки when asked for цукини and the other way round', async () => {
    expect((await productNames('цукини')).some((name) => name.includes('кабач'))).toBe(true);
    expect(
      (await productNames('кабачок')).some((name) => name.includes('цукини') || name.includes('кабач')),
    ).toBe(true);
  });

  it('puts exact and prefix name matches first', async () => {
    const names = await productNames('кефир');
    expect(names[0]).toMatch(/^кефир/);
  });

  it('answers shop catalogues as type category linking to /catalog/{id}, products to /product/{id}', async () => {
    const results = await search('мол');
    const category = results.find((item) => item.type === 'category');
    expect(category?.name).toBe('Молочная река');
    expect(results.some((item) => item.type === 'product')).toBe(true);
    expect(results[0]?.type).toBe('category');
    for (const item of results) {
      expect(searchItemHref(item)).toBe(
        item.type === 'category' ? `/catalog/${item._id}` : `/product/${item._id}`,
      );
    }
    const store = await t.app.inject({ method: 'GET', url: `/api/stores/${category?._id}` });
    expect(store.statusCode).toBe(200);
    const product = results.find((item) => item.type === 'product');
    const detail = await t.app.inject({ method: 'GET', url: `/api/products/${product?._id}` });
    expect(detail.json()).toMatchObject({ _id: product?._id, name: product?.name });
  });

  it('returns [] under 3 characters', async () => {
    expect(await search('мо')).toEqual([]);
    expect(await search('  м  ')).toEqual([]);
    expect(await search('')).toEqual([]);
  });

  it('rejects an over-long query with 400 and a Russian message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: 'м'.repeat(101) } });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/не длиннее 100/);
  });

  it('treats LIKE and tsquery characters as text', async () => {
    for (const q of ['100%', 'мол_ко', "мол'ко | & ! :*", '\\\\\\', '[[[', ',,,,', ';;;;']) {
      await search(q);
    }
  });

  it('finds nothing for nonsense, without failing', async () => {
    expect(await search('qqqqqqqqq')).toEqual([]);
    expect(await search('ъъъъъъъъ')).toEqual([]);
  });

  describe('in a shopper’s area (issue 11: every shopper with an area got 500)', () => {
    let states: ShopperState[];

    beforeAll(async () => {
      states = await createShopperStates(t, '+7 (900) 511-00-01');
    });

    it.each(['молоко', 'сыр', 'мол', 'vjkjrj', 'малако', 'хлеб ржаной'])(
      'answers «%s» in every state with only what the area stocks and shops that serve it',
      async (q) => {
        for (const state of states) {
          const response = await t.app.inject({
            method: 'GET',
            url: '/api/search',
            query: { q },
            headers: { cookie: cookieHeader(state) },
          });
          expect(response.statusCode, `${state.name}: ${response.body}`).toBe(200);
          const results = ResultsSchema.parse(response.json());
          const products = await productsInScope(t, state.scope);
          const shops = await storesInScope(t, state.scope);
          for (const item of results) {
            const allowed = item.type === 'product' ? products : shops;
            expect(allowed.has(item._id), `${state.name}: «${q}» → ${item.name}`).toBe(true);
          }
        }
      },
    );

    it('finds milk in a zone that has it, and no shop catalogue whose points are all elsewhere', async () => {
      const zone = states.find((state) => state.name === 'guest, delivery zone');
      const pickup = states.find((state) => state.name === 'guest, pickup point');
      const inZone = await t.app.inject({
        method: 'GET',
        url: '/api/search',
        query: { q: 'молоко' },
        headers: { cookie: zone ? cookieHeader(zone) : '' },
      });
      expect(ResultsSchema.parse(inZone.json()).some((item) => item.type === 'product')).toBe(true);
      // At one pickup point only its own shop's catalogue can be a result.
      const shops = await storesInScope(t, pickup?.scope);
      expect(shops.size).toBe(1);
      const everyShop = await t.app.inject({ method: 'GET', url: '/api/stores' });
      for (const store of z.array(z.object({ _id: z.string(), name: z.string() })).parse(everyShop.json())) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/search',
          query: { q: store.name },
          headers: { cookie: pickup ? cookieHeader(pickup) : '' },
        });
        const found = ResultsSchema.parse(response.json()).filter((item) => item.type === 'category');
        expect(found.map((item) => item._id)).toEqual(shops.has(store._id) ? [store._id] : []);
      }
    });
  });
});
