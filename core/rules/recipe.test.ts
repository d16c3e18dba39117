import { describe, expect, it } from 'vitest';
import type { BasketMap } from './basket';
import {
  describeRecipeAdded as describe_,
  fitRecipeLines,
  packsFor,
  planRecipeBasket,
  quantityFor,
  type RecipeBasketLine,
  type RecipeIngredientOffer,
  readRecipeOutcome,
  recipeForServings,
  recipeOutcomeSearch,
  scaleAmount,
} from './recipe';
import { clampServings, RECIPE_MAX_SERVINGS } from './recipe-servings';

describe('packsFor', () => {
  it.each([
    // [base packs, base servings, servings, packs to buy]
    [1, 4, 4, 1],
    [1, 4, 6, 2],
    [1, 4, 8, 2],
    [1, 4, 9, 3],
    [0.1, 4, 6, 1],
    [0.5, 4, 8, 1],
    [0.5, 4, 9, 2],
    [0.7, 2, 6, 3],
    [0.333, 3, 9, 1],
    [1.5, 4, 2, 1],
    [2, 4, 1, 1],
  ])('%d packs for %i servings, for %i: %i', (base, baseServings, servings, expected) => {
    expect(packsFor(base, baseServings, servings)).toBe(expected);
  });

  it('rounds in thousandths: 0.3 × 10 of 3 servings is exactly one pack, not two', () => {
    expect(packsFor(0.3, 3, 10)).toBe(1);
    expect(packsFor(0.3, 3, 11)).toBe(2);
  });
});

describe('clampServings', () => {
  it.each([
    ['6', 4, 6],
    ['1', 4, 1],
    ['0', 4, 1],
    ['25', 4, RECIPE_MAX_SERVINGS],
    ['999', 4, RECIPE_MAX_SERVINGS],
    ['1000', 4, 4],
    ['', 4, 4],
    ['2.5', 4, 4],
    ['-3', 4, 4],
    [undefined, 2, 2],
    [null, 3, 3],
  ])('%s with a recipe for %i is %i', (asked, base, expected) => {
    expect(clampServings(asked, base)).toBe(expected);
  });
});

describe('scaleAmount', () => {
  it.each([
    ['500 г', 4, 6, '750 г'],
    ['1 шт.', 4, 6, '1,5 шт.'],
    ['2 шт.', 4, 6, '3 шт.'],
    ['4 ст. л.', 4, 2, '2 ст. л.'],
    ['0,5 л', 2, 6, '1,5 л'],
    ['2–3 ст. л.', 4, 8, '4–6 ст. л.'],
    ['30 г', 4, 6, '45 г'],
    ['700 г', 4, 5, '875 г'],
    ['1 шт.', 3, 4, '1,3 шт.'],
    ['7 г', 2, 3, '11 г'],
    [' 500 г ', 4, 6, '750 г'],
    ['2,50 кг', 4, 4, '2,50 кг'],
    ['около 2 шт.', 4, 6, 'около 2 шт.'],
    ['0,25 л', 1, 2, '0,5 л'],
    ['2 – 3 ст. л.', 4, 6, '3–4,5 ст. л.'],
    ['10–12 г', 1, 2, '20–24 г'],
    ['0,25–0,75 л', 1, 2, '0,5–1,5 л'],
    ['по вкусу', 4, 6, 'по вкусу'],
    ['небольшой пучок', 4, 8, 'небольшой пучок'],
    ['500 г', 4, 4, '500 г'],
  ])('«%s» for %i servings, for %i: «%s»', (amount, base, servings, expected) => {
    expect(scaleAmount(amount, base, servings)).toBe(expected);
  });
});

describe('quantityFor', () => {
  const piece = { weight: 500 };
  const beef = { weight: 1000, by_weight: { step: 100, min: 500, piece: null } };
  const zucchini = { weight: 1000, by_weight: { step: 350, min: 350, piece: 350 } };
  it.each([
    // [product, base packs, base servings, servings, quantity]
    ['pieces', piece, 1, 4, 6, 2],
    ['pieces', piece, 0.1, 4, 6, 1],
    ['grams in steps', beef, 0.7, 4, 4, 700],
    ['grams in steps', beef, 0.7, 4, 6, 1100],
    ['grams at the minimum', beef, 0.3, 4, 4, 500],
    ['grams at the minimum', beef, 0.3, 4, 8, 600],
    ['whole pieces priced by weight', zucchini, 0.35, 1, 1, 350],
    ['whole pieces priced by weight', zucchini, 0.35, 1, 2, 700],
    ['whole pieces priced by weight', zucchini, 0.4, 1, 1, 700],
    ['grams in thousandths', beef, 0.333, 3, 9, 1000],
    ['a line’s cap', beef, 15, 1, 24, 20_000],
  ])('%s: %o, %d packs for %i, for %i: %i', (_, product, packs, base, servings, expected) => {
    expect(quantityFor(packs, base, servings, product)).toBe(expected);
  });

  it('buys the minimum of a weighed product whose pack weight is unknown', () => {
    expect(quantityFor(1, 4, 4, { weight: 0, by_weight: { step: 100, min: 300, piece: null } })).toBe(300);
  });
});

const offer = (point: string, count: number) => ({ point, count });

describe('planRecipeBasket', () => {
  const ingredients: RecipeIngredientOffer[] = [
    {
      text: 'Творог',
      packs: 1,
      product: { _id: 'curd', name: 'Творог 500 г', price: 25000, weight: 500, offer: offer('p1', 9) },
    },
    {
      text: 'Яйцо',
      packs: 0.1,
      product: { _id: 'eggs', name: 'Яйца 10 шт.', price: 15900, weight: 550, offer: offer('p2', 3) },
    },
    { text: 'Сахар', packs: 0, product: null },
    {
      text: 'Сметана',
      packs: 0.5,
      product: { _id: 'cream', name: 'Сметана', price: 9900, weight: 300, offer: null },
    },
    {
      text: 'Укроп',
      packs: 1,
      product: { _id: 'dill', name: 'Укроп', price: 4900, weight: 50, offer: offer('p1', 0) },
    },
    {
      text: 'Говядина',
      packs: 0.7,
      product: {
        _id: 'beef',
        name: 'Говядина 1 кг',
        price: 89900,
        weight: 1000,
        by_weight: { step: 100, min: 300, piece: null },
        offer: offer('p1', 5000),
      },
    },
  ];

  it('adds what the area has, scaled, at its point, and names what it has not', () => {
    const beefTerms = { step: 100, min: 300, piece: null };
    expect(planRecipeBasket(ingredients, 4, 6)).toEqual({
      lines: [
        {
          position: 0,
          pointId: 'p1',
          productId: 'curd',
          quantity: 2,
          text: 'Творог',
          stock: 9,
          by_weight: null,
        },
        {
          position: 1,
          pointId: 'p2',
          productId: 'eggs',
          quantity: 1,
          text: 'Яйцо',
          stock: 3,
          by_weight: null,
        },
        {
          position: 5,
          pointId: 'p1',
          productId: 'beef',
          quantity: 1100,
          text: 'Говядина',
          stock: 5000,
          by_weight: beefTerms,
        },
      ],
      missing: [
        { position: 3, text: 'Сметана' },
        { position: 4, text: 'Укроп' },
      ],
      // 1 100 г at 899 ₽ a kilogram is 988,90 ₽.
      totalKopecks: 2 * 25000 + 15900 + 98890,
    });
  });

  it('is empty for a recipe without products', () => {
    expect(planRecipeBasket([{ text: 'Соль', packs: 0, product: null }], 2, 2)).toEqual({
      lines: [],
      missing: [],
      totalKopecks: 0,
    });
  });
});

describe('fitRecipeLines', () => {
  const line = (productId: string, quantity: number, stock: number, pointId = 'p1'): RecipeBasketLine => ({
    position: 0,
    pointId,
    productId,
    quantity,
    text: productId,
    stock,
    by_weight: null,
  });
  const held = (productId: string, quantity: number) => ({ product: productId, quantity });

  it('takes every line a basket with room and stock can hold', () => {
    const lines = [line('a', 2, 9), line('b', 1, 1, 'p2')];
    expect(fitRecipeLines({}, lines)).toEqual({ accepted: lines, refused: [] });
  });

  it('refuses a line whose stock is already in the basket, and takes one that can still grow', () => {
    const basket: BasketMap = { p1: [held('a', 3), held('b', 2)] };
    const lines = [line('a', 2, 3), line('b', 5, 4)];
    expect(fitRecipeLines(basket, lines)).toEqual({ accepted: [lines[1]], refused: [lines[0]] });
  });

  it('opens new lines only while the basket has room, but raises lines it holds', () => {
    const basket: BasketMap = { p1: [held('a', 1), held('b', 1)] };
    const lines = [line('c', 1, 9), line('a', 1, 9), line('d', 1, 9)];
    expect(fitRecipeLines(basket, lines, 3)).toEqual({
      accepted: [lines[0], lines[1]],
      refused: [lines[2]],
    });
    expect(fitRecipeLines(basket, lines, 2).refused).toEqual([lines[0], lines[2]]);
  });

  it('counts a product two ingredients share once, against its stock', () => {
    const lines = [line('eggs', 1, 1), line('eggs', 1, 1), line('milk', 1, 2)];
    expect(fitRecipeLines({}, lines, 2)).toEqual({ accepted: [lines[0], lines[2]], refused: [lines[1]] });
  });

  it('steps a weighed product up to its minimum and caps it at its stock in grams', () => {
    const weighed = { ...line('beef', 200, 450), by_weight: { step: 100, min: 300, piece: null } };
    expect(fitRecipeLines({}, [weighed]).accepted).toEqual([weighed]);
    expect(fitRecipeLines({ p1: [held('beef', 400)] }, [weighed]).refused).toEqual([weighed]);
  });
});

describe('the outcome in the address', () => {
  const texts = ['Творог', 'Яйцо', 'Сахар', 'Сметана'];
  const read = (search: string) =>
    readRecipeOutcome(new URLSearchParams(search), texts)?.replace(/\u00a0/g, ' ') ?? null;

  it('carries the servings, the count and the positions, and reads back as the message', () => {
    expect(recipeOutcomeSearch(6, 2, [3, 1])).toBe('servings=6&added=2&not_added=3.1');
    expect(recipeOutcomeSearch(4, 3, [])).toBe('servings=4&added=3');
    expect(read(recipeOutcomeSearch(6, 2, [3, 1]))).toBe(
      'Добавлено в корзину: 2 товара. Не добавлены: Яйцо, сметана.',
    );
    expect(read('added=3')).toBe('Добавлено в корзину: 3 товара.');
  });

  it('reads nothing but numbers of this recipe', () => {
    expect(read('')).toBeNull();
    expect(read('added=много')).toBeNull();
    expect(read('added=1000')).toBeNull();
    expect(read('added=-1')).toBeNull();
    expect(read('added=1&not_added=0.0.9.x.2')).toBe(
      'Добавлено в корзину: 1 товар. Не добавлены: Творог, сахар.',
    );
    expect(read('added=0&not_added=Сметана')).toBe('Ничего не добавлено: ингредиентов нет в вашем районе.');
  });
});

describe('describeRecipeAdded', () => {
  // formatCount joins a count and its noun with a no-break space.
  const describeRecipeAdded = (added: number, notAdded: string[]) =>
    describe_(added, notAdded).replace(/\u00a0/g, ' ');
  it('says how many went in and what did not', () => {
    expect(describeRecipeAdded(5, [])).toBe('Добавлено в корзину: 5 товаров.');
    expect(describeRecipeAdded(0, [])).toBe('Ничего не добавлено: ингредиентов нет в вашем районе.');
    expect(describeRecipeAdded(1, ['Сметана'])).toBe('Добавлено в корзину: 1 товар. Не добавлено: Сметана.');
    expect(describeRecipeAdded(2, ['Сметана', 'Укроп'])).toBe(
      'Добавлено в корзину: 2 товара. Не добавлены: Сметана, укроп.',
    );
    expect(describeRecipeAdded(0, ['Сметана'])).toBe(
      'Ничего не добавлено: ингредиентов нет в вашем районе. Не добавлено: Сметана.',
    );
  });
});

describe('recipeForServings', () => {
  const eggs = { _id: 'eggs', name: 'Яйца 10 шт.', price: 15900, weight: 550, offer: offer('p1', 9) };
  const beef = {
    _id: 'beef',
    name: 'Говядина 1 кг',
    price: 89900,
    weight: 1000,
    by_weight: { step: 100, min: 300, piece: null },
    offer: offer('p1', 5000),
  };
  const cream = { _id: 'cream', name: 'Сметана', price: 9900, weight: 300, offer: null };
  const recipe = {
    servings: 4,
    ingredients: [
      { text: 'Яйца', amount: '2 шт.', packs: 0.2, product: eggs },
      { text: 'Говядина', amount: '700 г', packs: 0.7, product: beef },
      { text: 'Соль', amount: 'по вкусу', packs: 0, product: null },
      { text: 'Сметана', amount: '', packs: 0.5, product: cream },
    ],
  };

  it('words what the page shows for the servings: amounts, each offer, the total', () => {
    const view = recipeForServings(recipe, 6);
    expect({ ...view, offers: view.offers.map((text) => text?.replace(/\u00a0/g, ' ') ?? null) }).toEqual({
      amounts: ['3 шт.', '1 050 г'.replace(' ', '\u00a0'), 'по вкусу', ''],
      offers: ['1 шт. × 159 ₽ = 159 ₽', '1,1 кг × 899 ₽/кг = 988,90 ₽', null, null],
      totalKopecks: 15900 + 98890,
      hasLines: true,
    });
  });

  it('has no lines when the area has none of the products', () => {
    const view = recipeForServings(
      { servings: 2, ingredients: [{ text: 'Сметана', amount: '', packs: 0.5, product: cream }] },
      2,
    );
    expect(view).toMatchObject({ offers: [null], totalKopecks: 0, hasLines: false });
  });
});
