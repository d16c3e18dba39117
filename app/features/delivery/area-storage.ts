/**
 * The browser's copies of the delivery area: the cookie the server renders the assortment from, and the
 * session-storage address info of SPEC §3 (under the spec's user-address key), which also remembers the map
 * point and city so the popup can reopen in edit mode.
 */
import type { LocatedAddress } from '@core/contracts/geo';
import {
  type DeliveryArea,
  deliveryAreaCookie,
  formatCityChoice,
  formatDeliveryArea,
} from '@core/rules/delivery-area';
import { USER_ADDRESS_STORAGE_KEY } from '~/features/auth/user-address';

/** SPEC §3 Address info {address, deliveryArea} plus what the popup's edit mode needs. */
export type StoredAddress = {
  address: string;
  deliveryArea: string | null;
  city?: string;
  shortAddress?: string;
  coordinates?: { longitude: number; latitude: number };
  /**
   * Chosen by a guest and not yet in an account: the next login carries it, and the server saves it to the
   * account right after the code check (SPEC §4 Login 3, §6).
   */
  isPending?: boolean;
};

/** The pending address as the login request carries it (SaveAddressSchema's fields), or undefined. */
export function pendingAddressForLogin(): LocatedAddress | undefined {
  const stored = readStoredAddress();
  if (!stored?.isPending || !stored.city || !stored.deliveryArea || !stored.coordinates) return undefined;
  return {
    address: stored.address,
    shortAddress: stored.shortAddress,
    deliveryArea: stored.deliveryArea,
    city: stored.city,
    coordinates: stored.coordinates,
  };
}

/** After a login carried the pending address, it is the account's business: no longer pending here. */
export function clearPendingAddress(): void {
  const stored = readStoredAddress();
  if (stored?.isPending) writeStoredAddress({ ...stored, isPending: false });
}

export function writeAreaCookie(area: DeliveryArea | null): void {
  writeAreaCookieValue(area ? formatDeliveryArea(area) : null);
}

/** A city chosen before any address (ADR 038): `c.<city>`, which the server reads as the visitor's city. */
export function writeCityCookie(cityId: string): void {
  writeAreaCookieValue(formatCityChoice(cityId));
}

function writeAreaCookieValue(value: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = deliveryAreaCookie(value, window.location.protocol === 'https:');
}

export function readStoredAddress(): StoredAddress | null {
  try {
    const raw = window.sessionStorage.getItem(USER_ADDRESS_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredAddress> | null;
    return value && typeof value.address === 'string'
      ? { ...value, address: value.address, deliveryArea: value.deliveryArea ?? null }
      : null;
  } catch {
    return null;
  }
}

export function writeStoredAddress(address: StoredAddress): void {
  try {
    window.sessionStorage.setItem(USER_ADDRESS_STORAGE_KEY, JSON.stringify(address));
  } catch {
    // Storage full or switched off: the cookie still carries the area.
  }
}
