import type { Locator, Page } from '@playwright/test';

/** The storefront shell as a customer sees it: header, footer, menus, popups and toasts. */
export class Shell {
  constructor(readonly page: Page) {}

  get header(): Locator {
    return this.page.getByRole('banner');
  }

  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** The header's settings navigation (desktop). */
  get headerNavigation(): Locator {
    return this.header.getByRole('navigation', { name: 'Информация для покупателей' });
  }

  /** One footer group, by its settings name. */
  footerGroup(name: string): Locator {
    return this.footer.getByRole('navigation', { name, exact: true });
  }

  /** The catalogue button beside the search field (not the settings entry of the same name). */
  get catalogButton(): Locator {
    return this.header.locator('a[href="/catalog"]:not(nav a)');
  }

  get burger(): Locator {
    return this.header.getByRole('button', { name: 'Меню', exact: true });
  }

  get mobileMenu(): Locator {
    return this.page.getByRole('dialog', { name: 'Меню', exact: true });
  }

  /** 'Кабинет', and the unread notifications when there are any ('Кабинет, непрочитанных уведомлений: 2'). */
  get cabinetButton(): Locator {
    return this.header.getByRole('button', { name: /^Кабинет/ });
  }

  /** The dropdown, named by its button. */
  get cabinetMenu(): Locator {
    return this.page.getByRole('menu', { name: /^Кабинет/ });
  }

  get loginDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Добро пожаловать' });
  }

  get toastRegion(): Locator {
    return this.page.getByRole('region', { name: 'Уведомления', exact: true });
  }

  toast(text: string): Locator {
    return this.toastRegion.getByRole('status').filter({ hasText: text });
  }

  async openCabinetMenu(): Promise<Locator> {
    await this.cabinetButton.click();
    return this.cabinetMenu;
  }

  /** Pretends the customer switched to another tab (document.visibilityState becomes 'hidden'). */
  async switchTabAway(): Promise<void> {
    await this.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }
}
