import type { SearchItem } from '@core/contracts/catalog';
import { searchItemHref } from '@core/rules/catalog';
import { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@core/rules/search-text';
import { Package, Search, Store } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cx } from '~/lib/cx';

type Status = 'idle' | 'loading' | 'done' | 'failed';

/**
 * Debounced suggestions for a query: nothing under 3 characters, one request 300 ms after the last
 * keystroke, earlier requests cancelled (SPEC §5, §9).
 */
function useSuggestions(query: string): { items: SearchItem[]; status: Status } {
  const [state, setState] = useState<{ items: SearchItem[]; status: Status }>({ items: [], status: 'idle' });
  useEffect(() => {
    if (!isSearchable(query)) {
      setState({ items: [], status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((current) => ({ ...current, status: 'loading' }));
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`search ${response.status}`);
        setState({ items: (await response.json()) as SearchItem[], status: 'done' });
      } catch (error) {
        if (!controller.signal.aborted) {
          console.error(error);
          setState({ items: [], status: 'failed' });
        }
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return state;
}

/**
 * The header product search (SPEC §2): a combobox whose dropdown lists shop catalogues and products;
 * arrows move through it, Enter opens the highlighted item or, with none, the results page. A plain GET form
 * to /search underneath, so it works before hydration too.
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
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { items, status } = useSuggestions(query);
  const rootRef = useRef<HTMLFormElement>(null);

  // A new result list starts without a highlighted item; a navigation closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items is the trigger.
  useEffect(() => setActive(-1), [items]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger.
  useEffect(() => setOpen(false), [location.key]);

  const isShown = isOpen && isSearchable(query) && status !== 'idle';
  const open = (item: SearchItem) => {
    setOpen(false);
    void navigate(searchItemHref(item));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Escape' && isShown) {
      // The first Escape closes the list; only a second one clears the field (the browser's own behaviour).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && isShown && active >= 0) {
      const item = items[active];
      if (item) {
        event.preventDefault();
        open(item);
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const groups = [
    { type: 'category' as const, label: 'Магазины', icon: Store },
    { type: 'product' as const, label: 'Товары', icon: Package },
  ];

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet announced by every screen reader.
    <form
      ref={rootRef}
      role="search"
      action="/search"
      method="get"
      aria-label="Поиск товаров"
      className={cx('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!query.trim()) return;
        setOpen(false);
        void navigate(`/search?q=${encodeURIComponent(query.trim())}`);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Поиск товаров
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
      />
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isShown && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-12 w-full rounded-2xl border-2 border-brand-500 bg-white pr-4 pl-12 text-[15px] text-ink placeholder:text-muted"
      />
      <div
        className={cx(
          'absolute top-full right-0 left-0 z-[2000] mt-2 overflow-hidden rounded-2xl bg-white shadow-pop',
          isShown ? 'block' : 'hidden',
        )}
      >
        <div
          id={listId}
          role="listbox"
          aria-label="Результаты поиска"
          className="max-h-[60vh] overflow-y-auto py-2"
        >
          {groups.map(({ type, label, icon: Icon }) => {
            const group = items
              .map((item, index) => ({ item, index }))
              .filter(({ item }) => item.type === type);
            if (group.length === 0) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox groups options with role=group.
              <div key={type} role="group" aria-labelledby={`${listId}-${type}`}>
                <div
                  id={`${listId}-${type}`}
                  className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                >
                  {label}
                </div>
                {group.map(({ item, index }) => (
                  <div
                    key={`${item.type}-${item._id}`}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === active}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => open(item)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') open(item);
                    }}
                    onMouseEnter={() => setActive(index)}
                    className={cx(
                      'flex cursor-pointer items-center gap-3 px-4 py-2.5 text-[15px]',
                      index === active ? 'bg-brand-50 text-brand-800' : 'text-ink',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                    <span className="truncate">
                      {item.type === 'category' ? `Каталог: ${item.name}` : item.name}
                    </span>
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        {status === 'done' && items.length === 0 ? (
          <p className="px-4 py-3 text-[15px] text-muted">Ничего не нашлось</p>
        ) : null}
        {status === 'failed' ? (
          <p className="px-4 py-3 text-[15px] text-muted">Поиск временно недоступен</p>
        ) : null}
        {items.length > 0 ? (
          <button
            type="submit"
            className="block w-full border-t border-line px-4 py-3 text-left text-[15px] font-semibold text-brand-700 hover:bg-brand-50"
          >
            Все результаты по запросу «{query.trim()}»
          </button>
        ) : null}
      </div>
    </form>
  );
}
