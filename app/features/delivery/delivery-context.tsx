import type { City } from '@core/contracts/content';
import type { SavedAddress } from '@core/contracts/geo';
import { type DeliveryArea, formatDeliveryArea } from '@core/rules/delivery-area';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useRevalidator } from 'react-router';
import { readStoredAddress, writeAreaCookie, writeCityCookie } from './area-storage';

export const DELIVERY_MODES = ['delivery', 'pickup'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  delivery: 'Доставка',
  pickup: 'Самовывоз',
};

/** SPEC §2: the address line reads this until an address is chosen. */
export const ADDRESS_PLACEHOLDER = 'Укажите адрес доставки';
export const PICKUP_PLACEHOLDER = 'Выберите пункт самовывоза';

/*
 * The location page's forms (/location, ADR 038): the address and pickup popups as plain HTML forms, for a
 * browser without JavaScript (and before hydration: the header's address line leads there). Field names and
 * intents, shared by the page (browser) and its action (server). Here rather than in a module of their own:
 * the header needs them on every page, and a module of its own was one more JavaScript file on each.
 */
export const LOCATION_PAGE = '/location';

export const LOCATION_INTENTS = ['city', 'address', 'pickup'] as const;
export type LocationIntent = (typeof LOCATION_INTENTS)[number];

export const LOCATION_FIELD = {
  intent: 'intent',
  /** Where to go back to afterwards: a path on this site. */
  back: 'back',
  /** Which part the page opens on: 'delivery' or 'pickup'. */
  mode: 'mode',
  city: 'city',
  /** The typed street and house. */
  address: 'address',
  point: 'point',
} as const;

/** A link to the page that brings the shopper back to `back` (a path with its query) afterwards. */
export function locationHref(back: string, mode: 'delivery' | 'pickup' = 'delivery'): string {
  const params = new URLSearchParams();
  if (back !== '/') params.set(LOCATION_FIELD.back, back);
  if (mode === 'pickup') params.set(LOCATION_FIELD.mode, mode);
  const query = params.toString();
  return query ? `${LOCATION_PAGE}?${query}` : LOCATION_PAGE;
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
  cities: readonly City[];
  mapTileUrl: string;
};

const DeliveryContext = createContext<DeliveryContextValue | null>(null);

// The maps (Leaflet) load only when a popup opens: they are big, and they need a browser.
const AddressDialog = lazy(async () => ({ default: (await import('./address-dialog')).AddressDialog }));
const PickupDialog = lazy(async () => ({ default: (await import('./pickup-dialog')).PickupDialog }));

/**
 * Delivery or pickup, the chosen area, and the address and pickup popups. The area starts from the cookie
 * the server rendered with; changing it rewrites the cookie and reloads the pages' data, so the catalogue,
 * products and search follow the customer's zone or pickup point.
 */
export function DeliveryProvider({
  cities,
  initialArea,
  cityId,
  mapTileUrl,
  children,
}: {
  cities: readonly City[];
  initialArea: DeliveryArea | null;
  cityId: string | null;
  mapTileUrl: string;
  children: ReactNode;
}) {
  const [area, setArea] = useState<DeliveryArea | null>(initialArea);
  const [mode, setModeState] = useState<DeliveryMode>(initialArea?.mode ?? 'delivery');
  // The server's area changed under us (the location page's form set the cookie): it is the current one.
  const serverArea = initialArea ? formatDeliveryArea(initialArea) : '';
  const [seenServerArea, setSeenServerArea] = useState(serverArea);
  if (serverArea !== seenServerArea) {
    setSeenServerArea(serverArea);
    setArea(initialArea);
    if (initialArea) setModeState(initialArea.mode);
  }
  const [dialog, setDialog] = useState<'address' | 'pickup' | null>(null);
  const [addressRequest, setAddressRequest] = useState<AddressDialogRequest | undefined>();
  const { revalidate } = useRevalidator();

  const chooseArea = useCallback(
    (next: DeliveryArea | null) => {
      writeAreaCookie(next);
      setArea(next);
      if (next) setModeState(next.mode);
      void revalidate();
    },
    [revalidate],
  );

  const chooseCity = useCallback(
    (next: string) => {
      writeCityCookie(next);
      setArea(null);
      void revalidate();
    },
    [revalidate],
  );

  const setMode = useCallback(
    (next: DeliveryMode) => {
      setModeState(next);
      if (area?.mode === next) return;
      if (next === 'delivery') {
        // Back to delivery: the address of this session, if there is one (SPEC §3 address info).
        const stored = readStoredAddress();
        const cityId = stored?.city;
        chooseArea(
          stored?.deliveryArea && cityId
            ? {
                mode: 'delivery',
                cityId,
                zoneId: stored.deliveryArea,
                label: stored.shortAddress ?? stored.address,
              }
            : null,
        );
      } else {
        setDialog('pickup');
      }
    },
    [area, chooseArea],
  );

  const openAddressDialog = useCallback((request?: AddressDialogRequest) => {
    setAddressRequest(request);
    setDialog('address');
  }, []);
  const openPickupDialog = useCallback(() => setDialog('pickup'), []);
  const close = useCallback((isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  }, []);

  const value = useMemo<DeliveryContextValue>(
    () => ({
      mode,
      setMode,
      area,
      chooseArea,
      cityId: area?.cityId ?? cityId,
      chooseCity,
      address: area?.mode === 'delivery' ? (area.label ?? null) : null,
      openAddressDialog,
      openPickupDialog,
      cities,
      mapTileUrl,
    }),
    [
      mode,
      setMode,
      area,
      chooseArea,
      cityId,
      chooseCity,
      openAddressDialog,
      openPickupDialog,
      cities,
      mapTileUrl,
    ],
  );
  return (
    <DeliveryContext value={value}>
      {children}
      <Suspense fallback={null}>
        {dialog === 'address' ? <AddressDialog isOpen onOpenChange={close} request={addressRequest} /> : null}
        {dialog === 'pickup' ? <PickupDialog isOpen onOpenChange={close} /> : null}
      </Suspense>
    </DeliveryContext>
  );
}

export function useDelivery(): DeliveryContextValue {
  const value = useContext(DeliveryContext);
  if (!value) throw new Error('useDelivery must be used inside <DeliveryProvider>');
  return value;
}
