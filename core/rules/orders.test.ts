import { describe, expect, it } from 'vitest';
import {
  canMove,
  deliveryFee,
  deliverySlots,
  formatSlot,
  isCancellableByCustomer,
  statusPath,
} from './orders';

const week = {
  '1': { open: '08:00', close: '22:00' },
  '2': { open: '08:00', close: '22:00' },
  '3': { open: '08:00', close: '22:00' },
};

describe('order statuses', () => {
  it('go one step at a time, on the way for delivery and ready for pickup', () => {
    expect(statusPath('delivery')).toEqual(['new', 'confirmed', 'assembling', 'on_the_way', 'done']);
    expect(statusPath('pickup')).toContain('ready');
    expect(canMove('new', 'confirmed', 'delivery')).toBe(true);
    expect(canMove('new', 'assembling', 'delivery')).toBe(false);
    expect(canMove('assembling', 'ready', 'delivery')).toBe(false);
    expect(canMove('assembling', 'ready', 'pickup')).toBe(true);
    expect(canMove('done', 'cancelled', 'pickup')).toBe(false);
    expect(canMove('on_the_way', 'cancelled', 'delivery')).toBe(false);
    expect(canMove('assembling', 'cancelled', 'delivery')).toBe(true);
  });

  it('let the customer cancel only before assembling', () => {
    expect(isCancellableByCustomer('new')).toBe(true);
    expect(isCancellableByCustomer('confirmed')).toBe(true);
    expect(isCancellableByCustomer('assembling')).toBe(false);
  });
});

describe('deliverySlots', () => {
  it('offers two-hour slots within opening hours, from an hour after now, today and tomorrow', () => {
    // Monday 2026-01-12, 12:30 Moscow time.
    const now = new Date('2026-01-12T09:30:00Z');
    const slots = deliverySlots(week, now);
    const labels = slots.map((slot) => formatSlot(slot, now));
    expect(labels[0]).toBe('сегодня, 14:00–16:00');
    expect(labels).toContain('сегодня, 20:00–22:00');
    expect(labels).toContain('завтра, 08:00–10:00');
    expect(labels.filter((label) => label.startsWith('сегодня'))).toHaveLength(4);
    expect(labels.filter((label) => label.startsWith('завтра'))).toHaveLength(7);
  });

  it('skips closed days', () => {
    // Wednesday evening: today is over, Thursday is closed.
    expect(deliverySlots(week, new Date('2026-01-14T18:30:00Z'))).toEqual([]);
  });
});

describe('deliveryFee', () => {
  const store = { deliveryFeeKopecks: 19_900, freeDeliveryFromKopecks: 200_000 };
  it('is free from the threshold and for pickup', () => {
    expect(deliveryFee(150_000, store, 'delivery')).toBe(19_900);
    expect(deliveryFee(200_000, store, 'delivery')).toBe(0);
    expect(deliveryFee(150_000, store, 'pickup')).toBe(0);
    expect(deliveryFee(10, { deliveryFeeKopecks: 9_900, freeDeliveryFromKopecks: null }, 'delivery')).toBe(
      9_900,
    );
  });
});
