/**
 * A guest's 'Добавить в корзину' on a recipe page (issue 27, ADR 053): the basket lives on the device, so the
 * plan's lines that the basket takes (fitRecipeLines: the point's stock on top of the line, new lines while
 * there is room) go there, and the answer names the rest. Loaded when a guest presses, not with the page: a
 * customer's press is the page's action, and most visitors never press (the page's JavaScript budget).
 */
import type { Recipe } from '@core/contracts/content';
import { describeRecipeAdded, fitRecipeLines, planRecipeBasket } from '@core/rules/recipe';
import type { BasketApi } from '~/features/basket/basket-context';

export function addRecipeForGuest(basket: BasketApi, recipe: Recipe, servings: number): string {
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, servings);
  const { accepted, refused } = fitRecipeLines(basket.basket, plan.lines);
  for (const line of accepted) {
    const product = recipe.ingredients[line.position]?.product;
    if (!product) continue;
    const { _id, slug, name, img, price, discount, weight, store, by_weight } = product;
    basket.change(
      line.pointId,
      {
        _id,
        slug,
        name,
        img,
        price,
        discount,
        weight,
        store,
        count: line.stock,
        ...(by_weight ? { by_weight } : {}),
      },
      { delta: line.quantity },
    );
  }
  const notAdded = [...plan.missing, ...refused].sort((a, b) => a.position - b.position);
  return describeRecipeAdded(
    accepted.length,
    notAdded.map((item) => item.text),
  );
}
