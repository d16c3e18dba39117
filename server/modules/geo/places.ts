/**
 * Places (issue 21, ADR 038): which city a visitor without an address shops in, typed addresses found with
 * the geocoder's forward direction (the popup's suggestions, the form without JavaScript, SPEC §7's address
 * post without a point), each with the delivery zone it lies in. The geo service exposes these.
 */
import {
  addressNotFoundMessage,
  type Coordinates,
  type LocatedAddress,
  PLACES_MAX,
  type Place,
  type SaveAddress,
} from '@core/contracts/geo';
import { cityForVisitor } from '@core/rules/city';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import type { Db } from '../../db/client';
import { AppError, DEFAULT_MESSAGES } from '../../errors';
import { createRateWindow } from '../../lib/rate-window';
import { createTtlCache } from '../../lib/ttl-cache';
import { type CityRow, findCities, findZones, type ZoneRow } from './geo.repository';
import type { Geocoder, SearchCity } from './geocoder';

/** Cities and zones change only with the demo data or an import. */
const REFERENCE_TTL_MS = 10 * 60 * 1000;

/**
 * Typed-address lookups per client address and per customer: an HTTP geocoder is paid per call (and
 * Nominatim's public service allows one a second), and typing asks once per pause. A person typing addresses
 * stays far below; a script does not.
 */
export const PLACE_SEARCHES_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

/** Answers are kept a while: many shoppers type the same streets, and the geocoder is the slow part. */
const ANSWERS_KEPT = 500;
const ANSWER_TTL_MS = 10 * 60 * 1000;

/** Around a city without zones, this far (degrees) is where its addresses are looked for. */
const CITY_HALF_SPAN_DEG = 0.1;

export const UNKNOWN_CITY = 'Выберите город из списка';

/** Who is asking: the client's address and, when signed in, the customer (each counted when known). */
export type Asker = { ip?: string | undefined; userId?: string | undefined };

/** The visitor's place as the request tells it: the city they chose, and where their IP address is. */
export type VisitorPlace = { chosenCityId?: string | undefined; near?: LngLat | undefined };

function searchCityOf(city: CityRow, zones: readonly ZoneRow[]): SearchCity {
  const corners = zones.filter((zone) => zone.cityId === city.id).flatMap((zone) => zone.polygon.flat());
  const center: LngLat = [city.centerLongitude, city.centerLatitude];
  if (corners.length === 0) {
    return {
      name: city.name,
      center,
      bounds: {
        west: center[0] - CITY_HALF_SPAN_DEG,
        south: center[1] - CITY_HALF_SPAN_DEG,
        east: center[0] + CITY_HALF_SPAN_DEG,
        north: center[1] + CITY_HALF_SPAN_DEG,
      },
    };
  }
  return {
    name: city.name,
    center,
    bounds: {
      west: Math.min(...corners.map(([lng]) => lng)),
      south: Math.min(...corners.map(([, lat]) => lat)),
      east: Math.max(...corners.map(([lng]) => lng)),
      north: Math.max(...corners.map(([, lat]) => lat)),
    },
  };
}

export function createPlaces(deps: { db: Db; now: () => number }, geocoder: Geocoder) {
  const reference = createTtlCache(
    async () => {
      const [cities, zones] = await Promise.all([findCities(deps.db), findZones(deps.db)]);
      return { cities, zones };
    },
    { ttlMs: REFERENCE_TTL_MS, now: deps.now },
  );
  const perClient = createRateWindow({
    limit: PLACE_SEARCHES_PER_MINUTE,
    windowMs: MINUTE_MS,
    now: deps.now,
  });
  const perCustomer = createRateWindow({
    limit: PLACE_SEARCHES_PER_MINUTE,
    windowMs: MINUTE_MS,
    now: deps.now,
  });
  const answers = new Map<string, { places: Place[]; at: number }>();

  function checkRate(asker: Asker): void {
    for (const verdict of [
      ...(asker.ip ? [perClient.take(asker.ip)] : []),
      ...(asker.userId ? [perCustomer.take(asker.userId)] : []),
    ]) {
      if (!verdict.allowed)
        throw new AppError('too_many_requests', DEFAULT_MESSAGES.too_many_requests, {
          retryAfterS: verdict.retryAfterS,
        });
    }
  }

  /** The places matching a typed address in a city (its id: the caller's or the visitor's), best first. */
  async function search(query: string, cityId: string): Promise<Place[]> {
    const key = `${cityId}\u0000${query.trim().toLowerCase()}`;
    const kept = answers.get(key);
    if (kept && deps.now() - kept.at < ANSWER_TTL_MS) return kept.places;
    const { cities, zones } = await reference.get();
    const city = cities.find((item) => item.id === cityId);
    if (!city) throw new AppError('bad_request', UNKNOWN_CITY, { fields: { city: UNKNOWN_CITY } });
    const cityZones = zones
      .filter((zone) => zone.cityId === city.id)
      .map((zone) => ({ id: zone.id, polygon: zone.polygon }));
    const found = await geocoder.search(query.trim(), searchCityOf(city, zones), PLACES_MAX);
    const places = found.map(
      (place): Place => ({
        address: place.address,
        short: place.short,
        coordinates: { longitude: place.at[0], latitude: place.at[1] },
        city: city.id,
        deliveryArea: findZoneForPoint(place.at, cityZones)?.id ?? null,
      }),
    );
    answers.delete(key);
    answers.set(key, { places, at: deps.now() });
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value ?? key);
    return places;
  }

  return {
    /** The city a visitor without an address shops in (chosen, nearest by IP, default, first). */
    async cityFor(visitor: VisitorPlace): Promise<string | undefined> {
      const { cities } = await reference.get();
      return cityForVisitor(
        cities.map((city) => ({
          id: city.id,
          isDefault: city.isDefault,
          center: [city.centerLongitude, city.centerLatitude] as LngLat,
        })),
        visitor,
      )?.id;
    },

    /** GET /api/geo/search and the popup's suggestions: limited per client address and customer. */
    async searchPlaces(query: string, cityId: string, asker: Asker): Promise<Place[]> {
      checkRate(asker);
      return search(query, cityId);
    },

    /**
     * An address to save with its point: the one given, or the geocoder's first place for the text in its
     * city (SPEC §7's body has none); none found is a 400 naming the address.
     */
    async locate(input: SaveAddress, asker: Asker): Promise<LocatedAddress> {
      if (input.coordinates) return { ...input, coordinates: input.coordinates };
      checkRate(asker);
      const [place] = await search(input.address, input.city);
      if (!place) {
        const message = addressNotFoundMessage(input.address);
        throw new AppError('bad_request', message, { fields: { address: message } });
      }
      // The address as the geocoder knows it: what the courier reads, whatever the shopper typed.
      const coordinates: Coordinates = place.coordinates;
      return { ...input, address: place.address, shortAddress: place.short, coordinates };
    },
  };
}

export type Places = ReturnType<typeof createPlaces>;
