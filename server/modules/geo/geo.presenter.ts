import type { City } from '@core/contracts/content';
import type { SavedAddress } from '@core/contracts/geo';
import type { House } from '@core/contracts/identity';
import type { AddressRow, CityRow, ZoneRow } from './geo.repository';

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
export function presentHouse(row: AddressRow): House {
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

/** The settings' cities (SPEC §3 Settings.cities), each with its delivery zones. */
export function presentCities(cityRows: readonly CityRow[], zoneRows: readonly ZoneRow[]): City[] {
  return cityRows.map((city) => ({
    _id: city.id,
    name: city.name,
    slug: city.slug,
    default: city.isDefault,
    center: { latitude: city.centerLatitude, longitude: city.centerLongitude },
    delivery_areas: zoneRows
      .filter((zone) => zone.cityId === city.id)
      .map((zone) => ({ _id: zone.id, name: zone.name, color: zone.color, zone: zone.polygon })),
  }));
}
