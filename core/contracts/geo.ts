/** Delivery addresses and the map: requests and answers (SPEC §3 address entities, §5, §7). */
import type { FormFields } from './form-fields';
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
const ADDRESS_QUERY_SHORT_MESSAGE = `Введите не меньше ${ADDRESS_QUERY_MIN_LENGTH} символов`;
/** A typed street and house. `emptyMessage`: what a form's empty field (read as missing, ADR 042) says. */
const placeText = (emptyMessage?: string) =>
  z
    .line(emptyMessage === undefined ? undefined : { error: emptyMessage })
    .trim()
    .min(ADDRESS_QUERY_MIN_LENGTH, ADDRESS_QUERY_SHORT_MESSAGE)
    .max(ADDRESS_QUERY_MAX_LENGTH, `Адрес не длиннее ${ADDRESS_QUERY_MAX_LENGTH} символов`);

const CitySchema = z.uuid('Выберите город');

export const PlaceQuerySchema = z.object({ q: placeText(), city: CitySchema.optional() });
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
const ADDRESS_MISSING_MESSAGE = 'Укажите адрес';
export const SaveAddressSchema = z.object({
  address: z
    .line({ error: ADDRESS_MISSING_MESSAGE })
    .trim()
    .min(1, ADDRESS_MISSING_MESSAGE)
    .max(300, 'Адрес не длиннее 300 символов'),
  shortAddress: z.line().trim().max(300).optional(),
  deliveryArea: z.uuid('Выберите зону доставки'),
  city: CitySchema,
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

// Forms (ADR 042) -------------------------------------------------------------------------------------------

const AddressIdSchema = z.uuid('Адрес не найден');

/**
 * The saved-address posts: the address popup saves a new one or moves one (`update`, with its id) to
 * /resources/addresses; the cabinet's address book deletes one (once `confirm` says 'yes': without it the
 * action asks) or makes one the default, posting to /lk. The fields are SaveAddressSchema's.
 */
export const AddressFormSchema = z.discriminatedUnion(
  'intent',
  [
    SaveAddressSchema.extend({ intent: z.literal('save') }),
    SaveAddressSchema.extend({ intent: z.literal('update'), id: AddressIdSchema }),
    z.object({ intent: z.literal('delete'), id: AddressIdSchema, confirm: z.line().max(10).optional() }),
    z.object({ intent: z.literal('default'), id: AddressIdSchema }),
  ],
  { error: 'Неизвестное действие с адресом' },
);
/** An address post's fields as a form or a fetcher sends them (text). */
export type AddressForm = FormFields<z.input<typeof AddressFormSchema>>;

/** Where /location goes back to afterwards: a path on this site (checked again by the action). */
const BackSchema = z.line().max(2000).optional();
export const PICKUP_POINT_MESSAGE = 'Выберите пункт самовывоза из списка';

/**
 * The location page's forms (/location, ADR 038): a city alone, a city and a typed street and house, or a
 * pickup point; each with where to go back to.
 */
export const LocationFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('city'), city: CitySchema, back: BackSchema }),
    z.object({
      intent: z.literal('address'),
      city: CitySchema,
      address: placeText(ADDRESS_QUERY_SHORT_MESSAGE),
      back: BackSchema,
    }),
    z.object({ intent: z.literal('pickup'), point: z.uuid(PICKUP_POINT_MESSAGE), back: BackSchema }),
  ],
  { error: 'Неизвестное действие' },
);
/** A location post's fields as a form sends them (text). */
export type LocationForm = FormFields<z.input<typeof LocationFormSchema>>;

/** /location's query (the header's link, the pickup list's city choice): back, which part first, whose points. */
export type LocationQuery = { back?: string; mode?: 'delivery' | 'pickup'; city?: string };
