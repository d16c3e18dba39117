/**
 * The shopper's delivery or pickup choice, as every page reads it (`useDelivery`), and the location page's
 * address. The provider that holds it and lazy-loads the popups is delivery-provider.tsx: the popups import
 * this module, and this module imports none of them (no import circle).
 */
import type { City } from '@core/contracts/content';
import type { LocationQuery, SavedAddress } from '@core/contracts/geo';
import type { DeliveryArea } from '@core/rules/delivery-area';
import { createContext, useContext } from 'react';

/**
 * A city as every page has it: name, centre, whether it is the default. Its delivery zones' polygons only the
 * address popup reads, on opening (city-zones.ts, ADR 044).
 */
export type CityPlace = Omit<City, 'delivery_areas'>;

export const DELIVERY_MODES = ['delivery', 'pickup'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  delivery: 'Доставка',
  pickup: 'Самовывоз',
};

/** SPEC §2: the address line reads this until an address is chosen. */
export const ADDRESS_PLACEHOLDER = 'Укажите адрес доставки';
export const PICKUP_PLACEHOLDER = 'Выберите пункт самовывоза';

/**
 * The location page (/location, ADR 038): the address and pickup popups as plain HTML forms, for a browser
 * without JavaScript (and before hydration: the header's address line leads there). Its forms are
 * LocationFormSchema's (core/contracts/geo, ADR 042).
 */
export const LOCATION_PAGE = '/location';

/** A link to the page that brings the shopper back to `back` (a path with its query) afterwards. */
export function locationHref(back: string, mode: 'delivery' | 'pickup' = 'delivery'): string {
  const query: LocationQuery = {
    ...(back === '/' ? {} : { back }),
    ...(mode === 'pickup' ? { mode } : {}),
  };
  const search = new URLSearchParams(query).toString();
  return search ? `${LOCATION_PAGE}?${search}` : LOCATION_PAGE;
}

/** Which address the popup starts with. */
export type AddressDialogRequest = { mode: 'new' } | { mode: 'edit'; saved: SavedAddress };

export type DeliveryContextValue = {
  /** Delivery or pickup; delivery by default (SPEC §2). */
  mode: DeliveryMode;
  setMode: (mode: DeliveryMode) => void;
  /** The chosen area (zone or pickup point) with the label the header shows; null while none is chosen. */
  area: DeliveryArea | null;
  /** Makes an area current: cookie, state, and the pages' assortment reloaded. */
  chooseArea: (area: DeliveryArea | null) => void;
  /**
   * The shopper's city: their area's, or — before any address — the one they chose, else the nearest to their
   * IP's place, else the default (ADR 038); null when the server could not tell.
   */
  cityId: string | null;
  /** Before any address: shop in this city (the cookie's `c.<city>`), the pages' assortment reloaded. */
  chooseCity: (cityId: string) => void;
  /** The chosen delivery address as one line, or null while none is chosen. */
  address: string | null;
  /**
   * Opens the address popup ('Укажите ваш адрес'). Without a request: in edit mode when this session has an
   * address (the header's address line), else new; `{ mode: 'new' }` for another address ('Добавить адрес');
   * `{ mode: 'edit', saved }` to change one of the customer's saved addresses.
   */
  openAddressDialog: (request?: AddressDialogRequest) => void;
  /** Opens the pickup-point map popup. */
  openPickupDialog: () => void;
  cities: readonly CityPlace[];
  mapTileUrl: string;
};

/** The shopper's choice (delivery-provider.tsx provides it). */
export const DeliveryContext = createContext<DeliveryContextValue | null>(null);

export function useDelivery(): DeliveryContextValue {
  const value = useContext(DeliveryContext);
  if (!value) throw new Error('useDelivery must be used inside <DeliveryProvider>');
  return value;
}
