import type { City } from '@core/contracts/content';
import {
  type Coordinates,
  type LocatedAddress,
  OUTSIDE_ZONES_MESSAGE,
  SAVED_ADDRESSES_MAX,
  type SaveAddress,
  type SavedAddress,
  TOO_MANY_ADDRESSES_MESSAGE,
} from '@core/contracts/geo';
import type { House } from '@core/contracts/identity';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import type { Db, Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { createTtlCache } from '../../lib/ttl-cache';
import { presentAddress, presentCities, presentHouse } from './geo.presenter';
import {
  type AddressRow,
  deleteAddressRow,
  findAddress,
  findAddresses,
  findCities,
  findCityZones,
  findZones,
  insertAddress,
  lockAddressBook,
  setDefaultAddress,
  updateAddressRow,
} from './geo.repository';
import { distanceM, type GeocodedAddress, type Geocoder } from './geocoder';
import { type Asker, createPlaces } from './places';

export type GeoDeps = {
  db: Db;
  /** Where the points are (the catalogue's service): the offline geocoder's known addresses. */
  catalog: {
    listPointLocations(): Promise<{ longitude: number; latitude: number; address: string; cityId: string }[]>;
  };
  /** User.house follows the default address (the identity module's service), in the same transaction. */
  users: { setHouse(tx: Executor, userId: string, house: House | null): Promise<void> };
  /** Time for the places' caches and rate windows (the injected clock). */
  now?: () => number;
};

export const ADDRESS_NOT_FOUND = 'Адрес не найден';
const UNKNOWN_CITY = 'Выберите город из списка';

/** Known addresses and cities change only with the demo data or an import: cached for a while. */
const REFERENCE_TTL_MS = 10 * 60 * 1000;

/** Where an address is: its text, city, the zone its point really lies in, and the point. */
function placeOf(input: LocatedAddress, zoneId: string) {
  return {
    address: input.address,
    shortAddress: input.shortAddress || input.address,
    cityId: input.city,
    zoneId,
    longitude: input.coordinates.longitude,
    latitude: input.coordinates.latitude,
  };
}

export function createGeoService(
  deps: GeoDeps,
  geocoderFor: (loadKnown: () => Promise<KnownAddresses>) => Geocoder,
) {
  const reference = createTtlCache(
    async () => {
      const [points, cityRows] = await Promise.all([deps.catalog.listPointLocations(), findCities(deps.db)]);
      const cityNames = new Map(cityRows.map((city) => [city.id, city.name]));
      return {
        known: points.flatMap((point) => {
          const cityName = cityNames.get(point.cityId);
          return cityName === undefined
            ? []
            : [{ at: [point.longitude, point.latitude] as LngLat, address: point.address, cityName }];
        }),
        cities: cityRows,
      };
    },
    { ttlMs: REFERENCE_TTL_MS },
  );
  const geocoder = geocoderFor(async () => (await reference.get()).known);
  const places = createPlaces({ db: deps.db, now: deps.now ?? Date.now }, geocoder);

  /** The zone of `cityId` that contains the point; not_found-free: outside every zone is a 400. */
  async function zoneFor(cityId: string, { longitude, latitude }: Coordinates) {
    const zones = await findCityZones(deps.db, cityId);
    if (zones.length === 0)
      throw new AppError('bad_request', UNKNOWN_CITY, { fields: { city: UNKNOWN_CITY } });
    const zone = findZoneForPoint([longitude, latitude], zones);
    if (!zone)
      throw new AppError('bad_request', OUTSIDE_ZONES_MESSAGE, {
        fields: { coordinates: OUTSIDE_ZONES_MESSAGE },
      });
    return zone;
  }

  /**
   * Every write to a customer's address book: the book's lock first, so simultaneous writes (a save, 'set
   * default', a delete) run one after another instead of taking the book's rows in different orders and
   * deadlocking (issue 21); a serialization failure or deadlock all the same runs the work again.
   */
  const writeBook = <T>(userId: string, work: (tx: Executor) => Promise<T>): Promise<T> =>
    withRetries(deps.db, async (tx) => {
      await lockAddressBook(tx, userId);
      return work(tx);
    });

  /** Makes one address the default and the user's house, in the caller's transaction. */
  async function makeDefaultIn(tx: Executor, userId: string, row: AddressRow): Promise<void> {
    await setDefaultAddress(tx, userId, row.id);
    await deps.users.setHouse(tx, userId, presentHouse({ ...row, isDefault: true }));
  }

  return {
    geocoderName: geocoder.name,
    /** The city a visitor without an address shops in (ADR 038). */
    cityFor: places.cityFor,
    /** Typed address → places with their zones (forward geocoding; limited per client and customer). */
    searchPlaces: places.searchPlaces,

    /** The address at a map point (SPEC §4 step 4), in the nearest demo city's terms. */
    async reverse(point: LngLat): Promise<GeocodedAddress> {
      const { cities } = await reference.get();
      let nearest = cities[0];
      for (const city of cities) {
        const here: LngLat = [city.centerLongitude, city.centerLatitude];
        if (
          nearest &&
          distanceM(point, here) < distanceM(point, [nearest.centerLongitude, nearest.centerLatitude])
        )
          nearest = city;
      }
      const found = await geocoder.reverse(point, { name: nearest?.name ?? '' });
      if (!found) throw new AppError('not_found', ADDRESS_NOT_FOUND);
      return found;
    },

    /** The settings' cities with their delivery zones (SPEC §3 Settings.cities). */
    async listCities(): Promise<City[]> {
      const [cityRows, zoneRows] = await Promise.all([findCities(deps.db), findZones(deps.db)]);
      return presentCities(cityRows, zoneRows);
    },

    listAddresses: async (userId: string): Promise<SavedAddress[]> =>
      (await findAddresses(deps.db, userId)).map(presentAddress),

    /**
     * POST /api/user/me/addresses: re-checks the point against the zones with the browser's function. The
     * zone is the one the point lies in (a stale zone id from the browser is corrected); outside every
     * zone is refused. The address becomes the default and the user's house. SPEC §7's body without a
     * point: the geocoder finds the address in its city first (not found: 400).
     */
    async saveAddress(userId: string, body: SaveAddress, asker?: Asker): Promise<SavedAddress> {
      const input = await places.locate(body, { ...asker, userId });
      const zone = await zoneFor(input.city, input.coordinates);
      // Under the book's lock: two saves at once must not both pass the cap.
      return writeBook(userId, async (tx) => {
        const saved = await findAddresses(tx, userId);
        const existing = saved.find(
          (row) =>
            row.address === input.address &&
            row.longitude === input.coordinates.longitude &&
            row.latitude === input.coordinates.latitude,
        );
        if (!existing && saved.length >= SAVED_ADDRESSES_MAX) {
          throw new AppError('conflict', TOO_MANY_ADDRESSES_MESSAGE);
        }
        const row = existing ?? (await insertAddress(tx, userId, placeOf(input, zone.id)));
        await makeDefaultIn(tx, userId, row);
        return presentAddress({ ...row, isDefault: true });
      });
    },

    /**
     * The popup's edit mode for a saved address: the same checks as saving, the address moved to the new point
     * (flat, entrance, floor and comment kept), and it becomes the default and the user's house, as a newly
     * saved one does.
     */
    async updateAddress(userId: string, id: string, body: SaveAddress): Promise<SavedAddress> {
      const input = await places.locate(body, { userId });
      const zone = await zoneFor(input.city, input.coordinates);
      return writeBook(userId, async (tx) => {
        const row = await updateAddressRow(tx, userId, id, placeOf(input, zone.id));
        if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
        await makeDefaultIn(tx, userId, row);
        return presentAddress({ ...row, isDefault: true });
      });
    },

    async makeDefault(userId: string, id: string): Promise<SavedAddress[]> {
      await writeBook(userId, async (tx) => {
        const row = await findAddress(tx, userId, id);
        if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
        await makeDefaultIn(tx, userId, row);
      });
      return this.listAddresses(userId);
    },

    /** Deleting the default makes the newest remaining address the default (or clears the house). */
    async deleteAddress(userId: string, id: string): Promise<SavedAddress[]> {
      await writeBook(userId, async (tx) => {
        const row = await findAddress(tx, userId, id);
        if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
        await deleteAddressRow(tx, id);
        if (!row.isDefault) return;
        const [next] = await findAddresses(tx, userId);
        if (next) await makeDefaultIn(tx, userId, next);
        else await deps.users.setHouse(tx, userId, null);
      });
      return this.listAddresses(userId);
    },
  };
}

type KnownAddresses = readonly { at: LngLat; address: string; cityName: string }[];

export type GeoService = ReturnType<typeof createGeoService>;
