/**
 * Reverse geocoding of a map click (SPEC §4 address popup, step 4): a point → a postal address. One interface,
 * three providers (DESIGN.md §1): `offline` (default; nearest known address of the shipped data, else the
 * demo city's street grid), `yandex` and `nominatim` over HTTP.
 */
import type { LngLat } from '@core/rules/geo';
import { type Config, ConfigError } from '../../config';

export type GeocodedAddress = {
  /** The full line: «г. Ярославль, ул. Свободы, 12». */
  address: string;
  /** Without the city: «ул. Свободы, 12» (the header shows this). */
  short: string;
};

export type KnownAddress = { at: LngLat; address: string; cityName: string };

export type Geocoder = {
  readonly name: 'offline' | 'yandex' | 'nominatim';
  reverse(point: LngLat, city: { name: string }): Promise<GeocodedAddress | null>;
};

export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

const EARTH_RADIUS_M = 6_371_000;
/** A known address this close to the click is the click's address. */
const KNOWN_ADDRESS_RADIUS_M = 120;
/** Street grid cell: about 250 m by 140 m at these latitudes. */
const GRID_LNG = 0.004;
const GRID_LAT = 0.00125;

export function distanceM([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

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

function gridAddress([lng, lat]: LngLat, cityName: string): GeocodedAddress {
  const streets = STREETS[cityName] ?? FALLBACK_STREETS;
  const column = Math.floor(lng / GRID_LNG);
  const row = Math.floor(lat / GRID_LAT);
  const street = streets[(((column * 7 + row * 3) % streets.length) + streets.length) % streets.length] ?? '';
  const house = ((((column * 31 + row * 17) % 97) + 97) % 97) + 1;
  const short = `${street}, ${house}`;
  return { address: `г. ${cityName}, ${short}`, short };
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
        GeoObject?: { name?: string; metaDataProperty?: { GeocoderMetaData?: { text?: string } } };
      }[];
    };
  };
};

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
  };
}

type NominatimAnswer = {
  address?: { road?: string; house_number?: string; city?: string; town?: string };
  display_name?: string;
};

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
