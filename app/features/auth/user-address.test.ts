import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/setup/memory-storage';
import { storeUserAddressIfNone, USER_ADDRESS_STORAGE_KEY } from './user-address';

const house = { address: 'Ярославль, ул. Свободы, 10', deliveryArea: 'zone-1' };

describe('storeUserAddressIfNone', () => {
  it('stores the saved address under user-address when none is set', () => {
    const storage = new MemoryStorage();
    expect(USER_ADDRESS_STORAGE_KEY).toBe('user-address');
    expect(storeUserAddressIfNone(house, storage)).toBe(true);
    expect(JSON.parse(storage.getItem('user-address') ?? '')).toEqual({
      address: 'Ярославль, ул. Свободы, 10',
      deliveryArea: 'zone-1',
    });
  });

  it('keeps an address the customer already chose', () => {
    const storage = new MemoryStorage();
    storage.setItem('user-address', '{"address":"выбран раньше","deliveryArea":null}');
    expect(storeUserAddressIfNone(house, storage)).toBe(false);
    expect(storage.getItem('user-address')).toContain('выбран раньше');
  });

  it('does nothing without a saved address or without storage', () => {
    const storage = new MemoryStorage();
    expect(storeUserAddressIfNone(null, storage)).toBe(false);
    expect(storeUserAddressIfNone({ address: '' }, storage)).toBe(false);
    expect(storage.length).toBe(0);
    expect(storeUserAddressIfNone(house, undefined)).toBe(false);
  });

  it('survives a storage that refuses to write', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(storeUserAddressIfNone(house, storage)).toBe(false);
  });
});
