import { Link } from 'react-router';
import type { CategoryLink } from './page-data';

/**
 * Top-level categories, and the children of the open one; `hrefFor` knows whether categories are a path or a
 * filter. One list for every width (ADR 044): a row of chips that scrolls on phones, the sidebar's list from
 * lg (.cat-* in app.css; the links are `.cat-nav li > a`, no class each). The current one is marked with
 * aria-current, which the styles read.
 */
export function CategoryNav({
  categories,
  activeSlug,
  hrefFor,
  allHref,
  isOwnRoute = false,
}: {
  categories: readonly CategoryLink[];
  activeSlug?: string;
  hrefFor: (category: CategoryLink) => string;
  allHref: string;
  /**
   * Every link goes to this page's own static route (/catalog and its query): React Router already has it, so
   * the links need no route discovery (`data-discover`, a dozen a page).
   */
  isOwnRoute?: boolean;
}) {
  const discover = isOwnRoute ? 'none' : 'render';
  const roots = categories.filter((category) => category.parent === null);
  const current = (slug: string | undefined) => (activeSlug === slug ? 'page' : undefined);
  return (
    <nav aria-label="Категории" className="cat-nav">
      <ul className="cat-list">
        <li>
          <Link to={allHref} aria-current={current(undefined)} discover={discover}>
            Все товары
          </Link>
        </li>
        {roots.map((root) => {
          const children = categories.filter((category) => category.parent === root.slug);
          const isOpen = activeSlug === root.slug || children.some((child) => child.slug === activeSlug);
          return (
            <li key={root.slug}>
              <Link to={hrefFor(root)} aria-current={current(root.slug)} discover={discover}>
                {root.name}
              </Link>
              {isOpen && children.length > 0 ? (
                <ul className="cat-sub">
                  {children.map((child) => (
                    <li key={child.slug}>
                      <Link to={hrefFor(child)} aria-current={current(child.slug)} discover={discover}>
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
