import type { House } from '@core/contracts/identity';

/**
 * SPEC §3: the delivery address the customer works with lives in session storage under this key, as
 * {address, deliveryArea}. The address issue reads and writes it; login seeds it from the saved address.
 */
export const USER_ADDRESS_STORAGE_KEY = 'user-address';

export type StoredUserAddress = { address: string; deliveryArea: string | null };

/** SPEC §4 Login 3: after login the user's saved address is stored, unless an address is already there. */
export function storeUserAddressIfNone(
  house: House | null,
  storage: Storage | undefined = browserStorage(),
): boolean {
  if (!house?.address || !storage) return false;
  try {
    if (storage.getItem(USER_ADDRESS_STORAGE_KEY) !== null) return false;
    const value: StoredUserAddress = { address: house.address, deliveryArea: house.deliveryArea ?? null };
    storage.setItem(USER_ADDRESS_STORAGE_KEY, JSON.stringify(value));
    return true;
  } catch {
    // Storage can be full or switched off (private modes): the address is then simply not remembered.
    return false;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
