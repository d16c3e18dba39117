import type { SearchItem } from '@core/contracts/catalog';
import { searchItemHref } from '@core/rules/catalog';
import { isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@core/rules/search-text';
import {
  type RefObject,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  Collection,
  ComboBox,
  ComboBoxStateContext,
  Header,
  Input,
  Label,
  ListBoxItem,
  ListBoxSection,
} from 'react-aria-components';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import { AriaProviders } from '~/components/ui/aria-providers';
import { Icon } from '~/components/ui/icon';
import { SuggestionList } from '~/components/ui/suggestion-list';
import { cx } from '~/lib/cx';
import type { loader as searchLoader } from '~/routes/resources/search';
import { resultsHref, SEARCH_FIELD_CLASS, type SearchTakeOver } from './search-box';

const SUGGESTIONS_ROUTE = '/resources/search';

/** A suggestion keyed by `id`: react-aria's collections key their items by it (the index would be reused). */
type Suggestion = { id: string; item: SearchItem };
type Group = { kind: 'group'; id: SearchItem['type']; label: string; suggestions: Suggestion[] };
type AllResults = { kind: 'all'; id: 'all'; query: string };
type Entry = Group | AllResults;

const GROUPS: readonly { type: SearchItem['type']; label: string }[] = [
  { type: 'category', label: 'Магазины' },
  { type: 'product', label: 'Товары' },
];

/** The dropdown's entries: shop catalogues, products, then the results page of the query. */
function entriesOf(items: readonly SearchItem[], query: string): Entry[] {
  if (items.length === 0) return [];
  const groups: Entry[] = GROUPS.map(({ type, label }) => ({
    kind: 'group' as const,
    id: type,
    label,
    suggestions: items.filter((item) => item.type === type).map((item) => ({ id: item._id, item })),
  })).filter((group) => group.suggestions.length > 0);
  return [...groups, { kind: 'all', id: 'all', query }];
}

/**
 * Suggestions for the field's text through the resource route's fetcher: nothing under 3 characters, one
 * load 300 ms after the last keystroke (SPEC §5, §9); a newer load cancels the one in flight.
 */
function useSuggestions(query: string) {
  const fetcher = useFetcher<typeof searchLoader>();
  const { load } = fetcher;
  const wanted = query.trim();
  const isWanted = isSearchable(wanted);

  useEffect(() => {
    if (!isWanted) return;
    const timer = setTimeout(
      () => void load(`${SUGGESTIONS_ROUTE}?q=${encodeURIComponent(wanted)}`),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [wanted, isWanted, load]);

  const answer = fetcher.data;
  const isCurrent = answer?.q === wanted;
  return {
    // The last answer stays while the next one loads, so the list does not blink at every keystroke.
    items: isWanted && answer ? answer.items : [],
    isSearching: isWanted && (!isCurrent || fetcher.state !== 'idle'),
    problem: isWanted && isCurrent ? answer.problem : undefined,
  };
}

/**
 * The header product search (SPEC §2): react-aria's ComboBox over the suggestions of
 * /resources/search (docs/decisions/032). Arrows move through shop catalogues and products, Enter opens the
 * highlighted one or, with none highlighted, the results page. It is a plain GET form to /search underneath,
 * so Enter works before hydration and without JavaScript. It loads on first use and takes over from the
 * light field of search-box.tsx (ADR 044): its text, and the focus when it had it.
 */
export function SearchCombobox({
  id,
  placeholder,
  className,
  takeOver,
}: {
  id: string;
  placeholder: string;
  className?: string;
  takeOver?: RefObject<SearchTakeOver>;
}) {
  const navigate = useNavigate();
  // Text typed into the light field before this took over is the first query (its suggestions load at once).
  const [query, setQuery] = useState(() => takeOver?.current?.field?.value ?? '');
  const { items, isSearching, problem } = useSuggestions(query);
  const entries = entriesOf(items, query.trim());

  return (
    <AriaProviders>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet announced by every screen reader. */}
      <form
        role="search"
        action="/search"
        method="get"
        aria-label="Поиск товаров"
        className={cx('relative', className)}
        onSubmit={(event) => {
          event.preventDefault();
          const text = query.trim();
          if (text) void navigate(resultsHref(text));
        }}
      >
        <ComboBox
          id={id}
          name="q"
          allowsCustomValue
          // From 3 characters the dropdown opens at once and says it is searching; under 3 it stays shut.
          allowsEmptyCollection={isSearchable(query)}
          items={entries}
          inputValue={query}
          onInputChange={setQuery}
          className="relative"
        >
          <Label className="sr-only">Поиск товаров</Label>
          <Icon name="search" className="search-icon" />
          <SearchInput placeholder={placeholder} takeOver={takeOver} />
          <SuggestionList<Entry>
            label="Результаты поиска"
            offset={8}
            heightClass="max-h-[60vh]"
            emptyText={problem ?? (isSearching ? 'Ищем…' : 'Ничего не нашлось')}
          >
            {(entry) =>
              entry.kind === 'group' ? (
                <ListBoxSection id={entry.id}>
                  <Header className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                    {entry.label}
                  </Header>
                  <Collection items={entry.suggestions}>
                    {({ item }) => <SuggestionItem item={item} />}
                  </Collection>
                </ListBoxSection>
              ) : (
                <ListBoxItem
                  id="all"
                  href={resultsHref(entry.query)}
                  textValue={`Все результаты по запросу «${entry.query}»`}
                  className={({ isFocused }) =>
                    cx(
                      'mt-1 flex cursor-pointer items-center gap-2 border-t border-line px-4 py-3 text-[15px] font-semibold text-brand-700 outline-none',
                      isFocused && 'bg-brand-50',
                    )
                  }
                >
                  Все результаты по запросу «{entry.query}»
                  <Icon name="arrow-right" className="size-4 shrink-0" />
                </ListBoxItem>
              )
            }
          </SuggestionList>
        </ComboBox>
      </form>
    </AriaProviders>
  );
}

/**
 * The field. Enter with the dropdown open and nothing highlighted: the combobox keeps the form from
 * submitting (the customer might have been choosing), so this submits it — the results page, as with the
 * dropdown shut. A navigation (a suggestion followed, the results page opened) closes the dropdown. The
 * light field's focus and text (typed before the page was alive, or while this loaded) are taken up as it
 * mounts: suggested for, as if typed now.
 */
function SearchInput({
  placeholder,
  takeOver,
}: {
  placeholder: string;
  takeOver: RefObject<SearchTakeOver> | undefined;
}) {
  const state = useContext(ComboBoxStateContext);
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  // A navigation closes the list: once per location key (the first one included, as the field mounts).
  const closedAt = useRef<string | null>(null);
  const closeList = useEffectEvent(() => state?.close());
  useEffect(() => {
    if (closedAt.current === location.key) return;
    closedAt.current = location.key;
    closeList();
  }, [location.key]);
  // Once, as it replaces the light field: an effect event reads the state and the light field as they are then.
  const takeOverLightField = useEffectEvent(() => {
    const field = input.current;
    if (!state || !field) return;
    const light = takeOver?.current;
    // Focused before this mounted: the combobox opens only for a focused field's new text.
    if (light?.isFocused) field.focus();
    if (light?.isFocused || document.activeElement === field) state.setFocused(true);
    const text = light?.field?.value || field.value;
    if (text !== '' && text !== state.inputValue) state.setInputValue(text);
    // Typed into and still focused: the list opens as it would have for the same typing here.
    if (light?.isFocused && isSearchable(text)) state.open(null, 'input');
  });
  useLayoutEffect(() => takeOverLightField(), []);

  return (
    <Input
      ref={input}
      type="search"
      placeholder={placeholder}
      maxLength={SEARCH_MAX_LENGTH}
      enterKeyHint="search"
      // Capture: decided before the combobox's own handler, which forgets the highlighted option as it closes.
      onKeyDownCapture={(event) => {
        if (!state?.isOpen || event.nativeEvent.isComposing) return;
        // The first Escape only closes the list; the browser's own clearing of a search field waits for a second.
        if (event.key === 'Escape') event.preventDefault();
        if (event.key === 'Enter' && state.selectionManager.focusedKey == null) {
          event.currentTarget.form?.requestSubmit();
        }
      }}
      className={SEARCH_FIELD_CLASS}
    />
  );
}

function SuggestionItem({ item }: { item: SearchItem }) {
  const text = item.type === 'category' ? `Каталог: ${item.name}` : item.name;
  return (
    <ListBoxItem
      id={item._id}
      href={searchItemHref(item)}
      textValue={text}
      className={({ isFocused }) =>
        cx(
          'flex cursor-pointer items-center gap-3 px-4 py-2.5 text-[15px] outline-none',
          isFocused ? 'bg-brand-50 text-brand-800' : 'text-ink',
        )
      }
    >
      <Icon
        name={item.type === 'category' ? 'store' : 'package'}
        className="size-4 shrink-0 text-brand-600"
      />
      <span className="truncate">{text}</span>
    </ListBoxItem>
  );
}
