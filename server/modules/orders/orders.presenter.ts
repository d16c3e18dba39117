import type { Point } from '@core/contracts/catalog';
import type { Order } from '@core/contracts/orders';
import { type OrderTotals, totalsWithFee } from '@core/rules/order-totals';
import { isCancellableByCustomer } from '@core/rules/orders';
import { linePriceKopecks, weighedPriceKopecks } from '@core/rules/sold-by-weight';
import { countsOriginal, countsReplacement, lineChoice } from '@core/rules/substitution';
import type { OrderEventRow, OrderItemRow, OrderRow } from './orders.repository';
import type { SubstitutionRow } from './substitutions.repository';

/** An order's substitutions by the product of the line each is of. */
export type Substitutions = ReadonlyMap<string, SubstitutionRow>;

export function substitutionsOf(rows: readonly SubstitutionRow[], orderId: string): Substitutions {
  return new Map(rows.filter((row) => row.orderId === orderId).map((row) => [row.productId, row]));
}

/**
 * An order's money by the one totals rule: `totals` as the order stands — each weighed line at its weighed
 * grams once it has them (ADR 054), a missing line left out, a replacement offered or accepted in its place
 * (ADR 055) — and `estimate` as ordered, what checkout showed.
 */
export function weighedTotals(
  items: readonly OrderItemRow[],
  fee: number,
  substitutions: Substitutions = new Map(),
): { totals: OrderTotals; estimate: OrderTotals } {
  const now = items.flatMap((item) => {
    const substitution = substitutions.get(item.productId);
    const state = substitution?.state ?? null;
    if (countsOriginal(state)) {
      return [
        {
          price: item.priceKopecks,
          discount: item.discountPercent,
          quantity: item.actualGrams ?? item.quantity,
          isByWeight: item.soldBy === 'weight',
        },
      ];
    }
    if (!substitution || !countsReplacement(state)) return [];
    return [
      {
        price: substitution.priceKopecks ?? 0,
        discount: substitution.discountPercent ?? 0,
        quantity: substitution.quantity ?? 0,
        isByWeight: substitution.soldBy === 'weight',
      },
    ];
  });
  const ordered = items.map((item) => ({
    price: item.priceKopecks,
    discount: item.discountPercent,
    quantity: item.quantity,
    isByWeight: item.soldBy === 'weight',
  }));
  return { totals: totalsWithFee(now, fee), estimate: totalsWithFee(ordered, fee) };
}

/** A line's substitution as the API shows it (null while nothing happened to the line). */
function presentSubstitution(
  substitution: SubstitutionRow | undefined,
): Order['items'][number]['substitution'] {
  if (!substitution) return null;
  const replacement =
    substitution.replacementId === null
      ? null
      : {
          product: substitution.replacementId,
          slug: substitution.slug ?? '',
          name: substitution.name ?? '',
          img: substitution.image,
          weight: substitution.weightGrams ?? 0,
          price: substitution.priceKopecks ?? 0,
          discount: substitution.discountPercent ?? 0,
          quantity: substitution.quantity ?? 0,
          ...(substitution.soldBy === 'weight'
            ? { by_weight: { step: substitution.stepGrams ?? 1, piece: substitution.pieceGrams } }
            : {}),
          sum: linePriceKopecks(
            substitution.priceKopecks ?? 0,
            substitution.quantity ?? 0,
            substitution.soldBy === 'weight',
          ),
        };
  return {
    state: substitution.state,
    decided_by: substitution.decidedBy,
    expires_at: substitution.expiresAt?.toISOString() ?? null,
    replacement,
  };
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
  substitutions: Substitutions = new Map(),
): Order {
  const items = allItems.filter((item) => item.orderId === row.id);
  const { totals, estimate } = weighedTotals(items, row.deliveryFeeKopecks, substitutions);
  const weighed = items.filter((item) => item.soldBy === 'weight');
  const orderEvents = events.filter((event) => event.orderId === row.id);
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
      on_missing: lineChoice(item.onMissing, row.onMissing),
      substitution: presentSubstitution(substitutions.get(item.productId)),
    })),
    ...(weighed.length > 0
      ? {
          // Still an estimate while a weighed line that counts is not weighed.
          is_estimate: weighed.some(
            (item) => item.actualGrams === null && !substitutions.has(item.productId),
          ),
          total_estimate: Math.max(0, estimate.total - discounts),
        }
      : {}),
    events: orderEvents
      .filter((event) => event.detail === null)
      .map((event) => ({ status: event.status, at: event.at.toISOString() })),
    on_missing: row.onMissing,
    history: orderEvents.flatMap((event) =>
      event.detail === null ? [] : [{ at: event.at.toISOString(), text: event.detail }],
    ),
    created_at: row.createdAt.toISOString(),
    can_cancel: isCancellableByCustomer(row.status),
  };
}
