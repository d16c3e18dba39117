import { describe, expect, it } from 'vitest';
import {
  clampServings,
  describeRecipeAdded as describe_,
  packsFor,
  planRecipeBasket,
  RECIPE_MAX_SERVINGS,
  type RecipeIngredientOffer,
  scaleAmount,
} from './recipe';

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

const offer = (point: string, count: number) => ({ point, count });

describe('planRecipeBasket', () => {
  const ingredients: RecipeIngredientOffer[] = [
    {
      text: 'Творог',
      packs: 1,
      product: { _id: 'curd', name: 'Творог 500 г', price: 25000, offer: offer('p1', 9) },
    },
    {
      text: 'Яйцо',
      packs: 0.1,
      product: { _id: 'eggs', name: 'Яйца 10 шт.', price: 15900, offer: offer('p2', 3) },
    },
    { text: 'Сахар', packs: 0, product: null },
    { text: 'Сметана', packs: 0.5, product: { _id: 'cream', name: 'Сметана', price: 9900, offer: null } },
    { text: 'Укроп', packs: 1, product: { _id: 'dill', name: 'Укроп', price: 4900, offer: offer('p1', 0) } },
  ];

  it('adds what the area has, scaled, at its point, and names what it has not', () => {
    expect(planRecipeBasket(ingredients, 4, 6)).toEqual({
      lines: [
        { pointId: 'p1', productId: 'curd', quantity: 2, text: 'Творог' },
        { pointId: 'p2', productId: 'eggs', quantity: 1, text: 'Яйцо' },
      ],
      missing: ['Сметана', 'Укроп'],
      totalKopecks: 2 * 25000 + 15900,
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
