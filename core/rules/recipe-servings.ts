/**
 * The servings a recipe page cooks for (issue 27, ADR 053): the bounds its 'Порций' field offers, and the
 * servings asked for read within them. Apart from ./recipe.ts so the page's field takes the bounds without the
 * recipe's rules (a guest's press loads those).
 */
export const RECIPE_MIN_SERVINGS = 1;
export const RECIPE_MAX_SERVINGS = 24;

/** The servings asked for, within what a recipe page offers; anything unreadable is the recipe's own. */
export function clampServings(asked: unknown, baseServings: number): number {
  const text = String(asked);
  if (!/^\d{1,3}$/.test(text)) return baseServings;
  return Math.min(RECIPE_MAX_SERVINGS, Math.max(RECIPE_MIN_SERVINGS, Number(text)));
}
