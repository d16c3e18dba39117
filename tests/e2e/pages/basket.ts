import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** A product card in a grid, or the product page's buy box: the add-to-basket control of one product. */
export class BasketControl {
  constructor(
    readonly scope: Locator,
    readonly productName: string,
  ) {}

  get add(): Locator {
    return this.scope.getByRole('button', { name: `В корзину: ${this.productName}`, exact: true });
  }

  get stepper(): Locator {
    return this.scope.getByRole('group', { name: `В корзине: ${this.productName}`, exact: true });
  }

  get plus(): Locator {
    return this.stepper.getByRole('button', { name: /^Добавить ещё/ });
  }

  get minus(): Locator {
    return this.stepper.getByRole('button', { name: /^Убрать одну/ });
  }
}

/** /basket: one section per point, each a shop's order. */
export class BasketPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Корзина' });
  }

  /** The groups of the basket (sections titled with the shop's name, each with its 'Удалить все'). */
  get groups(): Locator {
    return this.page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: this.page.getByRole('button', { name: /^Удалить все товары: / }) });
  }

  group(shopName: string): Locator {
    return this.page.getByRole('region', { name: shopName, exact: true });
  }

  /** The quantity field of a line (a spin button named after the product). */
  quantity(productName: string): Locator {
    return this.page.getByRole('textbox', { name: `Количество: ${productName}`, exact: true });
  }

  /** The counter around a line's quantity field, with its − and + buttons. */
  counter(productName: string): Locator {
    return this.page.getByRole('group').filter({ has: this.quantity(productName) });
  }

  /** + and − of a line, each named after its product (issue 21: 'Увеличить' alone read the same on every line). */
  increase(productName: string): Locator {
    return this.counter(productName).getByRole('button', {
      name: `Увеличить количество: ${productName}`,
      exact: true,
    });
  }

  decrease(productName: string): Locator {
    return this.counter(productName).getByRole('button', {
      name: `Уменьшить количество: ${productName}`,
      exact: true,
    });
  }

  /**
   * The basket's one 'Оформить заказ' of a signed-in customer: a link to checkout; a disabled button while no
   * shop reaches its minimum order. A guest's is a button that opens the login popup.
   */
  get checkout(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Оформить заказ', exact: true });
  }

  get disabledCheckout(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Оформить заказ', exact: true });
  }

  /** The summary of all groups: 'Товары · Скидка · Доставка · Итого'. */
  get summary(): Locator {
    return this.page.getByRole('region', { name: 'Итого', exact: true });
  }

  get empty(): Locator {
    return this.page.getByRole('heading', { name: 'Корзина пуста' });
  }
}

export type CatalogProduct = {
  _id: string;
  slug: string;
  name: string;
  store: { _id: string; name: string };
  offer: { point: string; count: number; price: number } | null;
  /** Sold by weight (ADR 054): price per kg, counts in grams. */
  by_weight?: { step: number; min: number; piece: number | null };
};

/** Products of the catalogue API, page by page, until `pick` has what it needs. */
export async function findProducts(
  request: APIRequestContext,
  pick: (products: CatalogProduct[]) => boolean,
  { isByWeight = false }: { isByWeight?: boolean } = {},
): Promise<CatalogProduct[]> {
  const found: CatalogProduct[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const answer = await request.get(`/api/catalog/products?page=${page}`);
    const body = (await answer.json()) as { products: CatalogProduct[]; pages: number };
    // Journeys count pieces unless they ask for goods sold by weight (grams in steps, ADR 054).
    found.push(...body.products.filter((product) => (product.by_weight !== undefined) === isByWeight));
    if (pick(found) || page >= body.pages) break;
  }
  return found;
}
