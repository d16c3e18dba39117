import { ADDRESS_QUERY_MAX_LENGTH, ADDRESS_QUERY_MIN_LENGTH, type Place } from '@core/contracts/geo';
import { SEARCH_DEBOUNCE_MS } from '@core/rules/search-text';
import { useEffect } from 'react';
import { ComboBox, Input, Label, ListBoxItem } from 'react-aria-components';
import { useFetcher } from 'react-router';
import { AriaProviders } from '~/components/ui/aria-providers';
import { Icon } from '~/components/ui/icon';
import { SuggestionList } from '~/components/ui/suggestion-list';
import { cx } from '~/lib/cx';
import type { loader as placesLoader } from '~/routes/resources/places';

export const PLACES_ROUTE = '/resources/places';

const FIELD =
  'h-11 w-full rounded-xl border border-line bg-white px-3 text-[15px] text-ink placeholder:text-muted';

type Suggestion = { id: string; place: Place };

/**
 * Suggestions for the typed text in a city: from 3 characters, one load 300 ms after the last keystroke (the
 * header search's rhythm); a newer load replaces the one in flight.
 */
function usePlaceSuggestions(query: string, cityId: string | undefined, isTyping: boolean) {
  const fetcher = useFetcher<typeof placesLoader>();
  const { load } = fetcher;
  const wanted = query.trim();
  const isWanted = isTyping && wanted.length >= ADDRESS_QUERY_MIN_LENGTH;

  useEffect(() => {
    if (!isWanted) return;
    const params = new URLSearchParams({ q: wanted, ...(cityId ? { city: cityId } : {}) });
    const timer = setTimeout(() => void load(`${PLACES_ROUTE}?${params}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, isWanted, cityId, load]);

  const answer = fetcher.data;
  const isCurrent = answer?.q === wanted;
  return {
    places: isWanted && answer ? answer.places : [],
    isSearching: isWanted && (!isCurrent || fetcher.state !== 'idle'),
    problem: isWanted && isCurrent ? answer.problem : undefined,
  };
}

/**
 * The popup's address field (issue 21): type a street and house, pick one of the geocoder's suggestions
 * (react-aria's ComboBox: arrows and Enter, or a click), and the popup checks it against the zones as it does
 * a map click. The map's own choices write their address here too.
 */
export function AddressSearch({
  id,
  cityId,
  text,
  isTyping,
  isLocating,
  onType,
  onPick,
}: {
  id: string;
  cityId: string | undefined;
  /** What the field shows: the typed text, or the chosen address. */
  text: string;
  /** The text is the shopper's own (suggestions wanted), not an address the popup found. */
  isTyping: boolean;
  isLocating: boolean;
  onType: (text: string) => void;
  onPick: (place: Place) => void;
}) {
  const { places, isSearching, problem } = usePlaceSuggestions(text, cityId, isTyping);
  const suggestions: Suggestion[] = places.map((place, index) => ({
    id: `${index}:${place.short}`,
    place,
  }));
  const isWanted = isTyping && text.trim().length >= ADDRESS_QUERY_MIN_LENGTH;

  return (
    <AriaProviders>
      <ComboBox
        id={id}
        allowsCustomValue
        allowsEmptyCollection={isWanted}
        items={suggestions}
        inputValue={isLocating ? 'Определяем адрес…' : text}
        onInputChange={onType}
        onSelectionChange={(key) => {
          const picked = suggestions.find((item) => item.id === key);
          if (picked) onPick(picked.place);
        }}
        menuTrigger="input"
        className="relative"
      >
        <Label className="mb-1.5 block text-sm font-semibold">Адрес</Label>
        <Input
          placeholder="Улица и дом или отметьте на карте"
          maxLength={ADDRESS_QUERY_MAX_LENGTH}
          autoComplete="off"
          className={FIELD}
        />
        <SuggestionList<Suggestion>
          label="Найденные адреса"
          offset={6}
          heightClass="max-h-[40vh]"
          emptyText={problem ?? (isSearching ? 'Ищем…' : 'Адрес не найден — отметьте дом на карте')}
        >
          {(item) => (
            <ListBoxItem
              id={item.id}
              textValue={item.place.address}
              className={({ isFocused }) =>
                cx(
                  'flex cursor-pointer items-start gap-3 px-4 py-2.5 text-[15px] outline-none',
                  isFocused ? 'bg-brand-50 text-brand-800' : 'text-ink',
                )
              }
            >
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <span>
                <span className="block">{item.place.short}</span>
                {item.place.deliveryArea ? null : (
                  <span className="block text-sm text-muted">Вне зон доставки</span>
                )}
              </span>
            </ListBoxItem>
          )}
        </SuggestionList>
      </ComboBox>
    </AriaProviders>
  );
}
