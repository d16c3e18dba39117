import type { Locator, Page } from '@playwright/test';

/** What every content page has: breadcrumbs, one h1, the main region and its JSON-LD (details only). */
export class ContentPage {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  get breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: 'Хлебные крошки' });
  }

  /** The card links of a list (recipe or article titles), in order. */
  get cardLinks(): Locator {
    return this.main.getByRole('listitem').getByRole('article').getByRole('heading').getByRole('link');
  }

  pager(name: string): Locator {
    return this.page.getByRole('navigation', { name });
  }

  async metaContent(name: string): Promise<string | null> {
    return this.page.locator(`head meta[name="${name}"]`).getAttribute('content');
  }

  /** The parsed schema.org data of the page. */
  async jsonLd(): Promise<Record<string, unknown>> {
    const text = await this.page.locator('script[type="application/ld+json"]').textContent();
    return JSON.parse(text ?? 'null') as Record<string, unknown>;
  }

  /** True when nothing sticks out sideways (no horizontal scrolling on a phone). */
  async fitsViewportWidth(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }

  /**
   * Elements of the main region that reach past the right edge of the screen, scrolled to or clipped (an
   * `overflow: hidden` parent hides the scroll bar, not the cut-off text). Inside a box that scrolls
   * sideways on purpose (chips, carousels) nothing counts.
   */
  async overflowingElements(): Promise<string[]> {
    return this.page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const scrollsSideways = (element: Element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflow = getComputedStyle(parent).overflowX;
          if (overflow === 'auto' || overflow === 'scroll') return true;
        }
        return false;
      };
      return [...document.querySelectorAll('main *')].flatMap((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= width + 0.5 || scrollsSideways(element)) return [];
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return [`<${element.tagName.toLowerCase()}> right edge ${Math.round(box.right)} px: «${text}»`];
      });
    });
  }
}

/** /recipes/{slug} */
export class RecipePage extends ContentPage {
  get ingredients(): Locator {
    return this.main.getByRole('region', { name: 'Ингредиенты' });
  }

  get steps(): Locator {
    return this.main.getByRole('region', { name: 'Приготовление' }).getByRole('listitem');
  }
}

/** /vacancy */
export class VacancyPage extends ContentPage {
  get cityFilter(): Locator {
    return this.page.getByRole('navigation', { name: 'Город' });
  }

  get vacancies(): Locator {
    return this.main.getByRole('article');
  }

  vacancy(title: string): Locator {
    return this.vacancies.filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }
}
