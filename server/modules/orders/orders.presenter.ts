import type { Order } from '@core/contracts/orders';
import { totalsWithFee } from '@core/rules/order-totals';
import { isCancellableByCustomer } from '@core/rules/orders';
import type { OrderItemRow, OrderRow } from './orders.repository';

type EventRow = { orderId: string; status: OrderRow['status']; at: string | Date };

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * An order row with its items and events → the API's order. The money is computed from the items by the
 * one totals rule (core/rules/order-totals.ts) with the fee the order was placed with, so the order page adds
 * up exactly as checkout did.
 */
export function presentOrder(
  row: OrderRow,
  allItems: readonly OrderItemRow[],
  events: readonly EventRow[],
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
    store: { _id: row.storeId, name: row.storeName, slug: row.storeSlug },
    point: { _id: row.pointId, name: row.pointName, address: row.pointAddress, phone: row.pointPhone },
    address: row.address,
    flat: row.flat,
    entrance: row.entrance,
    floor: row.floor,
    courier_comment: row.courierComment,
    slot: row.slotStart && row.slotEnd ? { start: iso(row.slotStart), end: iso(row.slotEnd) } : null,
    phone: row.phone,
    payment: row.payment,
    comment: row.comment,
    items_total: totals.items,
    savings: totals.savings,
    delivery_fee: totals.fee,
    total: totals.total,
    items: items.map((item) => ({
      product: item.productId,
      slug: item.slug,
      name: item.name,
      img: item.image,
      weight: item.weightGrams,
      price: item.priceKopecks,
      discount: item.discountPercent,
      quantity: item.quantity,
    })),
    events: events
      .filter((event) => event.orderId === row.id)
      .map((event) => ({ status: event.status, at: iso(event.at) })),
    created_at: iso(row.createdAt),
    can_cancel: isCancellableByCustomer(row.status),
  };
}
