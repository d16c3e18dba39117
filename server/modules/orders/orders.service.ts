import { createHash } from 'node:crypto';
import type { SavedAddress } from '@core/contracts/geo';
import {
  type Order,
  type PlacedOrders,
  PlacedOrdersSchema,
  type PlaceOrders,
  type SlotView,
} from '@core/contracts/orders';
import { minimumOrderText, missingForMinimum, orderTotals } from '@core/rules/order-totals';
import {
  canMove,
  deliverySlots,
  formatSlot,
  isCancellableByCustomer,
  type OrderStatus,
  SLOT_CAPACITY,
  statusMessage,
} from '@core/rules/orders';
import { formatRoubles } from '@core/rules/price';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys, notifications, orderEvents, orderItems, orders } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { deletePointLines, type Executor, findLines, lockBasket } from '../basket/basket.repository';
import type { BasketService } from '../basket/basket.service';
import { presentOrder } from './orders.presenter';
import {
  type CheckoutPoint,
  countActiveOrders,
  findCheckoutPoints,
  findOrderEvents,
  findOrderItems,
  findOrders,
  findReservations,
  type LockedStock,
  type OrderRow,
  readStockRows,
  releaseSlot,
  reserveSlot,
  returnStock,
  takeStock,
} from './orders.repository';

export type OrdersDeps = {
  db: Db;
  clock: Clock;
  basket: BasketService;
  /** The customer's saved delivery addresses (the geo module's service). */
  addresses: { listAddresses(userId: string): Promise<SavedAddress[]> };
};

export const ORDER_NOT_FOUND = 'Заказ не найден';
export const CHECKOUT_IN_PROGRESS = 'Заказ уже оформляется, подождите';
/**
 * A checkout still 'in progress' after this long died with its process (its transaction rolled back, so
 * nothing was placed): a retry with the same key takes it over. Far above any real checkout's time.
 */
export const IN_PROGRESS_KEY_TTL_MS = 2 * 60_000;
/** How long a finished checkout's answer is replayed for its key; housekeeping deletes older keys. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
const TRANSACTION_ATTEMPTS = 3;
/** PostgreSQL's serialization failure and deadlock: the transaction may simply be run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

function pgCode(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Runs a transaction, again (up to three times in all) after a serialization failure or a deadlock. */
export async function withRetries<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE_CODES.has(pgCode(error) ?? '')) throw error;
    }
  }
}

async function loadOrders(tx: Executor, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const [items, events] = await Promise.all([findOrderItems(tx, ids), findOrderEvents(tx, ids)]);
  return rows.map((row) => presentOrder(row, items, events));
}

/** 409 naming every line the point has too few of (SPEC: nothing is written then). */
function assertEnough(
  lines: readonly { pointId: string; productId: string; quantity: number }[],
  stock: Map<string, LockedStock>,
): void {
  const short = lines.flatMap((line) => {
    const row = stock.get(`${line.pointId}/${line.productId}`);
    if (row && row.count >= line.quantity) return [];
    return [row ? `«${row.name}» — осталось ${row.count} шт.` : 'товара нет в точке'];
  });
  if (short.length > 0) {
    const list = short.join(', ');
    // 'шт.' already ends the sentence: no second full stop.
    const end = list.endsWith('.') ? '' : '.';
    throw new AppError('conflict', `Не хватает товаров: ${list}${end} Обновите корзину и попробуйте снова`);
  }
}

/** A stable fingerprint of a checkout request: the same key must come with the same body. */
export function requestFingerprint(input: PlaceOrders): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** A checkout's answer as it was first given, and is given again for a repeated request with the same key. */
export type StoredResponse = { status: number; body: PlacedOrders };

export function createOrdersService(deps: OrdersDeps) {
  const now = () => new Date(deps.clock.now());

  async function notify(
    tx: Executor,
    userId: string,
    order: { number: number; fulfilment: 'delivery' | 'pickup' },
    status: OrderStatus,
  ) {
    await tx.insert(notifications).values({
      userId,
      type: 'link_message',
      title: `Заказ №${order.number}`,
      content: statusMessage(order.number, status, order.fulfilment),
      link: `/order/${order.number}`,
      createdAt: now(),
    });
  }

  /** Validates the groups against the points, the customer's addresses and the slots; nothing is written. */
  function planGroups(
    addresses: readonly SavedAddress[],
    input: PlaceOrders,
    pointsById: Map<string, CheckoutPoint>,
  ) {
    return input.orders.map((group) => {
      const point = pointsById.get(group.point);
      if (!point) throw new AppError('not_found', 'Точка продаж не найдена');
      if (group.fulfilment === 'pickup') {
        if (!point.isPickup) throw new AppError('bad_request', `В «${point.name}» нет самовывоза`);
        return { group, point, address: null, slot: null };
      }
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
      const start = group.slot ? new Date(group.slot) : undefined;
      const slot = deliverySlots(point.schedule, now()).find(
        (item) => item.start.getTime() === start?.getTime(),
      );
      if (!slot)
        throw new AppError('bad_request', 'Это время доставки уже недоступно, выберите другое', {
          fields: { slot: 'Выберите время доставки' },
        });
      return { group, point, address, slot };
    });
  }

  /** The checkout itself: one transaction, all groups or nothing. */
  async function placeInTransaction(
    tx: Executor,
    userId: string,
    input: PlaceOrders,
    addresses: readonly SavedAddress[],
  ): Promise<string[]> {
    await lockBasket(tx, userId);
    const wanted = new Set(input.orders.map((group) => group.point));
    const lines = (await findLines(tx, userId)).filter((line) => wanted.has(line.pointId));
    const pointsById = new Map((await findCheckoutPoints(tx, [...wanted])).map((point) => [point.id, point]));
    const plans = planGroups(addresses, input, pointsById);
    for (const plan of plans) {
      if (!lines.some((line) => line.pointId === plan.point.id)) {
        throw new AppError('bad_request', `Корзина «${plan.point.name}» пуста`);
      }
    }

    // Quantities of one product at one point are summed before anything is checked.
    const summed = new Map<string, { pointId: string; productId: string; quantity: number }>();
    for (const line of lines) {
      const key = `${line.pointId}/${line.productId}`;
      const current = summed.get(key);
      summed.set(key, { ...line, quantity: (current?.quantity ?? 0) + line.quantity });
    }
    const wantedLines = [...summed.values()];
    // Read first without locks (prices, a fast answer when stock is already short); the rows are locked only
    // at the end, right before the decrement, so a popular product's row is held for a moment, not for the
    // whole checkout.
    const stock = new Map(
      (await readStockRows(tx, wantedLines, { lock: false })).map((row) => [
        `${row.pointId}/${row.productId}`,
        row,
      ]),
    );
    assertEnough(wantedLines, stock);

    const placed: string[] = [];
    for (const plan of plans) {
      const groupLines = wantedLines
        .filter((line) => line.pointId === plan.point.id)
        .map((line) => ({ ...line, stock: stock.get(`${line.pointId}/${line.productId}`) as LockedStock }));
      const totals = orderTotals(
        groupLines.map((line) => ({
          price: line.stock.priceKopecks,
          discount: line.stock.discountPercent,
          quantity: line.quantity,
        })),
        { fee: plan.point.deliveryFeeKopecks, freeFrom: plan.point.freeDeliveryFromKopecks },
        plan.group.fulfilment,
      );
      const missing = missingForMinimum(totals.goods, plan.point.minOrderKopecks);
      if (missing > 0) {
        throw new AppError(
          'bad_request',
          `«${plan.point.storeName}»: минимальная сумма заказа ${formatRoubles(plan.point.minOrderKopecks)}. ${minimumOrderText(missing)}`,
        );
      }
      if (plan.slot && !(await reserveSlot(tx, plan.point.id, plan.slot.start, SLOT_CAPACITY))) {
        throw new AppError(
          'conflict',
          `Время доставки ${formatSlot(plan.slot, now())} уже занято, выберите другое`,
        );
      }
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          storeId: plan.point.storeId,
          pointId: plan.point.id,
          fulfilment: plan.group.fulfilment,
          address: plan.address?.address ?? null,
          flat: plan.group.address?.flat ?? '',
          entrance: plan.group.address?.entrance ?? '',
          floor: plan.group.address?.floor ?? '',
          courierComment: plan.group.address?.comment ?? '',
          zoneId: plan.address?.deliveryArea ?? null,
          longitude: plan.address?.coordinates.longitude ?? null,
          latitude: plan.address?.coordinates.latitude ?? null,
          slotStart: plan.slot?.start ?? null,
          slotEnd: plan.slot?.end ?? null,
          phone: input.phone,
          payment: input.payment,
          comment: input.comment,
          itemsKopecks: totals.goods,
          savingsKopecks: totals.savings,
          deliveryFeeKopecks: totals.fee,
          totalKopecks: totals.total,
          createdAt: now(),
          updatedAt: now(),
        })
        .returning({ id: orders.id, number: orders.number });
      if (!order) throw new AppError('internal');
      await tx.insert(orderItems).values(
        groupLines.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          name: line.stock.name,
          slug: line.stock.slug,
          image: line.stock.image,
          weightGrams: line.stock.weightGrams,
          priceKopecks: line.stock.priceKopecks,
          discountPercent: line.stock.discountPercent,
          quantity: line.quantity,
        })),
      );
      await tx.insert(orderEvents).values({ orderId: order.id, status: 'new', at: now() });
      await notify(tx, userId, { number: order.number, fulfilment: plan.group.fulfilment }, 'new');
      await deletePointLines(tx, userId, plan.point.id);
      placed.push(order.id);
    }
    // Now lock the rows (always in the same order, so checkouts cannot deadlock), check again what may have
    // changed since the first read, and take the quantities with a conditional update the CHECK backs.
    const locked = new Map(
      (await readStockRows(tx, wantedLines, { lock: true })).map((row) => [
        `${row.pointId}/${row.productId}`,
        row,
      ]),
    );
    assertEnough(wantedLines, locked);
    for (const [key, row] of locked) {
      if (stock.get(key)?.priceKopecks !== row.priceKopecks) {
        throw new AppError('conflict', `Цена «${row.name}» изменилась. Обновите корзину и проверьте сумму`);
      }
    }
    if ((await takeStock(tx, wantedLines)) !== wantedLines.length) {
      throw new AppError('conflict', 'Товары закончились, пока оформлялся заказ. Обновите корзину');
    }
    return placed;
  }

  /** The placed orders, in the order the checkout named the points. */
  async function loadPlaced(ids: readonly string[]): Promise<Order[]> {
    const placed = await loadOrders(deps.db, await findOrders(deps.db, { ids: [...ids] }));
    return ids.flatMap((id) => placed.filter((item) => item._id === id));
  }

  /** This request's claim on an idempotency key: the key, and when the claim was made. */
  type Claim = { userId: string; key: string; claimedAt: Date };
  const claimed = (claim: Claim) =>
    and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
      isNull(idempotencyKeys.responseStatus),
      eq(idempotencyKeys.createdAt, claim.claimedAt),
    );

  /**
   * Places the orders and, in the same transaction, records them under the key: the key is finished exactly
   * when the orders exist, so a key left 'in progress' by a crash never hides placed orders.
   */
  async function place(claim: Claim, input: PlaceOrders): Promise<Order[]> {
    // The geo module owns saved addresses: read through its service, before the transaction (an address is
    // not locked, and on PGlite's single connection a read beside the open transaction would wait for it).
    const addresses = input.orders.some((group) => group.address)
      ? await deps.addresses.listAddresses(claim.userId)
      : [];
    const ids = await withRetries(deps.db, async (tx) => {
      const placed = await placeInTransaction(tx, claim.userId, input, addresses);
      const recorded = await tx
        .update(idempotencyKeys)
        .set({ responseStatus: 200, responseBody: { orderIds: placed } })
        .where(claimed(claim))
        .returning({ key: idempotencyKeys.key });
      // Another request took the key over meanwhile: it places the orders, not this one.
      if (recorded.length === 0) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
      return placed;
    });
    return loadPlaced(ids);
  }

  /** The orders a finished key placed: its answer is today's state of those orders. */
  async function replay(body: unknown): Promise<StoredResponse> {
    // A key finished before the answer was kept as order ids holds the whole answer.
    const whole = PlacedOrdersSchema.safeParse(body);
    if (whole.success) return { status: 200, body: whole.data };
    const orderIds =
      typeof body === 'object' && body !== null && 'orderIds' in body && Array.isArray(body.orderIds)
        ? body.orderIds.filter((id): id is string => typeof id === 'string')
        : [];
    return { status: 200, body: { success: true as const, orders: await loadPlaced(orderIds) } };
  }

  /** Cancels (customer or operator) under the order's lock: stock and the slot go back exactly once. */
  async function cancelIn(tx: Executor, row: OrderRow): Promise<void> {
    await tx.update(orders).set({ status: 'cancelled', updatedAt: now() }).where(eq(orders.id, row.id));
    await returnStock(tx, row.id, row.pointId);
    if (row.slotStart) await releaseSlot(tx, row.pointId, new Date(row.slotStart));
    await tx.insert(orderEvents).values({ orderId: row.id, status: 'cancelled', at: now() });
    await notify(tx, row.userId, row, 'cancelled');
  }

  return {
    /**
     * POST /api/orders with an Idempotency-Key: the first request with a key places the orders and its
     * answer is kept; the same key and body later gets that answer again, another body 422, and a request
     * while the first is still running 409.
     */
    async placeOrders(userId: string, key: string, input: PlaceOrders): Promise<StoredResponse> {
      const fingerprint = requestFingerprint(input);
      const claim: Claim = { userId, key, claimedAt: now() };
      const [inserted] = await deps.db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: fingerprint, createdAt: claim.claimedAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!inserted) {
        const [existing] = await deps.db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        if (!existing) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
        const isStale =
          existing.responseStatus === null &&
          existing.createdAt.getTime() <= claim.claimedAt.getTime() - IN_PROGRESS_KEY_TTL_MS;
        if (isStale) {
          // Its request died mid-checkout and placed nothing: this retry takes the key over (one retry wins).
          const [takenOver] = await deps.db
            .update(idempotencyKeys)
            .set({ requestHash: fingerprint, createdAt: claim.claimedAt })
            .where(claimed({ userId, key, claimedAt: existing.createdAt }))
            .returning({ key: idempotencyKeys.key });
          if (!takenOver) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
        } else {
          if (existing.requestHash !== fingerprint) {
            throw new AppError('unprocessable', 'Этот ключ повтора уже использован для другого заказа');
          }
          if (existing.responseStatus === null) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
          return replay(existing.responseBody);
        }
      }
      try {
        const placed = await place(claim, input);
        return { status: 200, body: { success: true as const, orders: placed } };
      } catch (error) {
        // A failed checkout leaves nothing behind: the same key may try again (after the basket is fixed).
        await deps.db.delete(idempotencyKeys).where(claimed(claim));
        throw error;
      }
    },

    /** Housekeeping: keys older than a day, and keys of checkouts that died in progress. */
    async purgeExpiredKeys(): Promise<void> {
      const nowMs = deps.clock.now();
      await deps.db
        .delete(idempotencyKeys)
        .where(
          or(
            lte(idempotencyKeys.createdAt, new Date(nowMs - IDEMPOTENCY_KEY_TTL_MS)),
            and(
              isNull(idempotencyKeys.responseStatus),
              lte(idempotencyKeys.createdAt, new Date(nowMs - IN_PROGRESS_KEY_TTL_MS)),
            ),
          ),
        );
    },

    listOrders: async (userId: string): Promise<Order[]> =>
      loadOrders(deps.db, await findOrders(deps.db, { userId })),

    /** The customer's orders that are not done or cancelled (the header's 'Заказы' badge). */
    countActiveOrders: (userId: string): Promise<number> => countActiveOrders(deps.db, userId),

    async getOrder(userId: string, number: number): Promise<Order> {
      const [row] = await findOrders(deps.db, { userId, number });
      if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
      const [order] = await loadOrders(deps.db, [row]);
      if (!order) throw new AppError('not_found', ORDER_NOT_FOUND);
      return order;
    },

    /** Customer cancellation: new or confirmed only; a second cancel finds it cancelled and changes nothing. */
    async cancelOrder(userId: string, number: number): Promise<Order> {
      await withRetries(deps.db, async (tx) => {
        const [row] = await findOrders(tx, { userId, number }, { forUpdate: true });
        if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
        if (row.status === 'cancelled') return;
        if (!isCancellableByCustomer(row.status)) {
          throw new AppError('conflict', 'Заказ уже собирают — отменить его нельзя. Позвоните в магазин');
        }
        await cancelIn(tx, row);
      });
      return this.getOrder(userId, number);
    },

    /** 'Повторить заказ': the items back into the basket, capped at today's stock. */
    async repeatOrder(userId: string, number: number) {
      const order = await this.getOrder(userId, number);
      return deps.basket.mergeBasket(userId, {
        [order.point._id]: order.items.map((item) => ({ product: item.product, quantity: item.quantity })),
      });
    },

    /** GET /api/points/{id}/slots: today's and tomorrow's delivery slots, full ones marked. */
    async listSlots(pointId: string): Promise<SlotView[]> {
      const [point] = await findCheckoutPoints(deps.db, [pointId]);
      if (!point) throw new AppError('not_found', 'Точка продаж не найдена');
      const at = now();
      const taken = await findReservations(deps.db, pointId, at);
      return deliverySlots(point.schedule, at).map((slot) => {
        const reservation = taken.find((item) => item.slotStart.getTime() === slot.start.getTime());
        return {
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
          label: formatSlot(slot, at),
          is_full: reservation ? reservation.reserved >= reservation.capacity : false,
        };
      });
    },

    /** Operator move (CLI until the console exists): one step along the path, or a cancellation. */
    async moveOrder(number: number, to: OrderStatus): Promise<Order> {
      const userId = await withRetries(deps.db, async (tx) => {
        const [row] = await findOrders(tx, { number }, { forUpdate: true });
        if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
        if (!canMove(row.status, to, row.fulfilment)) {
          throw new AppError(
            'conflict',
            `Заказ №${number}: из статуса «${row.status}» в «${to}» перевести нельзя`,
          );
        }
        if (to === 'cancelled') await cancelIn(tx, row);
        else {
          await tx.update(orders).set({ status: to, updatedAt: now() }).where(eq(orders.id, row.id));
          await tx.insert(orderEvents).values({ orderId: row.id, status: to, at: now() });
          await notify(tx, row.userId, row, to);
        }
        return row.userId;
      });
      return this.getOrder(userId, number);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
