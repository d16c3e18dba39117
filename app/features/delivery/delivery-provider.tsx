/**
 * Delivery or pickup, the chosen area, and the address and pickup popups (delivery-context.tsx has the
 * context and `useDelivery`). The popups import the context; this provider lazy-loads them, so nothing imports
 * back into it.
 */
import { type DeliveryArea, formatDeliveryArea } from '@core/rules/delivery-area';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { readStoredAddress, writeAreaCookie, writeCityCookie } from './area-storage';
import {
  type AddressDialogRequest,
  type CityPlace,
  DeliveryContext,
  type DeliveryContextValue,
  type DeliveryMode,
} from './delivery-context';

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
  cities: readonly CityPlace[];
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
    // The zones' polygons load with the popup's code, not with every page (city-zones.ts); the module
    // itself goes with the popup's, so no page's first load carries it.
    void import('./city-zones').then((zones) => zones.loadCityZones());
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
