import type { Category } from '@core/contracts/catalog';
import { NavLink } from 'react-router';
import { cx } from '~/lib/cx';

/** Top-level categories with their children; `hrefFor` knows whether categories are a path or a filter. */
export function CategoryNav({
  categories,
  activeSlug,
  hrefFor,
  allHref,
}: {
  categories: readonly Category[];
  activeSlug?: string;
  hrefFor: (category: Category) => string;
  allHref: string;
}) {
  const roots = categories.filter((category) => category.parent === null);
  const item = (isActive: boolean) =>
    cx(
      'block rounded-xl px-3 py-2 text-[15px] transition-colors',
      isActive ? 'bg-brand-600 font-semibold text-white' : 'text-ink hover:bg-brand-50',
    );
  return (
    <nav aria-label="Категории">
      <ul className="flex flex-col gap-0.5">
        <li>
          <NavLink to={allHref} end className={() => item(activeSlug === undefined)}>
            Все товары
          </NavLink>
        </li>
        {roots.map((root) => {
          const children = categories.filter((category) => category.parent === root._id);
          const isOpen = activeSlug === root.slug || children.some((child) => child.slug === activeSlug);
          return (
            <li key={root._id}>
              <NavLink
                to={hrefFor(root)}
                className={() => item(activeSlug === root.slug)}
                aria-current={activeSlug === root.slug ? 'page' : undefined}
              >
                {root.name}
              </NavLink>
              {isOpen && children.length > 0 ? (
                <ul className="mt-0.5 ml-3 flex flex-col gap-0.5 border-l border-line pl-2">
                  {children.map((child) => (
                    <li key={child._id}>
                      <NavLink
                        to={hrefFor(child)}
                        className={() => item(activeSlug === child.slug)}
                        aria-current={activeSlug === child.slug ? 'page' : undefined}
                      >
                        {child.name}
                      </NavLink>
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

/** The same categories as a horizontally scrolling row of chips, for phones. */
export function CategoryChips({
  categories,
  activeSlug,
  hrefFor,
  allHref,
}: {
  categories: readonly Category[];
  activeSlug?: string;
  hrefFor: (category: Category) => string;
  allHref: string;
}) {
  const roots = categories.filter((category) => category.parent === null);
  const chip = (isActive: boolean) =>
    cx(
      'inline-flex h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-medium',
      isActive ? 'bg-brand-600 text-white' : 'bg-white text-ink shadow-card',
    );
  return (
    <nav aria-label="Категории" className="-mx-4 overflow-x-auto px-4 pb-1">
      <ul className="flex gap-2">
        <li>
          <NavLink to={allHref} end className={() => chip(activeSlug === undefined)}>
            Все
          </NavLink>
        </li>
        {roots.map((root) => (
          <li key={root._id}>
            <NavLink to={hrefFor(root)} className={() => chip(activeSlug === root.slug)}>
              {root.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
