/**
 * A recipe for the shopper's table (issue 27): its servings scaled, the packs of each linked product to buy
 * for them, and the lines to put in the basket. The same on the server (the recipe page's action) and in the
 * browser (a guest's basket lives there; the page itself gets what it shows from its loader, recipeForServings,
 * and loads these rules only when a guest presses: ADR 053). The servings' bounds are ./recipe-servings.ts.
 */
import { BASKET_MAX_LINES, type BasketMap, countLines, findLine, nextQuantity } from './basket';
import { formatNumber } from './number-format';
import { formatCount, type PluralForms } from './plural';
import { formatRoubles } from './price';
import {
  formatPerKg,
  formatWeightAmount,
  linePriceKopecks,
  saleUnitOf,
  type WeightTerms,
} from './sold-by-weight';

/** Packs are kept to thousandths (numeric(6,3)): scaled in whole thousandths, no float error at the ceiling. */
const MILLI = 1000;

/**
 * Whole packs of a product for `servings`, when the recipe's own `baseServings` need `basePacks` of it (0.1 of
 * a ten-egg box): scaled, rounded up, at least one (half a pack of flour is a pack to buy).
 */
export function packsFor(basePacks: number, baseServings: number, servings: number): number {
  const milli = Math.round(basePacks * MILLI) * servings;
  return Math.max(1, Math.ceil(milli / (Math.max(1, baseServings) * MILLI)));
}

const LEADING_NUMBER = /^(\d+(?:[.,]\d+)?)(?:\s*[–-]\s*(\d+(?:[.,]\d+)?))?(.*)/s;

function scaled(number: string, factor: number): string {
  const value = Number(number.replace(',', '.')) * factor;
  // Ten and more in whole units («750 г», «12 шт.»), below ten to a tenth («1,5 шт.», «0,5 ч. л.»).
  // Stryker disable next-line EqualityOperator: at exactly 10 both branches write «10»
  return value >= 10 ? formatNumber(Math.round(value)) : formatNumber(value, 1);
}

/**
 * An ingredient's amount for `servings` («500 г» for 4 is «750 г» for 6; «2–3 ст. л.» a range of both);
 * words without a number first («по вкусу», «небольшой пучок») stay as they are.
 */
export function scaleAmount(amount: string, baseServings: number, servings: number): string {
  const match = LEADING_NUMBER.exec(amount.trim());
  if (!match || servings === baseServings) return amount;
  const factor = servings / Math.max(1, baseServings);
  const [, from = '', to, rest = ''] = match;
  return to === undefined
    ? `${scaled(from, factor)}${rest}`
    : `${scaled(from, factor)}–${scaled(to, factor)}${rest}`;
}

/** How a product is bought, as far as the amount of it to buy goes. */
export type RecipeProductUnit = {
  /** A pack's grams (a '1 кг' product sold by weight: 1000). */
  weight: number;
  /** Sold by weight (ADR 054): price per kg, bought in grams in steps from a minimum. */
  by_weight?: WeightTerms | null | undefined;
};

/**
 * What to buy of an ingredient's product for `servings`, in the product's own unit: whole packs (packsFor),
 * or for goods sold by weight grams — the packs' weight scaled, rounded up to the product's step, at least its
 * minimum and at most a line's cap (0.7 of a 1 kg piece of beef for 4 is 1 100 г for 6 in steps of 100 г).
 */
export function quantityFor(
  basePacks: number,
  baseServings: number,
  servings: number,
  product: RecipeProductUnit,
): number {
  if (!product.by_weight) return packsFor(basePacks, baseServings, servings);
  const unit = saleUnitOf(product.by_weight);
  // Thousandths of a pack times grams times servings: whole numbers until the one division.
  const milliGrams = Math.round(basePacks * MILLI) * Math.max(0, product.weight) * servings;
  const grams = Math.ceil(milliGrams / (Math.max(1, baseServings) * MILLI));
  return Math.min(unit.max, Math.max(unit.min, Math.ceil(grams / unit.step) * unit.step));
}

/** What a recipe page knows of an ingredient's product in the shopper's area. */
export type RecipeIngredientOffer = {
  text: string;
  /** Packs of the product for the recipe's own servings; 0 without a product. */
  packs: number;
  product:
    | (RecipeProductUnit & {
        _id: string;
        name: string;
        /** Kopecks a piece, or a kilogram for goods sold by weight. */
        price: number;
        /** The point of the area that sells it, and its stock there; null when the area has none. */
        offer: { point: string; count: number } | null;
      })
    | null;
};

/** A line a recipe puts in the basket: `quantity` in the product's unit (pieces, or grams by weight). */
export type RecipeBasketLine = {
  /** The ingredient's position in the recipe. */
  position: number;
  pointId: string;
  productId: string;
  quantity: number;
  text: string;
  /** The point's stock (pieces or grams), and how the product is bought: the basket's caps for a guest. */
  stock: number;
  by_weight: WeightTerms | null;
};

export type RecipeBasketPlan = {
  /** The lines to add: one per ingredient the area has, at its point. */
  lines: RecipeBasketLine[];
  /** Ingredients with a product the area does not have (the ones without a product are not for sale). */
  missing: { position: number; text: string }[];
  /** What the lines cost, in kopecks, at the area's prices (weighed goods by their estimated weight). */
  totalKopecks: number;
};

/** The basket lines a recipe makes for `servings`, and what the area cannot supply. */
export function planRecipeBasket(
  ingredients: readonly RecipeIngredientOffer[],
  baseServings: number,
  servings: number,
): RecipeBasketPlan {
  const plan: RecipeBasketPlan = { lines: [], missing: [], totalKopecks: 0 };
  for (const [position, { text, packs, product }] of ingredients.entries()) {
    if (!product) continue;
    if (!product.offer || product.offer.count <= 0) {
      plan.missing.push({ position, text });
      continue;
    }
    const byWeight = product.by_weight ?? null;
    const quantity = quantityFor(packs, baseServings, servings, product);
    plan.lines.push({
      position,
      pointId: product.offer.point,
      productId: product._id,
      quantity,
      text,
      stock: product.offer.count,
      by_weight: byWeight,
    });
    plan.totalKopecks += linePriceKopecks(product.price, quantity, byWeight !== null);
  }
  return plan;
}

/**
 * Which of a plan's lines a basket takes — a guest's, on the device; a customer's basket service applies the
 * same caps on the server: each on top of what its line holds, capped at its point's stock, and a new line
 * only while the basket has fewer than `maxLines`. A line that would change nothing (its stock is in the
 * basket already) or finds no room is refused, by its ingredient's name.
 */
export function fitRecipeLines(
  basket: BasketMap,
  lines: readonly RecipeBasketLine[],
  maxLines: number = BASKET_MAX_LINES,
): { accepted: RecipeBasketLine[]; refused: RecipeBasketLine[] } {
  const accepted: RecipeBasketLine[] = [];
  const refused: RecipeBasketLine[] = [];
  // Two ingredients may be one product (eggs for the dough and for the glaze): the second adds to the first.
  const planned = new Map<string, number>();
  let count = countLines(basket);
  for (const line of lines) {
    const key = `${line.pointId} ${line.productId}`;
    const before = planned.get(key) ?? findLine(basket, line.pointId, line.productId)?.quantity ?? 0;
    const isNew = before === 0;
    const after = nextQuantity(before, { delta: line.quantity }, line.stock, saleUnitOf(line.by_weight));
    if ((isNew && count >= maxLines) || after <= before) {
      refused.push(line);
      continue;
    }
    if (isNew) count += 1;
    planned.set(key, after);
    accepted.push(line);
  }
  return { accepted, refused };
}

const PRODUCT_FORMS: PluralForms = ['товар', 'товара', 'товаров'];

/**
 * What 'Добавить в корзину' did: «Добавлено в корзину: 5 товаров.», then what was not added («Не добавлены:
 * сметана, укроп.»), or that nothing could be.
 */
export function describeRecipeAdded(added: number, notAdded: readonly string[]): string {
  const list = notAdded.map((name, index) => (index === 0 ? name : name.toLowerCase())).join(', ');
  const missing =
    notAdded.length === 0 ? '' : `${notAdded.length === 1 ? 'Не добавлено' : 'Не добавлены'}: ${list}.`;
  if (added === 0) return `Ничего не добавлено: ингредиентов нет в вашем районе. ${missing}`.trim();
  return `Добавлено в корзину: ${formatCount(added, PRODUCT_FORMS)}. ${missing}`.trim();
}

/** The address a press redirects to (post, redirect, get): the servings, how many went in, what did not. */
export function recipeOutcomeSearch(servings: number, added: number, notAddedAt: readonly number[]): string {
  const search = new URLSearchParams({ servings: String(servings), added: String(added) });
  if (notAddedAt.length > 0) search.set('not_added', notAddedAt.join('.'));
  return search.toString();
}

const SMALL_NUMBER = /^\d{1,3}$/;

/**
 * The message of a press the address carries (recipeOutcomeSearch), in the recipe's own words: only a count
 * and positions of its ingredients are read, so no link can make the page say anything else. Null without one.
 */
export function readRecipeOutcome(
  search: URLSearchParams,
  ingredientTexts: readonly string[],
): string | null {
  const added = search.get('added') ?? '';
  if (!SMALL_NUMBER.test(added)) return null;
  const positions = new Set(
    (search.get('not_added') ?? '')
      .split('.')
      .filter((part) => SMALL_NUMBER.test(part))
      .map(Number)
      .filter((position) => position < ingredientTexts.length),
  );
  const notAdded = [...positions].sort((a, b) => a - b).map((position) => ingredientTexts[position] ?? '');
  return describeRecipeAdded(Number(added), notAdded);
}

/**
 * What an ingredient's product comes to for the servings: «2 шт. × 250 ₽ = 500 ₽», for goods sold by weight
 * «1,1 кг × 899 ₽/кг = 988,90 ₽»; null when the area has none ('нет в вашем районе').
 */
export function describeIngredientOffer(price: number, line: RecipeBasketLine | undefined): string | null {
  if (!line) return null;
  const terms = line.by_weight;
  const each = terms ? formatPerKg(price) : formatRoubles(price);
  const amount = terms ? formatWeightAmount(line.quantity, terms) : `${line.quantity} шт.`;
  return `${amount} × ${each} = ${formatRoubles(linePriceKopecks(price, line.quantity, terms !== null))}`;
}

/** What a recipe page shows for the servings, worked out by its loader (the page's script stays small). */
export type RecipeForServings = {
  /** Each ingredient's amount for the servings. */
  amounts: string[];
  /** Each ingredient's offer line (describeIngredientOffer); null without one. */
  offers: (string | null)[];
  totalKopecks: number;
  /** Whether the area has anything of the recipe: 'Добавить в корзину' can add something. */
  hasLines: boolean;
};

export function recipeForServings(
  recipe: { servings: number; ingredients: readonly (RecipeIngredientOffer & { amount: string })[] },
  servings: number,
): RecipeForServings {
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, servings);
  const lines = new Map(plan.lines.map((line) => [line.position, line]));
  return {
    amounts: recipe.ingredients.map((item) => scaleAmount(item.amount, recipe.servings, servings)),
    offers: recipe.ingredients.map((item, position) =>
      item.product ? describeIngredientOffer(item.product.price, lines.get(position)) : null,
    ),
    totalKopecks: plan.totalKopecks,
    hasLines: plan.lines.length > 0,
  };
}
