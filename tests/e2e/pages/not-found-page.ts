import type { Locator, Page } from '@playwright/test';

/** The 404 page: 'Ошибка 404' and its two ways out. */
export class NotFoundPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Ошибка 404' });
  }

  get toCatalog(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'В каталог' });
  }

  get toHome(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'На главную' });
  }
}
