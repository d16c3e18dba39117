/**
 * 'Добавить в корзину' on a recipe page (issue 27): every ingredient the shopper's area has, at its point, in
 * the packs the chosen servings need, on top of what the basket holds (the basket caps each line at its
 * point's stock and the basket's size), in one call; what could not go in is named.
 */
import type { Recipe, RecipeToBasketResult } from '@core/contracts/content';
import type { AssortmentScope } from '@core/rules/delivery-area';
import { describeRecipeAdded, planRecipeBasket } from '@core/rules/recipe';
import { clampServings } from '@core/rules/recipe-servings';
import type { RateLimiter } from '../../limits/rate-limit';

/** Habit 14: a customer and an address may fill baskets from recipes this often. */
export const RECIPE_TO_BASKET_RATES = { perUser: 20, perAddress: 60, windowMs: 60_000 } as const;
const RATE_MESSAGE = 'Слишком часто. Повторите через';

export type RecipeToBasketDeps = {
  rates: Pick<RateLimiter, 'take'>;
  basket: {
    addItems(
      userId: string,
      additions: readonly { pointId: string; productId: string; quantity: number }[],
    ): Promise<{ productId: string; added: number }[]>;
  };
};

export async function addRecipeToBasket(
  deps: RecipeToBasketDeps,
  getRecipe: (slug: string, scope?: AssortmentScope) => Promise<Recipe>,
  input: { userId: string; ip: string; slug: string; servings: unknown; scope?: AssortmentScope },
): Promise<RecipeToBasketResult> {
  const { perUser, perAddress, windowMs } = RECIPE_TO_BASKET_RATES;
  await deps.rates.take([
    { key: `recipe-basket:user:${input.userId}`, limit: perUser, windowMs, message: RATE_MESSAGE },
    { key: `recipe-basket:ip:${input.ip}`, limit: perAddress, windowMs, message: RATE_MESSAGE },
  ]);
  const recipe = await getRecipe(input.slug, input.scope);
  const servings = clampServings(input.servings, recipe.servings);
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, servings);
  const results = await deps.basket.addItems(input.userId, plan.lines);
  // The basket answers in the order it was asked: a line with nothing added was refused (stock, room).
  const refused = plan.lines.filter((_, index) => (results[index]?.added ?? 0) === 0);
  const notAdded = [...plan.missing, ...refused].sort((a, b) => a.position - b.position);
  const added = plan.lines.length - refused.length;
  const texts = notAdded.map((item) => item.text);
  return {
    success: true,
    servings,
    added,
    not_added: texts,
    not_added_at: notAdded.map((item) => item.position),
    message: describeRecipeAdded(added, texts),
  };
}
