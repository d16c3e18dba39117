/** Order rules shared by the server, the checkout page and the operator CLI (DESIGN.md §3 "Orders"). */
import { formatMoscowTime, fromMoscow, moscowDayNumber, toMoscow } from './date';
import { PAYMENT_WINDOW_MIN } from './payments';

/**
 * Every status an order can have: the one list the contracts, the database's column and the operator CLI use.
 * The order of the path is statusPath's; 'cancelled' may come at any point before the hand-over.
 */
export const ORDER_STATUSES = [
  /** Paid online and not yet paid: keeps its stock for PAYMENT_WINDOW_MIN (issue 25), then 'new' or cancelled. */
  'awaiting_payment',
  'new',
  'confirmed',
  'assembling',
  'on_the_way',
  'ready',
  'done',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order reaches the customer. */
export const FULFILMENTS = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** How it is paid for: by card or in cash on receipt, or online (a card, or СБП) through YooKassa (issue 25). */
export const PAYMENT_METHODS = ['card', 'cash', 'online', 'sbp'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The ways paid before the order is made: the checkout creates a YooKassa payment and sends the customer to it. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['online', 'sbp'];
export const isOnlinePayment = (method: PaymentMethod): boolean => ONLINE_PAYMENT_METHODS.includes(method);

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Картой при получении',
  cash: 'Наличными при получении',
  online: 'Картой онлайн',
  sbp: 'СБП',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Ожидает оплаты',
  new: 'Новый',
  confirmed: 'Подтверждён',
  assembling: 'Собирается',
  on_the_way: 'В пути',
  ready: 'Готов к выдаче',
  done: 'Выполнен',
  cancelled: 'Отменён',
};

/** The way an order goes: new → confirmed → assembling → on the way / ready for pickup → done. */
export function statusPath(fulfilment: Fulfilment): OrderStatus[] {
  return ['new', 'confirmed', 'assembling', fulfilment === 'delivery' ? 'on_the_way' : 'ready', 'done'];
}

/** Finished orders: done or cancelled. Every other status is an active order (the header's 'Заказы' badge). */
export const FINISHED_ORDER_STATUSES: readonly OrderStatus[] = ['done', 'cancelled'];

/** The customer may cancel until assembling starts; the stock then goes back. */
export function isCancellableByCustomer(status: OrderStatus): boolean {
  return status === 'awaiting_payment' || status === 'new' || status === 'confirmed';
}

/** Moves an operator may make: one step along the path, or a cancellation before the order is handed over. */
export function canMove(from: OrderStatus, to: OrderStatus, fulfilment: Fulfilment): boolean {
  if (from === 'done' || from === 'cancelled') return false;
  if (to === 'cancelled') return from !== 'on_the_way';
  // Only the payment moves an order on from waiting for it (the payments module, not an operator).
  if (from === 'awaiting_payment') return false;
  const path = statusPath(fulfilment);
  return path.indexOf(to) === path.indexOf(from) + 1;
}

/** What a status change tells the customer (stored as a notification). */
export function statusMessage(number: number, status: OrderStatus, fulfilment: Fulfilment): string {
  switch (status) {
    case 'awaiting_payment':
      return `Заказ №${number} ждёт оплаты. Без оплаты он отменится через ${PAYMENT_WINDOW_MIN} минут.`;
    case 'new':
      return `Заказ №${number} оформлен. Мы сообщим, когда магазин его подтвердит.`;
    case 'confirmed':
      return `Магазин подтвердил заказ №${number}.`;
    case 'assembling':
      return `Заказ №${number} собирают.`;
    case 'on_the_way':
      return `Заказ №${number} в пути.`;
    case 'ready':
      return `Заказ №${number} готов: его можно забрать.`;
    case 'done':
      return fulfilment === 'delivery'
        ? `Заказ №${number} доставлен. Спасибо!`
        : `Заказ №${number} выдан. Спасибо!`;
    case 'cancelled':
      return `Заказ №${number} отменён.`;
  }
}

export const SLOT_LENGTH_MIN = 120;
/** The earliest slot starts at least this long after checkout (time to assemble the order). */
export const SLOT_LEAD_MIN = 60;
export const SLOT_CAPACITY = 5;

export type WeeklyHours = Partial<Record<string, { open: string; close: string }>>;
export type Slot = { start: Date; end: Date };

function minutesOf(hhmm: string): number {
  // Stryker disable next-line StringLiteral: opening hours are validated as HH:MM; the defaults are for the type checker
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * Delivery slots of a point for today and tomorrow: two-hour windows within its opening hours that start
 * at least an hour from now. Stores keep Moscow time, so the days and hours are read on the Moscow clock.
 */
export function deliverySlots(schedule: WeeklyHours, now: Date): Slot[] {
  const today = toMoscow(now);
  const earliest = now.getTime() + SLOT_LEAD_MIN * 60_000;
  const slots: Slot[] = [];
  for (let offset = 0; offset < 2; offset += 1) {
    // A calendar day, not an instant: UTC arithmetic on it rolls months and years over and no clock is involved.
    const calendar = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const day = {
      year: calendar.getUTCFullYear(),
      month: calendar.getUTCMonth() + 1,
      day: calendar.getUTCDate(),
    };
    const isoWeekday = ((calendar.getUTCDay() + 6) % 7) + 1;
    const hours = schedule[String(isoWeekday)];
    if (!hours) continue;
    const close = minutesOf(hours.close);
    for (let start = minutesOf(hours.open); start + SLOT_LENGTH_MIN <= close; start += SLOT_LENGTH_MIN) {
      const startAt = fromMoscow(day, start);
      if (startAt.getTime() < earliest) continue;
      slots.push({ start: startAt, end: fromMoscow(day, start + SLOT_LENGTH_MIN) });
    }
  }
  return slots;
}

/** «сегодня, 14:00–16:00» / «завтра, 10:00–12:00» / «14.01.2026, 10:00–12:00» on the Moscow clock. */
export function formatSlot(slot: { start: Date; end: Date }, now: Date): string {
  const days = moscowDayNumber(slot.start) - moscowDayNumber(now);
  const { year, month, day } = toMoscow(slot.start);
  const date = `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
  const label = days === 0 ? 'сегодня' : days === 1 ? 'завтра' : date;
  return `${label}, ${formatMoscowTime(slot.start)}–${formatMoscowTime(slot.end)}`;
}

/** How many days ahead a pickup window is looked for (a point closed all week has none). */
const PICKUP_LOOKAHEAD_DAYS = 7;

/**
 * When a pickup order can be collected: from the moment it is assembled (SLOT_LEAD_MIN after it was placed, as
 * the first delivery slot) until the point closes that day; if the point is closed by then, its next opening
 * hours. Null when the point has no hours within a week. Moscow clock, as the slots.
 */
export function pickupWindow(schedule: WeeklyHours, placedAt: Date): Slot | null {
  const ready = new Date(placedAt.getTime() + SLOT_LEAD_MIN * 60_000);
  const today = toMoscow(ready);
  for (let offset = 0; offset < PICKUP_LOOKAHEAD_DAYS; offset += 1) {
    const calendar = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const day = {
      year: calendar.getUTCFullYear(),
      month: calendar.getUTCMonth() + 1,
      day: calendar.getUTCDate(),
    };
    const hours = schedule[String(((calendar.getUTCDay() + 6) % 7) + 1)];
    if (!hours) continue;
    const opens = fromMoscow(day, minutesOf(hours.open));
    const closes = fromMoscow(day, minutesOf(hours.close));
    if (closes.getTime() <= ready.getTime()) continue;
    return { start: opens.getTime() > ready.getTime() ? opens : ready, end: closes };
  }
  return null;
}

/** «сегодня с 14:05 до 21:00» / «завтра с 09:00 до 21:00» / «14.01.2026 с 09:00 до 21:00», Moscow clock. */
export function formatPickupWindow(window: { start: Date; end: Date }, now: Date): string {
  const days = moscowDayNumber(window.start) - moscowDayNumber(now);
  const { year, month, day } = toMoscow(window.start);
  const date = `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
  const label = days === 0 ? 'сегодня' : days === 1 ? 'завтра' : date;
  return `${label} с ${formatMoscowTime(window.start)} до ${formatMoscowTime(window.end)}`;
}
