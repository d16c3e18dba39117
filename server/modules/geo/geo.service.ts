import {
  type Coordinates,
  OUTSIDE_ZONES_MESSAGE,
  SAVED_ADDRESSES_MAX,
  type SaveAddress,
  type SavedAddress,
  TOO_MANY_ADDRESSES_MESSAGE,
} from '@core/contracts/geo';
import type { House } from '@core/contracts/identity';
import { findZoneForPoint, type LngLat } from '@core/rules/geo';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createTtlCache } from '../../lib/ttl-cache';
import {
  type AddressRow,
  findAddress,
  findAddresses,
  findCities,
  findCityZones,
  findKnownAddresses,
  lockUser,
  updateAddressRow,
  userAddresses,
  users,
} from './geo.repository';
import { distanceM, type GeocodedAddress, type Geocoder } from './geocoder';

export type GeoDeps = { db: Db };

export const ADDRESS_NOT_FOUND = 'Адрес не найден';
const UNKNOWN_CITY = 'Выберите город из списка';

/** Known addresses and cities change only with the demo data or an import: cached for a while. */
const REFERENCE_TTL_MS = 10 * 60 * 1000;

export function presentAddress(row: AddressRow): SavedAddress {
  return {
    _id: row.id,
    address: row.address,
    shortAddress: row.shortAddress,
    deliveryArea: row.zoneId,
    city: row.cityId,
    coordinates: { longitude: row.longitude, latitude: row.latitude },
    flat: row.flat,
    entrance: row.entrance,
    floor: row.floor,
    comment: row.comment,
    is_default: row.isDefault,
  };
}

/** SPEC §3 User.house after saving an address: flat, entrance and floor as empty strings, shortAddress. */
function houseOf(row: AddressRow): House {
  return {
    address: row.address,
    deliveryArea: row.zoneId,
    city: row.cityId,
    flat: row.flat,
    entrance: row.entrance,
    floor: row.floor,
    shortAddress: row.shortAddress,
    is_new: false,
  };
}

/** Where an address is: its text, city, the zone its point really lies in, and the point. */
function placeOf(input: SaveAddress, zoneId: string) {
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
      const [known, cityRows] = await Promise.all([findKnownAddresses(deps.db), findCities(deps.db)]);
      return {
        known: known.map((row) => ({
          at: [row.longitude, row.latitude] as LngLat,
          address: row.address,
          cityName: row.cityName,
        })),
        cities: cityRows,
      };
    },
    { ttlMs: REFERENCE_TTL_MS },
  );
  const geocoder = geocoderFor(async () => (await reference.get()).known);

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

  /** Makes one address the default and the user's house, in the caller's transaction. */
  async function makeDefaultIn(tx: Db, userId: string, row: AddressRow): Promise<void> {
    await tx
      .update(userAddresses)
      .set({ isDefault: false })
      .where(and(eq(userAddresses.userId, userId), ne(userAddresses.id, row.id)));
    await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, row.id));
    await tx
      .update(users)
      .set({ house: houseOf({ ...row, isDefault: true }) })
      .where(eq(users.id, userId));
  }

  return {
    geocoderName: geocoder.name,

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

    listAddresses: async (userId: string): Promise<SavedAddress[]> =>
      (await findAddresses(deps.db, userId)).map(presentAddress),

    /**
     * POST /api/user/me/addresses: re-checks the point against the zones with the browser's function. The
     * zone is the one the point lies in (a stale zone id from the browser is corrected); outside every
     * zone is refused. The address becomes the default and the user's house.
     */
    async saveAddress(userId: string, input: SaveAddress): Promise<SavedAddress> {
      const zone = await zoneFor(input.city, input.coordinates);
      return deps.db.transaction(async (tx) => {
        // Two saves at once must not both pass the cap.
        await lockUser(tx, userId);
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
        const row =
          existing ??
          (
            await tx
              .insert(userAddresses)
              .values({ userId, ...placeOf(input, zone.id) })
              .returning()
          )[0];
        if (!row) throw new AppError('internal');
        await makeDefaultIn(tx, userId, row);
        return presentAddress({ ...row, isDefault: true });
      });
    },

    /**
     * The popup's edit mode for a saved address: the same checks as saving, the address moved to the new point
     * (flat, entrance, floor and comment kept), and it becomes the default and the user's house, as a newly
     * saved one does.
     */
    async updateAddress(userId: string, id: string, input: SaveAddress): Promise<SavedAddress> {
      const zone = await zoneFor(input.city, input.coordinates);
      return deps.db.transaction(async (tx) => {
        const row = await updateAddressRow(tx, userId, id, placeOf(input, zone.id));
        if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
        await makeDefaultIn(tx, userId, row);
        return presentAddress({ ...row, isDefault: true });
      });
    },

    async makeDefault(userId: string, id: string): Promise<SavedAddress[]> {
      await deps.db.transaction(async (tx) => {
        const row = await findAddress(tx, userId, id);
        if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
        await makeDefaultIn(tx, userId, row);
      });
      return this.listAddresses(userId);
    },

    /** Deleting the default makes the newest remaining address the default (or clears the house). */
    async deleteAddress(userId: string, id: string): Promise<SavedAddress[]> {
      await deps.db.transaction(async (tx) => {
        const row = await findAddress(tx, userId, id);
        if (!row) throw new AppError('not_found', ADDRESS_NOT_FOUND);
        await tx.delete(userAddresses).where(eq(userAddresses.id, id));
        if (!row.isDefault) return;
        const [next] = await findAddresses(tx, userId);
        if (next) await makeDefaultIn(tx, userId, next);
        else await tx.update(users).set({ house: null }).where(eq(users.id, userId));
      });
      return this.listAddresses(userId);
    },
  };
}

type KnownAddresses = readonly { at: LngLat; address: string; cityName: string }[];

export type GeoService = ReturnType<typeof createGeoService>;
