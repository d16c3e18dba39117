/** Delivery addresses and the map: requests and answers (SPEC §3 address entities, §5, §7). */
import { z } from './z';

/** SPEC §5: a delivery point must lie inside a delivery zone. */
export const OUTSIDE_ZONES_MESSAGE = 'Выбранная точка находится за пределами зон доставки.';

/** Saved delivery addresses per customer: more is no use to a person, and unbounded rows are a cost. */
export const SAVED_ADDRESSES_MAX = 20;
export const TOO_MANY_ADDRESSES_MESSAGE = `Можно сохранить не больше ${SAVED_ADDRESSES_MAX} адресов. Удалите ненужный и попробуйте снова`;

export const CoordinatesSchema = z.object({
  longitude: z.number('Укажите точку на карте').min(-180).max(180),
  latitude: z.number('Укажите точку на карте').min(-90).max(90),
});
export type Coordinates = z.infer<typeof CoordinatesSchema>;

/** GET /api/geo/reverse?lng=&lat= */
export const ReverseQuerySchema = z.object({
  lng: z.coerce.number('Укажите точку на карте').min(-180).max(180),
  lat: z.coerce.number('Укажите точку на карте').min(-90).max(90),
});

export const GeocodedAddressSchema = z.object({ address: z.string(), short: z.string() });

/** A typed address is at most this long: longer is no address, and every character costs the geocoder. */
export const ADDRESS_QUERY_MAX_LENGTH = 200;
/** Suggestions start from this many characters (a house number alone says nothing). */
export const ADDRESS_QUERY_MIN_LENGTH = 3;
/** At most this many suggestions. */
export const PLACES_MAX = 8;

/**
 * GET /api/geo/search?q=&city=: a typed address → places (forward geocoding, issue 21). `city` narrows the
 * search to one city (the popup's city select); without it, the visitor's city.
 */
export const PlaceQuerySchema = z.object({
  q: z
    .line()
    .trim()
    .min(ADDRESS_QUERY_MIN_LENGTH, `Введите не меньше ${ADDRESS_QUERY_MIN_LENGTH} символов`)
    .max(ADDRESS_QUERY_MAX_LENGTH, `Адрес не длиннее ${ADDRESS_QUERY_MAX_LENGTH} символов`),
  city: z.uuid('Выберите город').optional(),
});
export type PlaceQuery = z.infer<typeof PlaceQuerySchema>;

/** A found address: its text, point and city, and the delivery zone it lies in (null: outside every zone). */
export const PlaceSchema = z.object({
  address: z.string(),
  short: z.string(),
  coordinates: CoordinatesSchema,
  city: z.string(),
  deliveryArea: z.string().nullable(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PlaceListSchema = z.array(PlaceSchema);

/** An address the geocoder cannot find (POST /api/user/me/addresses without coordinates, the no-JS form). */
export function addressNotFoundMessage(address: string): string {
  const shown = address.length > 60 ? `${address.slice(0, 60)}…` : address;
  return `Не нашли адрес «${shown}». Уточните улицу и номер дома или отметьте точку на карте`;
}

/**
 * POST /api/user/me/addresses: SPEC §7 address, deliveryArea, city — plus the point the customer chose. SPEC
 * §7's body has no point: without `coordinates` the server finds the address with the geocoder (issue 21),
 * and the zone is always the one the point lies in, whatever `deliveryArea` says.
 */
export const SaveAddressSchema = z.object({
  address: z.line().trim().min(1, 'Укажите адрес').max(300, 'Адрес не длиннее 300 символов'),
  shortAddress: z.line().trim().max(300).optional(),
  deliveryArea: z.uuid('Выберите зону доставки'),
  city: z.uuid('Выберите город'),
  coordinates: CoordinatesSchema.optional(),
});
export type SaveAddress = z.infer<typeof SaveAddressSchema>;
/** An address with its point: what is stored (the point given, or found by the geocoder). */
export type LocatedAddress = SaveAddress & { coordinates: Coordinates };

export const SavedAddressSchema = z.object({
  _id: z.string(),
  address: z.string(),
  shortAddress: z.string(),
  deliveryArea: z.string(),
  city: z.string(),
  coordinates: CoordinatesSchema,
  flat: z.string(),
  entrance: z.string(),
  floor: z.string(),
  comment: z.string(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const AddressListSchema = z.array(SavedAddressSchema);
