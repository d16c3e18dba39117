/**
 * 'Добавить в корзину' on a recipe page (issue 27), through the content service on both databases: exactly the
 * ingredients the shopper's area has go into the basket, each as its first candidate there, in the packs the
 * servings need; what the area lacks is named; the rates hold.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  type CityRow,
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  createZone,
  type PointRow,
  type ProductRow,
  type StoreRow,
  setStock,
  type ZoneRow,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, failure, type TestServices } from '../../../tests/setup/services';
import { recipeIngredientProducts, recipeIngredients, recipes } from '../../db/schema/index';
import { RECIPE_TO_BASKET_RATES } from './recipe-to-basket';

describe.each(TEST_DATABASE_KINDS)('a recipe into the basket on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;
  let zone: ZoneRow;
  let shop: StoreRow;
  /** Delivers to the zone. */
  let point: PointRow;
  /** A pickup point outside the zone. */
  let farPoint: PointRow;

  const product = (name: string) => createProduct(t.db.db, shop, { name });

  /** A recipe for `servings` whose ingredients are [text, [product, packs][]] (none: not for sale). */
  async function recipe(servings: number, ingredients: [string, [ProductRow, number][]][]): Promise<string> {
    const slug = `recipe-${randomUUID()}`;
    const [row] = await t.db.db
      .insert(recipes)
      .values({ slug, title: 'Сырники', cookMinutes: 30, servings })
      .returning({ id: recipes.id });
    if (!row) throw new Error('no recipe inserted');
    await t.db.db
      .insert(recipeIngredients)
      .values(ingredients.map(([text], position) => ({ recipeId: row.id, position, text, amount: '1 шт.' })));
    const links = ingredients.flatMap(([, candidates], position) =>
      candidates.map(([item, packs], rank) => ({
        recipeId: row.id,
        position,
        productId: item.id,
        rank,
        packs,
      })),
    );
    if (links.length > 0) await t.db.db.insert(recipeIngredientProducts).values(links);
    return slug;
  }

  const add = (
    userId: string,
    slug: string,
    servings: string,
    ip = `10.0.${Math.floor(Math.random() * 250)}.1`,
  ) => t.services.content.addRecipeToBasket({ userId, ip, slug, servings, scope: { zoneId: zone.id } });

  const basketLines = async (userId: string) =>
    Object.entries(await t.services.basket.getBasket(userId)).flatMap(([pointId, items]) =>
      items.map((item) => [pointId, item.product.name, item.quantity]),
    );

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
    zone = await createZone(t.db.db, city);
    shop = await createStore(t.db.db);
    point = await createPoint(t.db.db, shop, city, { isPickup: false, zones: [zone] });
    farPoint = await createPoint(t.db.db, shop, city);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('adds exactly what the area has, as each ingredient’s first candidate there, scaled to the servings', async () => {
    const curd = await product('Творог 500 г');
    const eggs = await product('Яйца 10 шт.');
    const farCream = await product('Сметана 20%');
    const nearCream = await product('Сметана 15%');
    const dill = await product('Укроп');
    const flour = await product('Мука 2 кг');
    await setStock(t.db.db, point, curd, 10);
    await setStock(t.db.db, point, eggs, 10);
    await setStock(t.db.db, farPoint, farCream, 10);
    await setStock(t.db.db, point, nearCream, 10);
    await setStock(t.db.db, farPoint, dill, 10);
    await setStock(t.db.db, point, flour, 0);
    const slug = await recipe(4, [
      ['Творог', [[curd, 1]]],
      ['Яйцо', [[eggs, 0.1]]],
      ['Сахар', []],
      // The first candidate is only outside the area: the second, which the area has, is added.
      [
        'Сметана',
        [
          [farCream, 0.5],
          [nearCream, 0.5],
        ],
      ],
      ['Укроп', [[dill, 1]]],
      ['Мука', [[flour, 0.05]]],
    ]);
    const anna = (await createCustomer(t.db.db)).id;
    const result = await add(anna, slug, '6');
    expect(result).toMatchObject({
      success: true,
      servings: 6,
      added: 3,
      not_added: ['Укроп', 'Мука'],
      not_added_at: [4, 5],
    });
    expect(result.message.replace(/\u00a0/g, ' ')).toBe(
      'Добавлено в корзину: 3 товара. Не добавлены: Укроп, мука.',
    );
    expect(await basketLines(anna)).toEqual([
      [point.id, 'Творог 500 г', 2],
      [point.id, 'Яйца 10 шт.', 1],
      [point.id, 'Сметана 15%', 1],
    ]);
    // Again: on top of what the basket holds, capped at the point's stock (10 packs each); a line whose stock
    // is all in the basket is named with what the area lacks, in the recipe's order.
    const rounds = [];
    for (let round = 0; round < 5; round += 1) rounds.push(await add(anna, slug, '24'));
    expect(await basketLines(anna)).toEqual([
      [point.id, 'Творог 500 г', 10],
      [point.id, 'Яйца 10 шт.', 6],
      [point.id, 'Сметана 15%', 10],
    ]);
    expect(rounds.at(-1)).toMatchObject({
      added: 1,
      not_added: ['Творог', 'Сметана', 'Укроп', 'Мука'],
      not_added_at: [0, 3, 4, 5],
    });
  });

  it('adds a product two ingredients share as one line, both amounts on it', async () => {
    const eggs = await product('Яйца 10 шт.');
    await setStock(t.db.db, point, eggs, 10);
    const slug = await recipe(2, [
      ['Яйца для теста', [[eggs, 1]]],
      ['Яйцо для смазки', [[eggs, 0.1]]],
    ]);
    const gleb = (await createCustomer(t.db.db)).id;
    expect(await add(gleb, slug, '4')).toMatchObject({ added: 2, not_added: [] });
    expect(await basketLines(gleb)).toEqual([[point.id, 'Яйца 10 шт.', 3]]);
  });

  it('reads servings outside 1–24 or unreadable as the recipe’s own or the nearest bound', async () => {
    const curd = await product('Творог 400 г');
    await setStock(t.db.db, point, curd, 50);
    const slug = await recipe(4, [['Творог', [[curd, 1]]]]);
    for (const [asked, servings, packs] of [
      ['', 4, 1],
      ['abc', 4, 1],
      ['0', 1, 1],
      ['999', 24, 6],
    ] as const) {
      const customer = (await createCustomer(t.db.db)).id;
      expect(await add(customer, slug, asked)).toMatchObject({ servings, added: 1 });
      expect(await basketLines(customer)).toEqual([[point.id, 'Творог 400 г', packs]]);
    }
  });

  it('says when nothing could be added, and answers not found for an unknown recipe', async () => {
    const far = await product('Сыр');
    await setStock(t.db.db, farPoint, far, 5);
    const slug = await recipe(2, [['Сыр', [[far, 1]]]]);
    const boris = (await createCustomer(t.db.db)).id;
    expect(await add(boris, slug, '2')).toMatchObject({ added: 0, not_added: ['Сыр'] });
    expect(await basketLines(boris)).toEqual([]);
    expect(await failure(add(boris, 'net-takogo', '2'))).toMatchObject({ status: 404 });
  });

  it('limits a customer’s presses a minute', async () => {
    const item = await product('Кефир');
    await setStock(t.db.db, point, item, 1000);
    const slug = await recipe(1, [['Кефир', [[item, 1]]]]);
    const vera = (await createCustomer(t.db.db)).id;
    for (let press = 0; press < RECIPE_TO_BASKET_RATES.perUser; press += 1)
      await add(vera, slug, '1', '10.9.0.1');
    expect(await failure(add(vera, slug, '1', '10.9.0.1'))).toMatchObject({ status: 429 });
    // Another customer, from another address, still can.
    const gleb = (await createCustomer(t.db.db)).id;
    await add(gleb, slug, '1', '10.9.0.2');
  });
});
