import type { Locator, Page } from '@playwright/test';

/** The address map popup 'Укажите ваш адрес' and the pickup popup. */
export class AddressDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Укажите ваш адрес' });
  }

  get map(): Locator {
    return this.dialog.getByRole('application', { name: 'Карта зон доставки' });
  }

  get address(): Locator {
    return this.dialog.getByLabel('Адрес', { exact: true });
  }

  get city(): Locator {
    return this.dialog.getByLabel('Город');
  }

  get pickupDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Пункты самовывоза' });
  }
}
