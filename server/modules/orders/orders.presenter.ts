import type { Point } from '@core/contracts/catalog';
import type { Order } from '@core/contracts/orders';
import { type OrderTotals, totalsWithFee } from '@core/rules/order-totals';
import { isCancellableByCustomer } from '@core/rules/orders';
import { weighedPriceKopecks } from '@core/rules/sold-by-weight';
import type { OrderEventRow, OrderItemRow, OrderRow } from './orders.repository';

/**
 * An order's money by the one totals rule: `totals` with each weighed line at its weighed grams once it has
 * them (ADR 054), `estimate` at the grams ordered — what checkout showed.
 */
export function weighedTotals(
  items: readonly OrderItemRow[],
  fee: number,
): { totals: OrderTotals; estimate: OrderTotals } {
  const lines = (weighed: boolean) =>
    items.map((item) => ({
      price: item.priceKopecks,
      discount: item.discountPercent,
      quantity: weighed ? (item.actualGrams ?? item.quantity) : item.quantity,
      isByWeight: item.soldBy === 'weight',
    }));
  return { totals: totalsWithFee(lines(true), fee), estimate: totalsWithFee(lines(false), fee) };
}

/** What an order shows of its point and shop: the catalogue's point, or what the order knows of it. */
export type OrderPoint = Pick<Point, '_id' | 'name' | 'address' | 'phone' | 'store'>;

/**
 * An order row with its items, events and point → the API's order. The money is computed from the items by
 * the one totals rule (core/rules/order-totals.ts) with the fee the order was placed with, so the order page
 * adds up exactly as checkout did.
 */
export function presentOrder(
  row: OrderRow,
  allItems: readonly OrderItemRow[],
  events: readonly OrderEventRow[],
  point: OrderPoint,
): Order {
  const items = allItems.filter((item) => item.orderId === row.id);
  const { totals, estimate } = weighedTotals(items, row.deliveryFeeKopecks);
  const weighed = items.filter((item) => item.soldBy === 'weight');
  const discounts = row.promoKopecks + row.bonusKopecks;
  return {
    _id: row.id,
    slug: String(row.number),
    number: row.number,
    status: row.status,
    fulfilment: row.fulfilment,
    store: point.store,
    point: { _id: point._id, name: point.name, address: point.address, phone: point.phone },
    address: row.address,
    flat: row.flat,
    entrance: row.entrance,
    floor: row.floor,
    courier_comment: row.courierComment,
    slot:
      row.slotStart && row.slotEnd
        ? { start: row.slotStart.toISOString(), end: row.slotEnd.toISOString() }
        : null,
    phone: row.phone,
    payment: row.payment,
    comment: row.comment,
    items_total: totals.items,
    savings: totals.savings,
    delivery_fee: totals.fee,
    promo_discount: row.promoKopecks,
    promo_code: row.promoCode,
    bonus_spent: row.bonusKopecks,
    total: Math.max(0, totals.total - discounts),
    items: items.map((item) => ({
      product: item.productId,
      slug: item.slug,
      name: item.name,
      img: item.image,
      weight: item.weightGrams,
      price: item.priceKopecks,
      discount: item.discountPercent,
      quantity: item.quantity,
      vat_code: item.vatCode,
      ...(item.soldBy === 'weight'
        ? {
            by_weight: {
              step: item.stepGrams ?? 1,
              piece: item.pieceGrams,
              actual: item.actualGrams,
              estimate: weighedPriceKopecks(item.priceKopecks, item.quantity),
              final:
                item.actualGrams === null ? null : weighedPriceKopecks(item.priceKopecks, item.actualGrams),
            },
          }
        : {}),
    })),
    ...(weighed.length > 0
      ? {
          is_estimate: weighed.some((item) => item.actualGrams === null),
          total_estimate: Math.max(0, estimate.total - discounts),
        }
      : {}),
    events: events
      .filter((event) => event.orderId === row.id)
      .map((event) => ({ status: event.status, at: event.at.toISOString() })),
    created_at: row.createdAt.toISOString(),
    can_cancel: isCancellableByCustomer(row.status),
  };
}
