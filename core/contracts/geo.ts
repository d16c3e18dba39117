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

/** POST /api/user/me/addresses: SPEC §7 address, deliveryArea, city — plus the point the customer chose. */
export const SaveAddressSchema = z.object({
  address: z.line().trim().min(1, 'Укажите адрес').max(300, 'Адрес не длиннее 300 символов'),
  shortAddress: z.line().trim().max(300).optional(),
  deliveryArea: z.uuid('Выберите зону доставки'),
  city: z.uuid('Выберите город'),
  coordinates: CoordinatesSchema,
});
export type SaveAddress = z.infer<typeof SaveAddressSchema>;

/** Flat, entrance, floor and comment for the courier (checkout fills them in). */
export const AddressDetailsSchema = z.object({
  flat: z.line().trim().max(20, 'Не длиннее 20 символов').default(''),
  entrance: z.line().trim().max(20, 'Не длиннее 20 символов').default(''),
  floor: z.line().trim().max(20, 'Не длиннее 20 символов').default(''),
  comment: z.string().trim().max(300, 'Комментарий не длиннее 300 символов').default(''),
});

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
