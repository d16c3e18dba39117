import { SEARCH_MAX_LENGTH } from '@core/rules/search-text';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';

/** The results page of a query: where Enter goes, with JavaScript or without. */
export function resultsHref(query: string): string {
  return `/search?q=${encodeURIComponent(query)}`;
}

/** What the light field hands to the combobox as it takes over: the field (its text) and whether it had focus. */
export type SearchTakeOver = { field: HTMLInputElement | null; isFocused: boolean };

// The suggestions' combobox (react-aria's ComboBox, ListBox and Popover: about 30 KB) loads on first use.
const combobox = onFirstUse(() => import('./search-combobox'));

/** The field's look, the same before and after the combobox takes over. */
/** A component class (app.css): every page's header has two search fields (wide and phone). */
export const SEARCH_FIELD_CLASS = 'search-field';

/**
 * The header product search (SPEC §2). Pages render a plain GET form to /search with the field, so Enter
 * works before hydration and without JavaScript; the suggestions' combobox (search-combobox.tsx) loads when
 * the shopper reaches for the field — a hover, a touch, a focus, or text typed before the page was alive —
 * and takes its place with its text and focus (ADR 044).
 */
export function SearchBox({
  id,
  placeholder,
  className,
}: {
  id: string;
  placeholder: string;
  className?: string;
}) {
  const [loaded, request] = useFirstUse(combobox);
  const navigate = useNavigate();
  const takeOver = useRef<SearchTakeOver>({ field: null, isFocused: false });
  // Focused or typed into before React listened (a slow phone): the combobox is wanted now.
  useEffect(() => {
    const field = takeOver.current.field;
    if (!field) return;
    if (document.activeElement === field || field.value !== '') request();
  }, [request]);

  if (loaded) {
    // The light field is still on the page in this render: whether it has the focus is what is handed over.
    const light = takeOver.current;
    if (light.field?.isConnected) light.isFocused = document.activeElement === light.field;
    return (
      <loaded.SearchCombobox id={id} placeholder={placeholder} className={className} takeOver={takeOver} />
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet announced by every screen reader.
    <form
      role="search"
      action="/search"
      method="get"
      aria-label="Поиск товаров"
      className={cx('relative', className)}
      onSubmit={(event) => {
        const text = takeOver.current.field?.value.trim() ?? '';
        event.preventDefault();
        if (text) void navigate(resultsHref(text));
      }}
    >
      <div className="relative">
        <label htmlFor={id} className="sr-only">
          Поиск товаров
        </label>
        <Icon name="search" className="search-icon" />
        <input
          ref={(node) => {
            // Kept after it is gone: the combobox reads its text as it takes over.
            if (node) takeOver.current.field = node;
          }}
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          enterKeyHint="search"
          onPointerEnter={request}
          onTouchStart={request}
          onFocus={request}
          onInput={request}
          className={SEARCH_FIELD_CLASS}
        />
      </div>
    </form>
  );
}
