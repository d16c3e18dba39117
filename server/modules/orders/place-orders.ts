/**
 * Checkout (ADR 013, money by ADR 021): one order per point, all placed in one transaction or none. Stock
 * never goes below zero however many customers check out at once.
 */
import type { SavedAddress } from '@core/contracts/geo';
import type { Order, PlaceOrders } from '@core/contracts/orders';
import { minimumOrderText, missingForMinimum, orderTotals } from '@core/rules/order-totals';
import { isOnlinePayment } from '@core/rules/orders';
import { formatRoubles, KOPECKS_PER_ROUBLE } from '@core/rules/price';
import { DEFAULT_ON_MISSING, type OnMissing } from '@core/rules/substitution';
import { formatWeight } from '@core/rules/weight';
import type { Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import type { CheckoutPoint, StockLine, StockRow } from '../catalog/catalog.service';
import { nowOf, type OrdersDeps, type PlacedForDiscounts } from './orders.deps';
import { type OrderPoint, presentOrder } from './orders.presenter';
import {
  insertPlacedOrder,
  type KeyClaim,
  type KeyFinish,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
  updateOrderDiscounts,
} from './orders.repository';
import { findOpenSlot, POINT_NOT_FOUND, reserveDelivery } from './slots';
import { notifyStatus } from './status-events';

export const CHECKOUT_IN_PROGRESS = 'Заказ уже оформляется, подождите';
export const ONLINE_PAYMENT_ONE_ORDER =
  'Онлайн можно оплатить заказ одного магазина: выберите оплату при получении или оформите заказы по очереди';

const lineKey = (line: { pointId: string; productId: string }) => `${line.pointId}/${line.productId}`;

/** Validates the groups against the points, the customer's addresses and the slots; nothing is written. */
function planGroups(
  now: Date,
  input: PlaceOrders,
  addresses: readonly SavedAddress[],
  pointsById: ReadonlyMap<string, CheckoutPoint>,
) {
  return input.orders.map((group) => {
    const point = pointsById.get(group.point);
    if (!point) throw new AppError('not_found', POINT_NOT_FOUND);
    if (group.fulfilment === 'pickup') {
      if (!point.isPickup) throw new AppError('bad_request', `В «${point.name}» нет самовывоза`);
      return { group, point, address: null, slot: null };
    }
    // Stryker disable next-line OptionalChaining: the contract requires an address of every delivery group
    const address = addresses.find((item) => item._id === group.address?.id);
    if (!address)
      throw new AppError('bad_request', 'Выберите адрес доставки', {
        fields: { address: 'Выберите адрес доставки' },
      });
    if (!point.zoneIds.includes(address.deliveryArea)) {
      throw new AppError(
        'bad_request',
        `«${point.storeName}» не доставляет по адресу ${address.shortAddress}`,
      );
    }
    const slot = findOpenSlot(point.schedule, group.slot ? new Date(group.slot) : undefined, now);
    if (!slot)
      throw new AppError('bad_request', 'Это время доставки уже недоступно, выберите другое', {
        fields: { slot: 'Выберите время доставки' },
      });
    return { group, point, address, slot };
  });
}

type Plan = ReturnType<typeof planGroups>[number];

/** 409 naming every line the point has too few of (SPEC: nothing is written then). */
function assertEnough(
  lines: readonly StockLine[],
  stock: ReadonlyMap<string, Pick<StockRow, 'count' | 'name'> & { soldBy?: StockRow['soldBy'] }>,
): void {
  const short = lines.flatMap((line) => {
    const row = stock.get(lineKey(line));
    if (row && row.count >= line.quantity) return [];
    // Goods sold by weight count grams (ADR 054): '«Сыр» — осталось 250 г'.
    const left = row?.soldBy === 'weight' ? formatWeight(row.count) : `${row?.count} шт.`;
    return [row ? `«${row.name}» — осталось ${left}` : 'товара нет в точке'];
  });
  if (short.length > 0) {
    const list = short.join(', ');
    // 'шт.' already ends the sentence: no second full stop.
    const end = list.endsWith('.') ? '' : '.';
    throw new AppError('conflict', `Не хватает товаров: ${list}${end} Обновите корзину и попробуйте снова`);
  }
}

/** A basket line at checkout: with its choice for a missing item and the replacement picked (ADR 055). */
type CheckoutLine = StockLine & { onMissing: OnMissing | null; replacementId: string | null };

/** The basket's lines of the chosen points, quantities of one product at one point summed. */
function sumLines(lines: readonly CheckoutLine[], pointIds: ReadonlySet<string>): CheckoutLine[] {
  const summed = new Map<string, CheckoutLine>();
  for (const line of lines) {
    if (!pointIds.has(line.pointId)) continue;
    const current = summed.get(lineKey(line));
    summed.set(lineKey(line), { ...line, quantity: (current?.quantity ?? 0) + line.quantity });
  }
  return [...summed.values()];
}

/** One point's order: its row, items and first status, its slot taken and its lines out of the basket. */
async function placeGroup(
  deps: OrdersDeps,
  tx: Executor,
  userId: string,
  input: PlaceOrders,
  plan: Plan,
  lines: readonly (CheckoutLine & { stock: StockRow })[],
  finish: KeyFinish | null,
): Promise<Placed> {
  const { group, point, address, slot } = plan;
  const totals = orderTotals(
    lines.map((line) => ({
      price: line.stock.priceKopecks,
      discount: line.stock.discountPercent,
      quantity: line.quantity,
      isByWeight: line.stock.soldBy === 'weight',
    })),
    { fee: point.deliveryFeeKopecks, freeFrom: point.freeDeliveryFromKopecks },
    group.fulfilment,
  );
  const missing = missingForMinimum(totals.goods, point.minOrderKopecks);
  if (missing > 0) {
    throw new AppError(
      'bad_request',
      `«${point.storeName}»: минимальная сумма заказа ${formatRoubles(point.minOrderKopecks)}. ${minimumOrderText(missing)}`,
    );
  }
  if (slot) await reserveDelivery(deps, tx, point.id, slot);
  const now = nowOf(deps);
  // Paid online: the order waits for its payment, holding its stock (issue 25).
  const status = isOnlinePayment(input.payment) ? 'awaiting_payment' : 'new';
  const items: Omit<OrderItemRow, 'orderId'>[] = lines.map((line) => ({
    productId: line.productId,
    name: line.stock.name,
    slug: line.stock.slug,
    image: line.stock.image,
    weightGrams: line.stock.weightGrams,
    priceKopecks: line.stock.priceKopecks,
    discountPercent: line.stock.discountPercent,
    quantity: line.quantity,
    vatCode: line.stock.vatCode,
    soldBy: line.stock.soldBy,
    stepGrams: line.stock.stepGrams,
    pieceGrams: line.stock.pieceGrams,
    actualGrams: null,
    onMissing: line.onMissing,
    chosenReplacementId: line.replacementId,
  }));
  // The order, its lines and its first event in one statement, which answers the row as stored (ADR 056);
  // the last order's finishes the idempotency key too.
  const { row, itemOrder, isKeyFinished } = await insertPlacedOrder(
    tx,
    {
      userId,
      storeId: point.storeId,
      pointId: point.id,
      status,
      fulfilment: group.fulfilment,
      address: address?.address ?? null,
      flat: group.address?.flat ?? '',
      entrance: group.address?.entrance ?? '',
      floor: group.address?.floor ?? '',
      courierComment: group.address?.comment ?? '',
      zoneId: address?.deliveryArea ?? null,
      longitude: address?.coordinates.longitude ?? null,
      latitude: address?.coordinates.latitude ?? null,
      slotStart: slot?.start ?? null,
      slotEnd: slot?.end ?? null,
      phone: input.phone,
      payment: input.payment,
      comment: input.comment,
      itemsKopecks: totals.goods,
      savingsKopecks: totals.savings,
      deliveryFeeKopecks: totals.fee,
      totalKopecks: totals.total,
      onMissing: input.on_missing ?? DEFAULT_ON_MISSING,
      createdAt: now,
      updatedAt: now,
    },
    items,
    finish,
  );
  // Another request took the key over meanwhile: it places the orders, not this one.
  if (finish && !isKeyFinished) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
  await notifyStatus(
    deps,
    tx,
    { id: row.id, number: row.number, userId, fulfilment: group.fulfilment },
    status,
    now,
  );
  await deps.basket.removePointLines(tx, userId, point.id);
  const byProduct = new Map(items.map((item) => [item.productId, { ...item, orderId: row.id }]));
  return {
    id: row.id,
    number: row.number,
    storeId: point.storeId,
    goods: totals.goods,
    total: totals.total,
    row,
    items: itemOrder.flatMap((productId) => byProduct.get(productId) ?? []),
    events: [{ orderId: row.id, status, at: row.createdAt, detail: null }],
  };
}

/** A placed order: what the discounts see, and what the answer is presented from (no read after the commit). */
type Placed = PlacedForDiscounts & {
  total: number;
  row: OrderRow;
  items: OrderItemRow[];
  events: OrderEventRow[];
};

/** Promo codes and bonus points (issue 25): each order's total less what its discounts take off. */
async function applyDiscounts(
  deps: OrdersDeps,
  tx: Executor,
  userId: string,
  input: PlaceOrders,
  placed: Placed[],
): Promise<void> {
  const promo = input.promo ? input.promo : null;
  const bonus = input.bonus ?? 0;
  if (!deps.discounts || (bonus === 0 && promo === null)) return;
  const discounts = await deps.discounts(tx, userId, placed, {
    bonusKopecks: bonus * KOPECKS_PER_ROUBLE,
    promo,
  });
  for (const [index, order] of placed.entries()) {
    const discount = discounts[index];
    if (!discount || discount.promoKopecks + discount.bonusKopecks === 0) continue;
    order.row = await updateOrderDiscounts(tx, order.id, {
      ...discount,
      totalKopecks: order.total - discount.promoKopecks - discount.bonusKopecks,
    });
  }
}

/**
 * The checkout in its transaction, all groups or nothing, up to the stock's take: the orders, their lines and
 * statuses, the basket's lines out, the discounts. Answers the new orders as stored, and the lines and the
 * stock rows as first read (unlocked), for `takeStock` to take.
 */
async function placeInTransaction(
  deps: OrdersDeps,
  tx: Executor,
  userId: string,
  input: PlaceOrders,
  plans: readonly Plan[],
  key: KeyClaim,
): Promise<{ placed: Placed[]; lines: CheckoutLine[]; stock: ReadonlyMap<string, StockRow> }> {
  // The basket's lock first: no change of this basket runs beside the checkout.
  const basketLines = await deps.basket.lockLines(tx, userId);
  for (const plan of plans) {
    if (!basketLines.some((line) => line.pointId === plan.point.id)) {
      throw new AppError('bad_request', `Корзина «${plan.point.name}» пуста`);
    }
  }
  const lines = sumLines(basketLines, new Set(plans.map((plan) => plan.point.id)));
  // Read first without locks (prices, a fast answer when stock is already short); the rows are locked only
  // at the end, by the take itself, so a popular product's row is held for a moment, not for the whole
  // checkout.
  const stock = new Map((await deps.catalog.stock.read(tx, lines)).map((row) => [lineKey(row), row]));
  assertEnough(lines, stock);

  const placed: Placed[] = [];
  for (const [index, plan] of plans.entries()) {
    const groupLines = lines.flatMap((line) => {
      const row = stock.get(lineKey(line));
      return line.pointId === plan.point.id && row ? [{ ...line, stock: row }] : [];
    });
    const isLast = index === plans.length - 1;
    const finish = isLast ? { claim: key, earlierOrderIds: placed.map((order) => order.id) } : null;
    placed.push(await placeGroup(deps, tx, userId, input, plan, groupLines, finish));
  }
  await applyDiscounts(deps, tx, userId, input, placed);
  return { placed, lines, stock };
}

/**
 * The checkout's last statement before its commit: lock the rows (always in the same order, so checkouts
 * cannot deadlock) and take the quantities in one round trip, so a popular product's row is held for that and
 * the commit only. What may have changed since the first read is checked on the rows as the lock found them:
 * too few left, or another price, throws, and the transaction undoes the take with everything else.
 */
async function takeStock(
  deps: OrdersDeps,
  tx: Executor,
  lines: readonly StockLine[],
  firstRead: ReadonlyMap<string, StockRow>,
): Promise<void> {
  const locked = await deps.catalog.stock.lockAndTake(tx, lines);
  assertEnough(lines, new Map(locked.map((row) => [lineKey(row), row])));
  for (const row of locked) {
    // Stryker disable next-line OptionalChaining: both reads passed assertEnough, so both hold every line
    if (firstRead.get(lineKey(row))?.priceKopecks !== row.priceKopecks) {
      throw new AppError('conflict', `Цена «${row.name}» изменилась. Обновите корзину и проверьте сумму`);
    }
  }
  // Enough under the lock is always taken (the update's own condition is the same); the CHECK constraint
  // backs both.
  if (locked.filter((row) => row.taken).length !== lines.length) {
    throw new AppError('conflict', 'Товары закончились, пока оформлялся заказ. Обновите корзину');
  }
}

/**
 * Places the orders of a checkout under the idempotency key `key` claims (idempotency.ts). The key is finished
 * in the same transaction, by the last order's statement, so it is finished exactly when its orders exist; a
 * claim taken over meanwhile by another request throws 409 and places nothing.
 */
export async function placeOrders(
  deps: OrdersDeps,
  userId: string,
  input: PlaceOrders,
  key: KeyClaim,
): Promise<Order[]> {
  // Points and saved addresses are read before the transaction, through their modules' services: neither is
  // locked, and on PGlite's single connection a read beside the open transaction would wait for it.
  const pointIds = input.orders.map((group) => group.point);
  // Each point also as the answer shows it (`shown`), in the same read: the answer is presented from what the
  // transaction wrote, with no read after the commit (ADR 056).
  const [points, addresses] = await Promise.all([
    deps.catalog.listCheckoutPoints(pointIds),
    // Stryker disable next-line ArrayDeclaration: without a delivery group no address is looked up
    input.orders.some((group) => group.address) ? deps.addresses.listAddresses(userId) : [],
  ]);
  if (isOnlinePayment(input.payment) && input.orders.length > 1) {
    throw new AppError('bad_request', ONLINE_PAYMENT_ONE_ORDER, {
      fields: { payment: ONLINE_PAYMENT_ONE_ORDER },
    });
  }
  const plans = planGroups(nowOf(deps), input, addresses, new Map(points.map((point) => [point.id, point])));
  const placed = await withRetries(deps.db, async (tx) => {
    const inTransaction = await placeInTransaction(deps, tx, userId, input, plans, key);
    // Last: the stock rows are locked from here to the commit.
    await takeStock(deps, tx, inTransaction.lines, inTransaction.stock);
    return inTransaction.placed;
  });
  deps.countPlaced?.(placed.length);
  const pointsById = new Map<string, OrderPoint>(points.map((point) => [point.id, point.shown]));
  const placedOrders = placed.map((order) => {
    const point = pointsById.get(order.row.pointId);
    if (!point) throw new Error(`order ${order.number}: its point ${order.row.pointId} is gone`);
    return presentOrder(order.row, order.items, order.events, point, new Map());
  });
  await deps.notifications.announceOrders(
    placedOrders.map((order) => ({
      userId,
      number: order.number,
      status: order.status,
      storeId: order.store._id,
    })),
  );
  return placedOrders;
}
