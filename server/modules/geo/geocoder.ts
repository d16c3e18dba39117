/**
 * Geocoding. Reverse: a map click (SPEC §4 address popup, step 4) → a postal address. Forward (issue 21): a
 * typed address → places, for the popup's suggestions, the form without JavaScript and SPEC §7's address post
 * without a point. One interface, three providers (DESIGN.md §1): `offline` (default; the known addresses of
 * the shipped data, else the demo city's street grid, both ways), `yandex` and `nominatim` over HTTP.
 */
import { houseNumber, parseTypedAddress, streetMatch } from '@core/rules/address-text';
import { distanceM } from '@core/rules/city';
import type { LngLat } from '@core/rules/geo';
import { type Config, ConfigError } from '../../config';

export type GeocodedAddress = {
  /** The full line: «г. Ярославль, ул. Свободы, 12». */
  address: string;
  /** Without the city: «ул. Свободы, 12» (the header shows this). */
  short: string;
};

export type KnownAddress = { at: LngLat; address: string; cityName: string };

/** A found address and its point. */
export type GeocodedPlace = GeocodedAddress & { at: LngLat };

/** The city a typed address is looked for in: its name, centre and the box its delivery zones fill. */
export type SearchCity = {
  name: string;
  center: LngLat;
  bounds: { west: number; south: number; east: number; north: number };
};

export type Geocoder = {
  readonly name: 'offline' | 'yandex' | 'nominatim';
  reverse(point: LngLat, city: { name: string }): Promise<GeocodedAddress | null>;
  /** Places matching a typed address in the city, best first, at most `limit`; none found: []. */
  search(query: string, city: SearchCity, limit: number): Promise<GeocodedPlace[]>;
};

export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

/** A known address this close to the click is the click's address. */
const KNOWN_ADDRESS_RADIUS_M = 120;
/** Street grid cell: about 250 m by 140 m at these latitudes. */
const GRID_LNG = 0.004;
const GRID_LAT = 0.00125;

export { distanceM };

/** Streets of the demo cities, real names: the grid assigns them to cells of the map. */
const STREETS: Record<string, readonly string[]> = {
  Ярославль: [
    'ул. Свободы',
    'пр-т Ленина',
    'пр-т Октября',
    'ул. Кирова',
    'Ленинградский пр-т',
    'Московский пр-т',
    'ул. Советская',
    'ул. Большая Октябрьская',
    'ул. Чкалова',
    'ул. Некрасова',
    'ул. Собинова',
    'ул. Победы',
    'ул. Володарского',
    'ул. Павлова',
    'пр-т Фрунзе',
    'ул. Сахарова',
    'ул. Панина',
    'Тутаевское ш.',
  ],
  Кострома: [
    'ул. Советская',
    'пр-т Мира',
    'ул. Никитская',
    'ул. Ленина',
    'ул. Свердлова',
    'ул. Шагова',
    'ул. Центральная',
    'ул. Титова',
    'Кинешемское ш.',
    'ул. Профсоюзная',
  ],
};
const FALLBACK_STREETS = ['ул. Центральная', 'ул. Садовая', 'ул. Школьная', 'ул. Лесная', 'ул. Новая'];

/** The street and house of a grid cell: the one rule both directions of the offline geocoder use. */
function gridCell(
  column: number,
  row: number,
  streets: readonly string[],
): { street: string; house: number } {
  const street = streets[(((column * 7 + row * 3) % streets.length) + streets.length) % streets.length] ?? '';
  const house = ((((column * 31 + row * 17) % 97) + 97) % 97) + 1;
  return { street, house };
}

function gridAddress([lng, lat]: LngLat, cityName: string): GeocodedAddress {
  const streets = STREETS[cityName] ?? FALLBACK_STREETS;
  const { street, house } = gridCell(Math.floor(lng / GRID_LNG), Math.floor(lat / GRID_LAT), streets);
  const short = `${street}, ${house}`;
  return { address: `г. ${cityName}, ${short}`, short };
}

/** At most this many streets of the grid answer one typed address (the best matches). */
const GRID_STREETS_MAX = 3;

/**
 * The grid's houses of the streets matching a typed address, inside the city's box: the house typed where
 * the grid has it, else the nearest numbers; without a number, the street's houses nearest the centre. Each
 * (street, house) once, at the middle of its cell nearest the centre — the point that reverses to it.
 */
function searchGrid(query: string, city: SearchCity, limit: number): GeocodedPlace[] {
  const typed = parseTypedAddress(query, [city.name]);
  const streets = STREETS[city.name] ?? FALLBACK_STREETS;
  const matching = streets
    .map((street) => ({ street, score: streetMatch(street, typed.words) }))
    .filter((item): item is { street: string; score: number } => item.score !== undefined)
    .sort((a, b) => b.score - a.score)
    .slice(0, GRID_STREETS_MAX);
  if (matching.length === 0) return [];
  const wanted = new Set(matching.map((item) => item.street));
  const rank = new Map(matching.map((item, index) => [item.street, index]));
  const target = typed.house === undefined ? undefined : houseNumber(typed.house);
  const best = new Map<string, { street: string; house: number; at: LngLat; distance: number }>();
  const { west, south, east, north } = city.bounds;
  for (let column = Math.floor(west / GRID_LNG); column * GRID_LNG < east; column += 1) {
    for (let row = Math.floor(south / GRID_LAT); row * GRID_LAT < north; row += 1) {
      const cell = gridCell(column, row, streets);
      if (!wanted.has(cell.street)) continue;
      const at: LngLat = [(column + 0.5) * GRID_LNG, (row + 0.5) * GRID_LAT];
      if (at[0] < west || at[0] > east || at[1] < south || at[1] > north) continue;
      const key = `${cell.street}\u0000${cell.house}`;
      const distance = distanceM(at, city.center);
      const seen = best.get(key);
      if (!seen || distance < seen.distance) best.set(key, { ...cell, at, distance });
    }
  }
  return [...best.values()]
    .sort(
      (a, b) =>
        (rank.get(a.street) ?? 0) - (rank.get(b.street) ?? 0) ||
        (target === undefined
          ? a.distance - b.distance
          : Math.abs(a.house - target) - Math.abs(b.house - target) || a.house - b.house),
    )
    .slice(0, limit)
    .map(({ street, house, at }) => {
      const short = `${street}, ${house}`;
      return { address: `г. ${city.name}, ${short}`, short, at };
    });
}

/** The known addresses of the city matching a typed address: street words, and the house when typed. */
function searchKnown(query: string, known: readonly KnownAddress[], city: SearchCity): GeocodedPlace[] {
  const typed = parseTypedAddress(query, [city.name]);
  return known
    .filter((item) => item.cityName === city.name)
    .flatMap((item) => {
      const found = splitCity(item.address, item.cityName);
      const comma = found.short.lastIndexOf(', ');
      const street = comma === -1 ? found.short : found.short.slice(0, comma);
      const house = comma === -1 ? '' : found.short.slice(comma + 2);
      const score = streetMatch(street, typed.words);
      if (score === undefined) return [];
      if (typed.house !== undefined && house.toLowerCase() !== typed.house) return [];
      return [{ ...found, at: item.at, score }];
    })
    .sort((a, b) => b.score - a.score)
    .map(({ score: _score, ...place }) => place);
}

function splitCity(address: string, cityName: string): GeocodedAddress {
  const prefix = `${cityName}, `;
  const short = address.includes(prefix) ? address.slice(address.indexOf(prefix) + prefix.length) : address;
  return { address: address.startsWith('г. ') ? address : `г. ${cityName}, ${short}`, short };
}

/** Works with no network: the nearest known address, else a plausible one on the city's street grid. */
export function createOfflineGeocoder(loadKnown: () => Promise<readonly KnownAddress[]>): Geocoder {
  return {
    name: 'offline',
    async reverse(point, city) {
      let best: { known: KnownAddress; distance: number } | undefined;
      for (const known of await loadKnown()) {
        const distance = distanceM(point, known.at);
        if (!best || distance < best.distance) best = { known, distance };
      }
      if (best && best.distance <= KNOWN_ADDRESS_RADIUS_M)
        return splitCity(best.known.address, best.known.cityName);
      return gridAddress(point, city.name);
    },
    async search(query, city, limit) {
      // A shop's own address typed exactly comes first; the grid fills the rest, without repeating a line.
      const places = searchKnown(query, await loadKnown(), city);
      const lines = new Set(places.map((place) => place.short));
      for (const place of searchGrid(query, city, limit)) if (!lines.has(place.short)) places.push(place);
      return places.slice(0, limit);
    },
  };
}

type HttpOptions = { url: string; timeoutMs: number; fetchFn?: typeof fetch };

async function getJson(url: URL, options: HttpOptions): Promise<unknown> {
  const response = await (options.fetchFn ?? fetch)(url, {
    headers: { Accept: 'application/json', 'User-Agent': 'Fresh-storefront/1.0' },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) throw new GeocoderError(`geocoder answered ${response.status}`);
  return response.json();
}

type YandexAnswer = {
  response?: {
    GeoObjectCollection?: {
      featureMember?: {
        GeoObject?: {
          name?: string;
          metaDataProperty?: { GeocoderMetaData?: { text?: string; kind?: string } };
          /** «longitude latitude». */
          Point?: { pos?: string };
        };
      }[];
    };
  };
};

/** «39.87 57.62» → [39.87, 57.62]; anything else → undefined. */
function lngLatOf(pos: string | undefined): LngLat | undefined {
  const [lng, lat] = (pos ?? '').split(' ').map(Number);
  return lng !== undefined && lat !== undefined && Number.isFinite(lng) && Number.isFinite(lat)
    ? [lng, lat]
    : undefined;
}

const boxParam = ({ west, south, east, north }: SearchCity['bounds']) => `${west},${south}~${east},${north}`;

export function createYandexGeocoder(options: HttpOptions & { apiKey: string }): Geocoder {
  return {
    name: 'yandex',
    async reverse([lng, lat], city) {
      const url = new URL(options.url);
      url.searchParams.set('apikey', options.apiKey);
      url.searchParams.set('geocode', `${lng},${lat}`);
      url.searchParams.set('kind', 'house');
      url.searchParams.set('results', '1');
      url.searchParams.set('lang', 'ru_RU');
      url.searchParams.set('format', 'json');
      const answer = (await getJson(url, options)) as YandexAnswer;
      const object = answer.response?.GeoObjectCollection?.featureMember?.[0]?.GeoObject;
      if (!object?.name) return null;
      return { address: `г. ${city.name}, ${object.name}`, short: object.name };
    },
    async search(query, city, limit) {
      const url = new URL(options.url);
      url.searchParams.set('apikey', options.apiKey);
      url.searchParams.set('geocode', `${city.name}, ${query}`);
      url.searchParams.set('bbox', boxParam(city.bounds));
      url.searchParams.set('rspn', '1');
      url.searchParams.set('results', String(limit));
      url.searchParams.set('lang', 'ru_RU');
      url.searchParams.set('format', 'json');
      const answer = (await getJson(url, options)) as YandexAnswer;
      return (answer.response?.GeoObjectCollection?.featureMember ?? []).flatMap((member) => {
        const object = member.GeoObject;
        const at = lngLatOf(object?.Point?.pos);
        if (!object?.name || !at) return [];
        return [{ address: `г. ${city.name}, ${object.name}`, short: object.name, at }];
      });
    },
  };
}

type NominatimAnswer = {
  address?: { road?: string; house_number?: string; city?: string; town?: string };
  display_name?: string;
  lat?: string;
  lon?: string;
};

/** Nominatim's search lives beside its reverse: `…/reverse` → `…/search`. */
function nominatimSearchUrl(reverseUrl: string): URL {
  const url = new URL(reverseUrl);
  url.pathname = url.pathname.replace(/\/reverse\/?$|\/?$/, '/search');
  return url;
}

export function createNominatimGeocoder(options: HttpOptions): Geocoder {
  return {
    name: 'nominatim',
    async reverse([lng, lat], city) {
      const url = new URL(options.url);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('lat', String(lat));
      url.searchParams.set('lon', String(lng));
      url.searchParams.set('accept-language', 'ru');
      url.searchParams.set('zoom', '18');
      const answer = (await getJson(url, options)) as NominatimAnswer;
      const road = answer.address?.road;
      if (!road) return null;
      const short = answer.address?.house_number ? `${road}, ${answer.address.house_number}` : road;
      return { address: `г. ${answer.address?.city ?? answer.address?.town ?? city.name}, ${short}`, short };
    },
    async search(query, city, limit) {
      const url = nominatimSearchUrl(options.url);
      url.searchParams.set('q', `${query}, ${city.name}`);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(limit));
      url.searchParams.set('accept-language', 'ru');
      url.searchParams.set(
        'viewbox',
        `${city.bounds.west},${city.bounds.north},${city.bounds.east},${city.bounds.south}`,
      );
      url.searchParams.set('bounded', '1');
      const answer = await getJson(url, options);
      return (Array.isArray(answer) ? (answer as NominatimAnswer[]) : []).flatMap((item) => {
        const road = item.address?.road;
        const at: LngLat = [Number(item.lon), Number(item.lat)];
        if (!road || !Number.isFinite(at[0]) || !Number.isFinite(at[1])) return [];
        const short = item.address?.house_number ? `${road}, ${item.address.house_number}` : road;
        return [
          { address: `г. ${item.address?.city ?? item.address?.town ?? city.name}, ${short}`, short, at },
        ];
      });
    },
  };
}

/**
 * An HTTP geocoder that fails (down, slow, no answer) falls back to the offline one: the customer still gets
 * an address to check, and the failure is logged.
 */
export function withFallback(
  primary: Geocoder,
  fallback: Geocoder,
  onError: (error: unknown) => void,
): Geocoder {
  return {
    name: primary.name,
    async reverse(point, city) {
      try {
        return (await primary.reverse(point, city)) ?? (await fallback.reverse(point, city));
      } catch (error) {
        onError(error);
        return fallback.reverse(point, city);
      }
    },
    // Only a failure falls back: a real geocoder that finds nothing is right, and the offline grid would
    // invent an address where there is none.
    async search(query, city, limit) {
      try {
        return await primary.search(query, city, limit);
      } catch (error) {
        onError(error);
        return fallback.search(query, city, limit);
      }
    },
  };
}

const GEOCODER_TIMEOUT_MS = 3_000;

export type GeocoderConfig = Pick<Config, 'GEOCODER' | 'GEOCODER_URL' | 'YANDEX_GEOCODER_KEY'>;

export function createGeocoder(
  config: GeocoderConfig,
  loadKnown: () => Promise<readonly KnownAddress[]>,
  onError: (error: unknown) => void,
): Geocoder {
  const offline = createOfflineGeocoder(loadKnown);
  switch (config.GEOCODER) {
    case 'offline':
      return offline;
    case 'yandex':
      if (!config.YANDEX_GEOCODER_KEY) {
        throw new ConfigError('Invalid configuration:\n  YANDEX_GEOCODER_KEY: required when GEOCODER=yandex');
      }
      return withFallback(
        createYandexGeocoder({
          url: config.GEOCODER_URL ?? 'https://geocode-maps.yandex.ru/1.x/',
          apiKey: config.YANDEX_GEOCODER_KEY,
          timeoutMs: GEOCODER_TIMEOUT_MS,
        }),
        offline,
        onError,
      );
    case 'nominatim':
      return withFallback(
        createNominatimGeocoder({
          url: config.GEOCODER_URL ?? 'https://nominatim.openstreetmap.org/reverse',
          timeoutMs: GEOCODER_TIMEOUT_MS,
        }),
        offline,
        onError,
      );
  }
}
