import type { Locator, Page } from '@playwright/test';

/** The header search combobox (desktop field 'Искать товары'). */
export class SearchBox {
  constructor(readonly page: Page) {}

  get input(): Locator {
    return this.page.getByRole('combobox', { name: 'Поиск товаров' }).first();
  }

  get results(): Locator {
    return this.page.getByRole('listbox', { name: 'Результаты поиска' });
  }

  option(name: string | RegExp): Locator {
    return this.results.getByRole('option', { name });
  }

  /** The option the arrows have reached: the field's aria-activedescendant (focus stays in the field). */
  get activeOption(): Locator {
    return this.results.locator('[role="option"][data-focused]');
  }
}
