/**
 * A recipe into the basket (issue 27): a guest with a delivery zone cooks «Сырники со сметаной» for six, sees
 * the amounts and the total for six, and adds what the zone has in one press; the basket then holds exactly
 * those lines, in the packs six servings need. Without JavaScript the servings still scale (a GET form).
 */
import type { Recipe } from '@core/contracts/content';
import { formatRoubles } from '@core/rules/price';
import { planRecipeBasket } from '@core/rules/recipe';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient } from './pages/auth';
import { BasketPage } from './pages/basket';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

const SLUG = 'syrniki-so-smetanoy';

/** The default city's first delivery zone, as the header's address popup would set it. */
async function zoneCookie(request: import('@playwright/test').APIRequestContext, baseURL: string) {
  type City = { _id: string; default: boolean; delivery_areas: { _id: string }[] };
  const { cities } = (await (await request.get('/api/settings')).json()) as { cities: City[] };
  const city = cities.find((item) => item.default) ?? cities[0];
  const zone = city?.delivery_areas[0];
  if (!city || !zone) throw new Error('the demo data has no delivery zone');
  return { name: 'fresh_area', value: `d.${city._id}.${zone._id}`, url: baseURL };
}

test('a guest with a delivery zone adds a recipe’s ingredients for six servings to the basket', async ({
  page,
  context,
  baseURL,
}) => {
  const cookie = await zoneCookie(page.request, baseURL ?? '');
  await context.addCookies([cookie]);
  // What the zone has of the recipe, as the API says: the lines six servings make.
  const recipe = (await (
    await page.request.get(`/api/recipes/${SLUG}`, { headers: { cookie: `${cookie.name}=${cookie.value}` } })
  ).json()) as Recipe;
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, 6);
  expect(plan.lines.length).toBeGreaterThan(0);

  await page.goto(`/recipes/${SLUG}`);
  const ingredients = page.getByRole('region', { name: 'Ингредиенты' });
  await ingredients.getByRole('spinbutton', { name: 'Порций' }).fill('6');
  await ingredients.getByRole('button', { name: 'Пересчитать' }).click();
  await expect(page).toHaveURL(/servings=6/);
  await expect(ingredients).toContainText('на 6 порций');
  // 500 г of curd for four is 750 г for six.
  await expect(ingredients.getByText('750 г', { exact: true })).toBeVisible();
  await expect(page.getByTestId('recipe-total')).toHaveText(formatRoubles(plan.totalKopecks));
  await expectAccessible(page);

  await ingredients.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByTestId('recipe-basket-result')).toContainText(
    `Добавлено в корзину: ${plan.lines.length}`,
  );

  const basket = new BasketPage(page);
  await page.goto('/basket');
  for (const line of plan.lines) {
    const product = recipe.ingredients.find((item) => item.product?._id === line.productId)?.product;
    if (!product) throw new Error(`no product for ${line.text}`);
    await expect(basket.quantity(product.name)).toHaveValue(String(line.quantity));
  }
});

test('a signed-in customer’s press adds through the page’s action and names what the zone lacks', async ({
  page,
  context,
  baseURL,
}) => {
  const cookie = await zoneCookie(page.request, baseURL ?? '');
  await context.addCookies([cookie]);
  await signInByApi(page, 'Светлана', '9120000311');
  const recipe = (await (
    await page.request.get('/api/recipes/borshch-s-govyadinoy', {
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    })
  ).json()) as Recipe;
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, recipe.servings);
  await page.goto('/recipes/borshch-s-govyadinoy');
  const ingredients = page.getByRole('region', { name: 'Ингредиенты' });
  await ingredients.getByRole('button', { name: 'Добавить в корзину' }).click();
  const result = page.getByTestId('recipe-basket-result');
  await expect(result).toContainText(`Добавлено в корзину: ${plan.lines.length}`);
  // What the zone lacks is named (after the first, in lower case).
  for (const missing of plan.missing)
    await expect(result).toContainText(new RegExp(missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
  // The header's basket badge follows (the root loader ran again after the action).
  const basket = (await (await page.request.get('/api/user/me/basket')).json()) as Record<string, unknown[]>;
  expect(Object.values(basket).flat()).toHaveLength(plan.lines.length);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the servings scale the amounts, and a guest’s «Добавить в корзину» leads to the login page', async ({
    page,
  }) => {
    await page.goto(`/recipes/${SLUG}`);
    const ingredients = page.getByRole('region', { name: 'Ингредиенты' });
    await ingredients.getByRole('spinbutton', { name: 'Порций' }).fill('8');
    await ingredients.getByRole('button', { name: 'Пересчитать' }).click();
    await expect(page).toHaveURL(/servings=8/);
    // 500 г for four is 1 000 г (a no-break space between the thousands) for eight.
    await expect(ingredients.getByText(/^1\s000 г$/)).toBeVisible();
    await ingredients.getByRole('button', { name: 'Добавить в корзину' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });
});
