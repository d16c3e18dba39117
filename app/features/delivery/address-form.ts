/**
 * The saved-address forms' field names and intents, and the posted form read back into the API's
 * SaveAddress input (checked with SaveAddressSchema by the action). The popup posts these fields with a
 * fetcher to /resources/addresses; the cabinet's delete and make-default buttons are plain forms posting
 * to /lk, so they work without JavaScript too.
 */
export const ADDRESS_INTENTS = ['save', 'update', 'delete', 'default'] as const;
export type AddressIntent = (typeof ADDRESS_INTENTS)[number];

export const ADDRESS_FIELD = {
  intent: 'intent',
  id: 'id',
  address: 'address',
  shortAddress: 'shortAddress',
  deliveryArea: 'deliveryArea',
  city: 'city',
  longitude: 'longitude',
  latitude: 'latitude',
} as const;

/** What the popup saves: the address at a map point, in a city's zone. */
export type AddressDraft = {
  address: string;
  shortAddress: string;
  deliveryArea: string;
  city: string;
  coordinates: { longitude: number; latitude: number };
};

/** The fields a fetcher posts for saving a new address, or (with `id`) for moving a saved one. */
export function addressFormFields(draft: AddressDraft, id?: string): Record<string, string> {
  return {
    [ADDRESS_FIELD.intent]: id ? 'update' : 'save',
    ...(id ? { [ADDRESS_FIELD.id]: id } : {}),
    [ADDRESS_FIELD.address]: draft.address,
    [ADDRESS_FIELD.shortAddress]: draft.shortAddress,
    [ADDRESS_FIELD.deliveryArea]: draft.deliveryArea,
    [ADDRESS_FIELD.city]: draft.city,
    [ADDRESS_FIELD.longitude]: String(draft.coordinates.longitude),
    [ADDRESS_FIELD.latitude]: String(draft.coordinates.latitude),
  };
}

/** A posted coordinate: a number, or undefined (so the contract says 'Укажите точку на карте') when absent. */
function coordinate(form: FormData, name: string): number | undefined {
  const value = form.get(name);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return Number(value);
}

/** The posted address fields as SaveAddressSchema's input. */
export function saveAddressInput(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    address: text(ADDRESS_FIELD.address),
    shortAddress: text(ADDRESS_FIELD.shortAddress),
    deliveryArea: text(ADDRESS_FIELD.deliveryArea),
    city: text(ADDRESS_FIELD.city),
    coordinates: {
      longitude: coordinate(form, ADDRESS_FIELD.longitude),
      latitude: coordinate(form, ADDRESS_FIELD.latitude),
    },
  };
}
