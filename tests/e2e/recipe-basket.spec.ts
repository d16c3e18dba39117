/**
 * A recipe into the basket (issue 27): a guest with a delivery zone cooks «Сырники со сметаной» for six, sees
 * the amounts and the total for six, and adds what the zone has in one press; the basket then holds exactly
 * those lines, in the packs six servings need. A customer's press goes through the page's action and comes
 * back (post, redirect, get) naming what the zone lacks — with JavaScript and without it; without JavaScript
 * the servings still scale (a GET form) and a guest's press leads to the login page.
 */
import type { Recipe } from '@core/contracts/content';
import { formatRoubles } from '@core/rules/price';
import { describeRecipeAdded, planRecipeBasket } from '@core/rules/recipe';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient } from './pages/auth';
import { BasketPage } from './pages/basket';
import { deliveryZoneCookie, RecipePage } from './pages/recipe';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

const SLUG = 'syrniki-so-smetanoy';
const BORSHCH = 'borshch-s-govyadinoy';

/** The recipe as the API shows it in the zone of `cookie`. */
async function recipeInZone(page: Page, slug: string, cookie: { name: string; value: string }) {
  const response = await page.request.get(`/api/recipes/${slug}`, {
    headers: { cookie: `${cookie.name}=${cookie.value}` },
  });
  return (await response.json()) as Recipe;
}

/** The message a press answers with (no-break spaces as the page writes them). */
function expectedMessage(recipe: Recipe, servings: number): string {
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, servings);
  return describeRecipeAdded(
    plan.lines.length,
    plan.missing.map((item) => item.text),
  );
}

test('a guest with a delivery zone adds a recipe’s ingredients for six servings to the basket', async ({
  page,
  context,
  baseURL,
}) => {
  const cookie = await deliveryZoneCookie(page.request, baseURL ?? '');
  await context.addCookies([cookie]);
  // What the zone has of the recipe, as the API says: the lines six servings make.
  const recipe = await recipeInZone(page, SLUG, cookie);
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, 6);
  expect(plan.lines.length).toBeGreaterThan(0);

  const recipePage = new RecipePage(page);
  await recipePage.goto(SLUG);
  await recipePage.cookFor(6);
  await expect(page).toHaveURL(/servings=6/);
  await expect(recipePage.ingredients).toContainText('на 6 порций');
  // 500 г of curd for four is 750 г for six.
  await expect(recipePage.ingredients.getByText('750 г', { exact: true })).toBeVisible();
  await expect(recipePage.total).toHaveText(formatRoubles(plan.totalKopecks));
  await expectAccessible(page);

  // By keyboard: the button is reached and pressed with the keys alone.
  await recipePage.addToBasket.focus();
  await page.keyboard.press('Enter');
  await expect(recipePage.result).toHaveText(expectedMessage(recipe, 6));

  const basket = new BasketPage(page);
  await page.goto('/basket');
  for (const line of plan.lines) {
    const product = recipe.ingredients[line.position]?.product;
    if (!product) throw new Error(`no product for ${line.text}`);
    await expect(basket.quantity(product.name)).toHaveValue(String(line.quantity));
  }
});

test('a signed-in customer’s press adds through the page’s action and names what the zone lacks', async ({
  page,
  context,
  baseURL,
}) => {
  const cookie = await deliveryZoneCookie(page.request, baseURL ?? '');
  await context.addCookies([cookie]);
  await signInByApi(page, 'Светлана', '9120000311');
  const recipe = await recipeInZone(page, BORSHCH, cookie);
  const plan = planRecipeBasket(recipe.ingredients, recipe.servings, recipe.servings);
  const recipePage = new RecipePage(page);
  await recipePage.goto(BORSHCH);
  await recipePage.addToBasket.click();
  // Back on the page (post, redirect, get), the address carrying what was added.
  await expect(page).toHaveURL(new RegExp(`/recipes/${BORSHCH}\\?servings=${recipe.servings}&added=`));
  await expect(recipePage.result).toHaveText(expectedMessage(recipe, recipe.servings));
  // The basket holds the lines (the root loader ran again after the action, so the header's badge follows).
  const basket = (await (await page.request.get('/api/user/me/basket')).json()) as Record<string, unknown[]>;
  expect(Object.values(basket).flat()).toHaveLength(plan.lines.length);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the servings scale the amounts, and a guest’s «Добавить в корзину» leads to the login page', async ({
    page,
  }) => {
    const recipePage = new RecipePage(page);
    await recipePage.goto(SLUG);
    await recipePage.cookFor(8);
    await expect(page).toHaveURL(/servings=8/);
    // 500 г for four is 1 000 г (a no-break space between the thousands) for eight.
    await expect(recipePage.ingredients.getByText(/^1\s000 г$/)).toBeVisible();
    await recipePage.addToBasket.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test('a customer’s press posts the form and comes back saying what went in', async ({
    page,
    context,
    baseURL,
  }) => {
    const cookie = await deliveryZoneCookie(page.request, baseURL ?? '');
    await context.addCookies([cookie]);
    await signInByApi(page, 'Тимофей', '9120000312');
    const recipe = await recipeInZone(page, SLUG, cookie);
    const recipePage = new RecipePage(page);
    await recipePage.goto(SLUG, 6);
    await recipePage.addToBasket.click();
    await expect(page).toHaveURL(new RegExp(`/recipes/${SLUG}\\?servings=6&added=\\d+`));
    await expect(recipePage.result).toHaveText(expectedMessage(recipe, 6));
    // A reload reads the page again; it does not post a second time.
    await page.reload();
    const basket = (await (await page.request.get('/api/user/me/basket')).json()) as Record<
      string,
      { quantity: number }[]
    >;
    const lines = planRecipeBasket(recipe.ingredients, recipe.servings, 6).lines;
    const quantities = Object.values(basket)
      .flat()
      .map((line) => line.quantity);
    expect(quantities.sort()).toEqual(lines.map((line) => line.quantity).sort());
  });
});
