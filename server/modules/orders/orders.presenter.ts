import type { Point } from '@core/contracts/catalog';
import type { Order } from '@core/contracts/orders';
import { totalsWithFee } from '@core/rules/order-totals';
import { isCancellableByCustomer } from '@core/rules/orders';
import type { OrderEventRow, OrderItemRow, OrderRow } from './orders.repository';

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
  const totals = totalsWithFee(
    items.map((item) => ({
      price: item.priceKopecks,
      discount: item.discountPercent,
      quantity: item.quantity,
    })),
    row.deliveryFeeKopecks,
  );
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
    total: totals.total - row.promoKopecks - row.bonusKopecks,
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
    })),
    events: events
      .filter((event) => event.orderId === row.id)
      .map((event) => ({ status: event.status, at: event.at.toISOString() })),
    created_at: row.createdAt.toISOString(),
    can_cancel: isCancellableByCustomer(row.status),
  };
}
