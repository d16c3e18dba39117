import type { City } from '@core/contracts/content';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { AddressPlaceholderDialog } from './address-placeholder-dialog';

export const DELIVERY_MODES = ['delivery', 'pickup'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  delivery: 'Доставка',
  pickup: 'Самовывоз',
};

/** SPEC §2: the address line reads this until an address is chosen. */
export const ADDRESS_PLACEHOLDER = 'Укажите адрес доставки';

export type DeliveryContextValue = {
  /** Delivery or pickup; delivery by default (SPEC §2). */
  mode: DeliveryMode;
  setMode: (mode: DeliveryMode) => void;
  /** The chosen delivery address as one line, or null while none is chosen. */
  address: string | null;
  /** Opens the address popup ('Укажите ваш адрес'). */
  openAddressDialog: () => void;
};

const DeliveryContext = createContext<DeliveryContextValue | null>(null);

/**
 * Delivery or pickup, and the address popup. Client state for now: the address issue adds the map, the
 * session-storage copy and the cookie the server renders the assortment from.
 */
export function DeliveryProvider({ cities, children }: { cities: readonly City[]; children: ReactNode }) {
  const [mode, setMode] = useState<DeliveryMode>('delivery');
  const [isAddressOpen, setAddressOpen] = useState(false);
  const openAddressDialog = useCallback(() => setAddressOpen(true), []);
  const value = useMemo<DeliveryContextValue>(
    () => ({ mode, setMode, address: null, openAddressDialog }),
    [mode, openAddressDialog],
  );
  return (
    <DeliveryContext value={value}>
      {children}
      <AddressPlaceholderDialog cities={cities} isOpen={isAddressOpen} onOpenChange={setAddressOpen} />
    </DeliveryContext>
  );
}

export function useDelivery(): DeliveryContextValue {
  const value = useContext(DeliveryContext);
  if (!value) throw new Error('useDelivery must be used inside <DeliveryProvider>');
  return value;
}
