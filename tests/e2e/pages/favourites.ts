import { expect, type Locator, type Page } from '@playwright/test';

/** The hearts, the sets' popups and /favourites, as a customer finds them. */
export class Favourites {
  constructor(readonly page: Page) {}

  /** The heart of an item (a toggle button: pressed while it is a favourite). */
  heart(name: string, scope: Locator = this.page.getByRole('main')): Locator {
    return scope.getByRole('button', { name: `В избранное: ${name}`, exact: true });
  }

  /**
   * Presses a heart and waits for the server's answer. The heart and the header's count change at once (they
   * count a post still on its way); a page load right after would cancel that post, as a loaded machine in CI
   * did (2026-11-28), so a journey that goes on to another page waits for it.
   */
  async press(name: string, scope?: Locator): Promise<void> {
    const stored = this.page.waitForResponse((response) => response.request().method() === 'POST');
    await this.heart(name, scope).click();
    expect((await stored).ok()).toBe(true);
  }

  /** 'Добавить в набор' on a product card (icon) or a product page (words). */
  addToSet(name: string): Locator {
    return this.page
      .getByRole('main')
      .getByRole('button', { name: new RegExp(`^Добавить в набор(: ${escapeRegExp(name)})?$`) })
      .first();
  }

  /** The header's favourites link, named with its badge ('Избранное, 3'). */
  get headerLink(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: /^Избранное/ });
  }

  get addToSetDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Добавить в набор' });
  }

  get createSetDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Создать набор' });
  }

  get renameSetDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Переименовать набор' });
  }

  /** A set in the 'Добавить в набор' popup: pressed while the product is in it. */
  setChoice(title: string): Locator {
    return this.addToSetDialog.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)} `) });
  }

  setContents(title: string): Locator {
    return this.page.getByRole('dialog', { name: title, exact: true });
  }

  get tabs(): Locator {
    return this.page.getByRole('tablist', { name: 'Разделы избранного' });
  }

  tab(name: 'Товары' | 'Магазины' | 'Статьи' | 'Наборы'): Locator {
    return this.tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Moves focus with Tab (Shift+Tab with `backwards`) until `target` has it: how a keyboard user gets to a
 * control. Fails if it takes more than `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 150 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${limit} presses of Tab`).toBeFocused();
}
