import type { ReactElement } from 'react';
import { ListBox, Popover } from 'react-aria-components';
import { cx } from '~/lib/cx';
import { AriaProviders } from './aria-providers';

/**
 * The dropdown of a combobox's suggestions (the header search's, the address popup's): a popover as wide as
 * the field, its list scrolling within `heightClass`, and a line in place of the list while it is empty
 * (searching, nothing found, or what went wrong). The combobox gives the items; `children` renders one.
 */
export function SuggestionList<T extends object>({
  label,
  offset,
  heightClass,
  emptyText,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  offset: number;
  heightClass: string;
  emptyText: string;
  children: (item: T) => ReactElement;
}) {
  // Its callers' comboboxes have the providers already; a list of its own needs them too (ADR 044).
  return (
    <AriaProviders>
      <Popover
        placement="bottom start"
        offset={offset}
        className="w-[var(--trigger-width)] overflow-hidden rounded-2xl bg-white shadow-pop outline-none"
      >
        <ListBox<T>
          aria-label={label}
          className={cx('overflow-y-auto py-2 outline-none', heightClass)}
          renderEmptyState={() => <p className="px-4 py-3 text-[15px] text-muted">{emptyText}</p>}
        >
          {children}
        </ListBox>
      </Popover>
    </AriaProviders>
  );
}
