import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** /recipes/{slug}: the ingredients, the servings to cook for, the total and 'Добавить в корзину'. */
export class RecipePage {
  constructor(readonly page: Page) {}

  goto(slug: string, servings?: number) {
    return this.page.goto(`/recipes/${slug}${servings === undefined ? '' : `?servings=${servings}`}`);
  }

  get ingredients(): Locator {
    return this.page.getByRole('region', { name: 'Ингредиенты' });
  }

  get servings(): Locator {
    return this.ingredients.getByRole('spinbutton', { name: 'Порций' });
  }

  get recalculate(): Locator {
    return this.ingredients.getByRole('button', { name: 'Пересчитать' });
  }

  get addToBasket(): Locator {
    return this.ingredients.getByRole('button', { name: 'Добавить в корзину' });
  }

  get total(): Locator {
    return this.page.getByTestId('recipe-total');
  }

  /** What the last press did ('Добавлено в корзину: …'): a status region, read out when it changes. */
  get result(): Locator {
    return this.ingredients.getByRole('status');
  }

  /** The servings typed and recalculated (a GET form: the address then says them). */
  async cookFor(servings: number): Promise<void> {
    await this.servings.fill(String(servings));
    await this.recalculate.click();
  }
}

/** The cookie of the default city's first delivery zone, as the header's address popup would set it. */
export async function deliveryZoneCookie(request: APIRequestContext, baseURL: string) {
  type City = { _id: string; default: boolean; delivery_areas: { _id: string }[] };
  const { cities } = (await (await request.get('/api/settings')).json()) as { cities: City[] };
  const city = cities.find((item) => item.default) ?? cities[0];
  const zone = city?.delivery_areas[0];
  if (!city || !zone) throw new Error('the demo data has no delivery zone');
  return { name: 'fresh_area', value: `d.${city._id}.${zone._id}`, url: baseURL };
}
