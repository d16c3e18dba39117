import { describe, expect, it } from 'vitest';
import {
  canMove,
  deliverySlots,
  FULFILMENTS,
  formatPickupWindow,
  formatSlot,
  isCancellableByCustomer,
  isOnlinePayment,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  pickupWindow,
  statusMessage,
  statusPath,
} from './orders';

const STATUSES: OrderStatus[] = [
  'awaiting_payment',
  'new',
  'confirmed',
  'assembling',
  'on_the_way',
  'ready',
  'done',
  'cancelled',
];

describe('the one list of statuses, ways and payments', () => {
  it('names every status once, fulfilment by delivery or pickup, payment on receipt or online', () => {
    expect(ORDER_STATUSES).toEqual(STATUSES);
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual(STATUSES);
    expect(FULFILMENTS).toEqual(['delivery', 'pickup']);
    expect(PAYMENT_METHODS).toEqual(['card', 'cash', 'online', 'sbp']);
    expect(PAYMENT_METHODS.filter(isOnlinePayment)).toEqual(['online', 'sbp']);
  });
});

/** Slot labels as the customer reads them, for a clock standing at `now`. */
const labelsAt = (schedule: Parameters<typeof deliverySlots>[0], now: Date) =>
  deliverySlots(schedule, now).map((slot) => formatSlot(slot, now));

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
    // Only the payment moves an order on from waiting for it; an operator may cancel it.
    expect(canMove('awaiting_payment', 'new', 'pickup')).toBe(false);
    expect(canMove('awaiting_payment', 'confirmed', 'pickup')).toBe(false);
    expect(canMove('awaiting_payment', 'cancelled', 'pickup')).toBe(true);
  });

  it('let the customer cancel only before assembling', () => {
    expect(isCancellableByCustomer('awaiting_payment')).toBe(true);
    expect(isCancellableByCustomer('new')).toBe(true);
    expect(isCancellableByCustomer('confirmed')).toBe(true);
    for (const status of ['assembling', 'on_the_way', 'ready', 'done', 'cancelled'] as const) {
      expect(isCancellableByCustomer(status), status).toBe(false);
    }
  });

  it('end at done and at cancelled: nothing moves an order on from there', () => {
    for (const to of STATUSES) {
      for (const fulfilment of ['delivery', 'pickup'] as const) {
        expect(canMove('done', to, fulfilment), `done → ${to}`).toBe(false);
        expect(canMove('cancelled', to, fulfilment), `cancelled → ${to}`).toBe(false);
      }
    }
  });

  it('never go back, skip or stand still', () => {
    expect(canMove('confirmed', 'new', 'delivery')).toBe(false);
    expect(canMove('assembling', 'assembling', 'pickup')).toBe(false);
    expect(canMove('on_the_way', 'done', 'delivery')).toBe(true);
    expect(canMove('ready', 'done', 'pickup')).toBe(true);
    expect(canMove('assembling', 'done', 'pickup')).toBe(false);
    expect(canMove('assembling', 'on_the_way', 'pickup')).toBe(false);
  });

  it('may be cancelled by an operator until the order is on its way', () => {
    for (const from of ['new', 'confirmed', 'assembling'] as const) {
      expect(canMove(from, 'cancelled', 'delivery'), from).toBe(true);
    }
    expect(canMove('ready', 'cancelled', 'pickup')).toBe(true);
    expect(canMove('on_the_way', 'cancelled', 'delivery')).toBe(false);
  });

  it('have a Russian label each', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      awaiting_payment: 'Ожидает оплаты',
      new: 'Новый',
      confirmed: 'Подтверждён',
      assembling: 'Собирается',
      on_the_way: 'В пути',
      ready: 'Готов к выдаче',
      done: 'Выполнен',
      cancelled: 'Отменён',
    });
  });

  it('tell the customer what happened, in words that fit the way the order comes', () => {
    expect(statusMessage(1042, 'awaiting_payment', 'pickup')).toBe(
      'Заказ №1042 ждёт оплаты. Без оплаты он отменится через 15 минут.',
    );
    expect(statusMessage(1042, 'new', 'delivery')).toBe(
      'Заказ №1042 оформлен. Мы сообщим, когда магазин его подтвердит.',
    );
    expect(statusMessage(1042, 'confirmed', 'delivery')).toBe('Магазин подтвердил заказ №1042.');
    expect(statusMessage(1042, 'assembling', 'pickup')).toBe('Заказ №1042 собирают.');
    expect(statusMessage(1042, 'on_the_way', 'delivery')).toBe('Заказ №1042 в пути.');
    expect(statusMessage(1042, 'ready', 'pickup')).toBe('Заказ №1042 готов: его можно забрать.');
    expect(statusMessage(1042, 'done', 'delivery')).toBe('Заказ №1042 доставлен. Спасибо!');
    expect(statusMessage(1042, 'done', 'pickup')).toBe('Заказ №1042 выдан. Спасибо!');
    expect(statusMessage(1042, 'cancelled', 'pickup')).toBe('Заказ №1042 отменён.');
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

  it('offers today and tomorrow only, never the day after', () => {
    // Monday 2026-01-12, 06:00 Moscow time: all of Monday and Tuesday, none of the open Wednesday.
    const now = new Date('2026-01-12T03:00:00Z');
    const slots = deliverySlots(week, now);
    expect(slots).toHaveLength(14);
    expect(slots[0]).toEqual({
      start: new Date('2026-01-12T05:00:00Z'),
      end: new Date('2026-01-12T07:00:00Z'),
    });
    expect(slots.at(-1)).toEqual({
      start: new Date('2026-01-13T17:00:00Z'),
      end: new Date('2026-01-13T19:00:00Z'),
    });
  });

  it('reads the clock in Moscow time: 23:30 on Monday in Moscow is 20:30 UTC', () => {
    // Were the offset applied the wrong way (17:30 on Monday), Monday evening slots would be offered.
    const now = new Date('2026-01-12T20:30:00Z');
    const labels = labelsAt(week, now);
    expect(labels).toHaveLength(7);
    expect(labels[0]).toBe('завтра, 08:00–10:00');
    expect(labels.at(-1)).toBe('завтра, 20:00–22:00');
  });

  it('counts "today" by the Moscow calendar: just after midnight in Moscow is still the day before in UTC', () => {
    // Tuesday 00:30 in Moscow (Monday 21:30 UTC): Tuesday's slots are today's, Wednesday's are tomorrow's.
    const now = new Date('2026-01-12T21:30:00Z');
    const labels = labelsAt(week, now);
    expect(labels[0]).toBe('сегодня, 08:00–10:00');
    expect(labels).toContain('завтра, 08:00–10:00');
    expect(labels).toHaveLength(14);
  });

  it('starts the first slot no sooner than an hour from now, an hour exactly included', () => {
    // 11:00 Moscow time: the 12:00 slot is exactly an hour away.
    expect(labelsAt(week, new Date('2026-01-12T08:00:00Z'))[0]).toBe('сегодня, 12:00–14:00');
    // One minute later it is not.
    expect(labelsAt(week, new Date('2026-01-12T08:01:00Z'))[0]).toBe('сегодня, 14:00–16:00');
  });

  it('fits whole slots inside the opening hours, minutes included', () => {
    const short = { '1': { open: '09:30', close: '14:00' } };
    expect(labelsAt(short, new Date('2026-01-12T03:00:00Z'))).toEqual([
      'сегодня, 09:30–11:30',
      'сегодня, 11:30–13:30',
    ]);
    // A slot that would end at closing time exactly still fits.
    const even = { '1': { open: '10:00', close: '14:00' } };
    expect(labelsAt(even, new Date('2026-01-12T03:00:00Z'))).toEqual([
      'сегодня, 10:00–12:00',
      'сегодня, 12:00–14:00',
    ]);
  });

  it('reads weekdays as ISO numbers, Sunday being 7', () => {
    // Sunday 2026-01-11, 06:00 Moscow time; Monday is closed in this schedule.
    const sundayOnly = { '7': { open: '10:00', close: '12:00' } };
    expect(labelsAt(sundayOnly, new Date('2026-01-11T03:00:00Z'))).toEqual(['сегодня, 10:00–12:00']);
    expect(labelsAt({ '0': { open: '10:00', close: '12:00' } }, new Date('2026-01-11T03:00:00Z'))).toEqual(
      [],
    );
  });

  it('skips closed days', () => {
    // Wednesday evening: today is over, Thursday is closed.
    expect(deliverySlots(week, new Date('2026-01-14T18:30:00Z'))).toEqual([]);
  });
});

describe('formatSlot', () => {
  const slot = { start: new Date('2026-01-14T07:00:00Z'), end: new Date('2026-01-14T09:00:00Z') };

  it('names today and tomorrow, and shows the time in Moscow', () => {
    expect(formatSlot(slot, new Date('2026-01-14T05:00:00Z'))).toBe('сегодня, 10:00–12:00');
    expect(formatSlot(slot, new Date('2026-01-13T05:00:00Z'))).toBe('завтра, 10:00–12:00');
  });

  it('writes the date of any other day', () => {
    expect(formatSlot(slot, new Date('2026-01-12T05:00:00Z'))).toBe('14.01.2026, 10:00–12:00');
    expect(formatSlot(slot, new Date('2026-01-15T05:00:00Z'))).toBe('14.01.2026, 10:00–12:00');
    const early = { start: new Date('2026-02-05T07:00:00Z'), end: new Date('2026-02-05T09:00:00Z') };
    expect(formatSlot(early, new Date('2026-02-01T05:00:00Z'))).toBe('05.02.2026, 10:00–12:00');
  });

  it('changes day at midnight in Moscow, not at midnight UTC', () => {
    // 23:59 in Moscow on the 13th; one minute later it is the 14th there and still the 13th in UTC.
    expect(formatSlot(slot, new Date('2026-01-13T20:59:00Z'))).toBe('завтра, 10:00–12:00');
    expect(formatSlot(slot, new Date('2026-01-13T21:00:00Z'))).toBe('сегодня, 10:00–12:00');
    const lateSlot = { start: new Date('2026-01-14T19:00:00Z'), end: new Date('2026-01-14T21:00:00Z') };
    expect(formatSlot(lateSlot, new Date('2026-01-14T05:00:00Z'))).toBe('сегодня, 22:00–00:00');
  });
});

describe('pickupWindow', () => {
  it('opens once the order is assembled (an hour after it was placed) and lasts until the point closes', () => {
    // Monday 2026-01-12, 12:30 Moscow time.
    const window = pickupWindow(week, new Date('2026-01-12T09:30:00Z'));
    expect(window).toEqual({
      start: new Date('2026-01-12T10:30:00Z'),
      end: new Date('2026-01-12T19:00:00Z'),
    });
    expect(window && formatPickupWindow(window, new Date('2026-01-12T09:30:00Z'))).toBe(
      'сегодня с 13:30 до 22:00',
    );
  });

  it('waits for the opening when the order is placed before it', () => {
    // Monday 06:00 Moscow: ready at 07:00, the point opens at 08:00.
    expect(pickupWindow(week, new Date('2026-01-12T03:00:00Z'))).toEqual({
      start: new Date('2026-01-12T05:00:00Z'),
      end: new Date('2026-01-12T19:00:00Z'),
    });
  });

  it('moves to the next open day when the point closes before the order is ready', () => {
    // Monday 21:30 Moscow: ready at 22:30, after closing; Tuesday from 08:00.
    const placed = new Date('2026-01-12T18:30:00Z');
    const window = pickupWindow(week, placed);
    expect(window).toEqual({
      start: new Date('2026-01-13T05:00:00Z'),
      end: new Date('2026-01-13T19:00:00Z'),
    });
    expect(window && formatPickupWindow(window, placed)).toBe('завтра с 08:00 до 22:00');
    // Wednesday evening: Thursday to Sunday are closed, the next Monday opens.
    const later = pickupWindow(week, new Date('2026-01-14T19:30:00Z'));
    expect(later?.start).toEqual(new Date('2026-01-19T05:00:00Z'));
    expect(later && formatPickupWindow(later, new Date('2026-01-14T19:30:00Z'))).toBe(
      '19.01.2026 с 08:00 до 22:00',
    );
  });

  it('has none for a point without opening hours', () => {
    expect(pickupWindow({}, new Date('2026-01-12T09:30:00Z'))).toBeNull();
  });
});
