/**
 * A recipe for the shopper's table (issue 27): its servings scaled, the packs of each linked product to buy
 * for them, and the lines to put in the basket. The same on the server (the recipe page's action) and in the
 * browser (a guest's basket lives there).
 */
import { formatNumber } from './number-format';
import { formatCount, type PluralForms } from './plural';

export const RECIPE_MIN_SERVINGS = 1;
export const RECIPE_MAX_SERVINGS = 24;

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

/** The servings asked for, within what a recipe page offers; anything unreadable is the recipe's own. */
export function clampServings(asked: unknown, baseServings: number): number {
  const text = String(asked);
  if (!/^\d{1,3}$/.test(text)) return baseServings;
  return Math.min(RECIPE_MAX_SERVINGS, Math.max(RECIPE_MIN_SERVINGS, Number(text)));
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

/** What a recipe page knows of an ingredient's product in the shopper's area. */
export type RecipeIngredientOffer = {
  text: string;
  /** Packs of the product for the recipe's own servings; 0 without a product. */
  packs: number;
  product: {
    _id: string;
    name: string;
    price: number;
    /** The point of the area that sells it, and its stock there; null when the area has none. */
    offer: { point: string; count: number } | null;
  } | null;
};

export type RecipeBasketPlan = {
  /** The lines to add: one per ingredient the area has, at its point. */
  lines: { pointId: string; productId: string; quantity: number; text: string }[];
  /** Ingredients with a product the area does not have (the ones without a product are not for sale). */
  missing: string[];
  /** What the lines cost, in kopecks, at the area's prices. */
  totalKopecks: number;
};

/** The basket lines a recipe makes for `servings`, and what the area cannot supply. */
export function planRecipeBasket(
  ingredients: readonly RecipeIngredientOffer[],
  baseServings: number,
  servings: number,
): RecipeBasketPlan {
  const plan: RecipeBasketPlan = { lines: [], missing: [], totalKopecks: 0 };
  for (const { text, packs, product } of ingredients) {
    if (!product) continue;
    if (!product.offer || product.offer.count <= 0) {
      plan.missing.push(text);
      continue;
    }
    const quantity = packsFor(packs, baseServings, servings);
    plan.lines.push({ pointId: product.offer.point, productId: product._id, quantity, text });
    plan.totalKopecks += product.price * quantity;
  }
  return plan;
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
