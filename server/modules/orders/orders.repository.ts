/**
 * The orders' queries: orders, their items and events, slot reservations and idempotency keys (this module's
 * tables only; stock, points and the basket are reached through their modules' services). Everything a
 * checkout or a status change writes runs inside the caller's transaction.
 */
import { FINISHED_ORDER_STATUSES, type OrderStatus } from '@core/rules/orders';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client';
import { rowFromColumns } from '../../db/columns';
import { idempotencyKeys, orderEvents, orderItems, orders, slotReservations } from '../../db/schema/index';
import { namedRows, statement } from '../../db/statements';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = Pick<typeof orderEvents.$inferSelect, 'orderId' | 'status' | 'at'> & {
  /** A step within the status (ADR 055); null: the move to it. */
  detail: string | null;
};

/** What a checkout writes of an order: every key, always (one statement text, named; see insertPlacedOrder). */
export type PlacedOrderValues = Required<
  Omit<NewOrder, 'id' | 'number' | 'promoKopecks' | 'promoCode' | 'bonusKopecks'>
>;
type OrderColumn = keyof typeof orders._.columns;
type ItemColumn = keyof typeof orderItems._.columns;
const orderColumns = getTableColumns(orders);
const itemColumns = getTableColumns(orderItems);
const PLACED_ORDER_KEYS = [
  'userId',
  'storeId',
  'pointId',
  'status',
  'fulfilment',
  'address',
  'flat',
  'entrance',
  'floor',
  'courierComment',
  'zoneId',
  'longitude',
  'latitude',
  'slotStart',
  'slotEnd',
  'phone',
  'payment',
  'comment',
  'itemsKopecks',
  'savingsKopecks',
  'deliveryFeeKopecks',
  'totalKopecks',
  'onMissing',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof PlacedOrderValues & OrderColumn)[];
const ITEM_KEYS = (Object.keys(itemColumns) as ItemColumn[]).filter((key) => key !== 'orderId');

/** Values as a JSON object keyed by column name, each as its column writes it (a Date as ISO text). */
function asRecord<Key extends string>(
  columns: Record<Key, { name: string; mapToDriverValue(value: unknown): unknown }>,
  keys: readonly Key[],
  values: Partial<Record<Key, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = values[key];
      const column = columns[key];
      return [column.name, value === null || value === undefined ? null : column.mapToDriverValue(value)];
    }),
  );
}

const columnList = (columns: Record<string, { name: string }>, keys: readonly string[]) =>
  sql.raw(keys.map((key) => `"${columns[key]?.name}"`).join(', '));

/**
 * The checkout's idempotency key, finished by its last order's statement (ADR 047, 2026-11-28): the claim it
 * holds and the ids of the checkout's orders placed before this one.
 */
export type KeyFinish = { claim: KeyClaim; earlierOrderIds: readonly string[] };

/** The placed order's row as the statement returns it, and what it adds (row schemas made once: client.ts). */
const RawRowSchema = z.record(z.string(), z.unknown());
const PlacedOrderExtrasSchema = z.object({ item_order: z.array(z.string()), key_finished: z.boolean() });
const ReservedRowSchema = z.object({ reserved: z.number().int() });

/** insertPlacedOrder's statement; its values are JSON and the key's claim (null without one). */
const placedOrderStatement = () => {
  const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return sql`with o as (
      insert into ${orders} (${columnList(orderColumns, PLACED_ORDER_KEYS)})
      select ${columnList(orderColumns, PLACED_ORDER_KEYS)}
      from jsonb_populate_record(null::${orders}, ${value('order', 'jsonb')})
      returning *
    ), i as (
      insert into ${orderItems} (order_id, ${columnList(itemColumns, ITEM_KEYS)})
      select o.id, ${sql.raw(ITEM_KEYS.map((key) => `r."${itemColumns[key].name}"`).join(', '))}
      from o, jsonb_populate_recordset(null::${orderItems}, ${value('items', 'jsonb')}) as r
      returning product_id, name
    ), e as (
      insert into ${orderEvents} (order_id, status, at) select o.id, o.status, o.created_at from o
    ), k as (
      update ${idempotencyKeys} set response_status = 200, response_body = jsonb_build_object('orderIds',
          ${value('earlierOrderIds', 'jsonb')} || jsonb_build_array((select o.id from o)))
      where ${idempotencyKeys.userId} = ${value('keyUserId', 'uuid')} and ${idempotencyKeys.key} = ${value('key', 'text')}
        and ${idempotencyKeys.responseStatus} is null
        and ${idempotencyKeys.createdAt} = ${value('claimedAt', 'timestamptz')}
      returning 1
    )
    select o.*, (select coalesce(json_agg(i.product_id order by i.name), '[]') from i) as item_order,
      exists (select 1 from k) as key_finished
    from o`;
};

/**
 * A checkout's order with its lines and its first status event, in one statement (docs/decisions/056): the
 * order's row as stored (its id, number and defaults), and the lines' product ids in the order the order's
 * reads list them (by name, the database's collation), so the checkout presents it without reading it back.
 * With `finish` (the checkout's last order) the same statement finishes the idempotency key with the answer's
 * order ids, while the claim still holds it (`claimed`), and says whether it did: one round trip fewer than a
 * statement of its own. The values go as JSON and plain parameters: one text for any number of lines, and with
 * or without a key (its parameters null then match no key), named, prepared and built once.
 */
export async function insertPlacedOrder(
  tx: Executor,
  order: PlacedOrderValues,
  items: readonly Omit<OrderItemRow, 'orderId'>[],
  finish: KeyFinish | null = null,
): Promise<{ row: OrderRow; itemOrder: string[]; isKeyFinished: boolean }> {
  const claim = finish?.claim;
  const [raw] = await namedRows(tx, 'order_insert_placed', RawRowSchema, placedOrderStatement, {
    order: JSON.stringify(asRecord(orderColumns, PLACED_ORDER_KEYS, order)),
    items: JSON.stringify(items.map((item) => asRecord(itemColumns, ITEM_KEYS, item))),
    earlierOrderIds: JSON.stringify(finish?.earlierOrderIds ?? []),
    keyUserId: claim?.userId ?? null,
    key: claim?.key ?? null,
    claimedAt: claim?.claimedAt.toISOString() ?? null,
  });
  if (!raw) throw new Error('insert into orders returned no row');
  const { item_order: itemOrder, key_finished: isKeyFinished } = PlacedOrderExtrasSchema.parse(raw);
  const row = rowFromColumns<OrderRow>(orderColumns, raw);
  return { row, itemOrder, isKeyFinished };
}

/** A weighed line's grams (ADR 054). */
export async function updateItemWeight(
  tx: Executor,
  orderId: string,
  productId: string,
  actualGrams: number,
): Promise<void> {
  await tx
    .update(orderItems)
    .set({ actualGrams })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)));
}

/** An order's money once its weighed lines changed it (ADR 054). */
export async function updateOrderMoney(
  tx: Executor,
  orderId: string,
  money: { itemsKopecks: number; savingsKopecks: number; totalKopecks: number; updatedAt: Date },
): Promise<void> {
  await tx.update(orders).set(money).where(eq(orders.id, orderId));
}

/** A checkout's discounts (issue 25) and the total they leave. */
export async function updateOrderDiscounts(
  tx: Executor,
  orderId: string,
  change: { promoKopecks: number; promoCode: string | null; bonusKopecks: number; totalKopecks: number },
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(change).where(eq(orders.id, orderId)).returning();
  if (!row) throw new Error(`order ${orderId} is gone`);
  return row;
}

export async function insertOrderEvent(
  tx: Executor,
  event: Omit<OrderEventRow, 'detail'> & { detail?: string | null },
): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

export async function updateOrderStatus(
  tx: Executor,
  orderId: string,
  status: OrderStatus,
  at: Date,
): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, orderId));
}

/** Orders newest first; with `forUpdate` their rows stay locked until the transaction ends. */
export async function findOrders(
  tx: Executor,
  where: {
    userId?: string;
    number?: number;
    ids?: readonly string[];
    /** Only these shops' orders (an operator's board). */
    storeIds?: readonly string[];
    /** Only orders not done or cancelled. */
    isActive?: boolean;
  },
  options: { forUpdate?: boolean; limit?: number } = {},
): Promise<OrderRow[]> {
  if (where.ids?.length === 0 || where.storeIds?.length === 0) return [];
  const query = tx
    .select()
    .from(orders)
    .where(
      and(
        where.userId ? eq(orders.userId, where.userId) : undefined,
        where.number !== undefined ? eq(orders.number, where.number) : undefined,
        where.ids ? inArray(orders.id, [...where.ids]) : undefined,
        where.storeIds ? inArray(orders.storeId, [...where.storeIds]) : undefined,
        where.isActive ? notInArray(orders.status, [...FINISHED_ORDER_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .$dynamic();
  if (options.limit) query.limit(options.limit);
  return options.forUpdate ? query.for('update') : query;
}

export async function findOrderItems(tx: Executor, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.name));
}

export async function findOrderEvents(tx: Executor, orderIds: readonly string[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      at: orderEvents.at,
      detail: orderEvents.detail,
    })
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.position));
}

/**
 * How many of the customer's orders are not finished (done or cancelled): the header's 'Заказы' badge, counted
 * again after every checkout and status change. Named: its text never changes (the finished statuses are a
 * constant list).
 */
export async function countActiveOrders(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...FINISHED_ORDER_STATUSES])))
    .prepare('orders_active_count')
    .execute();
  return row?.value ?? 0;
}

/** The shops a customer has ordered from: an operator of any of them may see the customer's conversation. */
export async function findCustomerStoreIds(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ storeId: orders.storeId })
    .from(orders)
    .where(eq(orders.userId, userId));
  return rows.map((row) => row.storeId);
}

/** The customers who have ordered from any of these shops (an operator's conversations are theirs). */
export async function findStoreCustomerIds(tx: Executor, storeIds: readonly string[]): Promise<string[]> {
  if (storeIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(inArray(orders.storeId, [...storeIds]));
  return rows.map((row) => row.userId);
}

/**
 * Whether the customer has a done order of this shop, with this product when one is named: a review's
 * verified purchase (docs/decisions/045).
 */
export async function hasDoneOrder(
  tx: Executor,
  userId: string,
  storeId: string,
  productId?: string,
): Promise<boolean> {
  const query = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.storeId, storeId), eq(orders.status, 'done')))
    .$dynamic();
  if (productId) {
    query.innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, productId)));
  }
  const rows = await query.limit(1);
  return rows.length > 0;
}

// Delivery slots -----------------------------------------------------------------------------------------

/**
 * One more delivery in a slot, only while there is room; false when the slot is full. SQL on purpose: the
 * conditional increment (and the CHECK behind it) is what keeps a slot from being overbooked.
 */
export async function reserveSlot(
  tx: Executor,
  pointId: string,
  start: Date,
  capacity: number,
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    ReservedRowSchema,
    sql`insert into ${slotReservations} (point_id, slot_start, reserved, capacity)
      values (${pointId}, ${start.toISOString()}, 1, ${capacity})
      on conflict (point_id, slot_start) do update set reserved = ${slotReservations.reserved} + 1
      where ${slotReservations.reserved} < ${slotReservations.capacity}
      returning ${slotReservations.reserved}`,
  );
  return rows.length === 1;
}

export async function releaseSlot(tx: Executor, pointId: string, start: Date): Promise<void> {
  await tx
    .update(slotReservations)
    .set({ reserved: sql`${slotReservations.reserved} - 1` })
    .where(
      and(
        eq(slotReservations.pointId, pointId),
        eq(slotReservations.slotStart, start),
        sql`${slotReservations.reserved} > 0`,
      ),
    );
}

export async function findReservations(tx: Executor, pointId: string, from: Date) {
  return tx
    .select({
      slotStart: slotReservations.slotStart,
      reserved: slotReservations.reserved,
      capacity: slotReservations.capacity,
    })
    .from(slotReservations)
    .where(and(eq(slotReservations.pointId, pointId), gte(slotReservations.slotStart, from)));
}

// Idempotency keys ---------------------------------------------------------------------------------------

/** A request's claim on an idempotency key: the key, and when the claim was made. */
export type KeyClaim = { userId: string; key: string; claimedAt: Date };
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** The key's row while this claim still holds it (in progress, not taken over). */
const claimed = (claim: KeyClaim) =>
  and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.key, claim.key),
    isNull(idempotencyKeys.responseStatus),
    eq(idempotencyKeys.createdAt, claim.claimedAt),
  );

/** Claims a new key for a request; false when the key exists already. */
export async function insertKey(tx: Executor, claim: KeyClaim, requestHash: string): Promise<boolean> {
  const inserted = await statement(tx, 'order_key_claim', (db) =>
    db
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        key: sql.placeholder('key'),
        requestHash: sql.placeholder('requestHash'),
        createdAt: sql.placeholder('createdAt'),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  ).execute({ userId: claim.userId, key: claim.key, requestHash, createdAt: claim.claimedAt });
  return inserted.length > 0;
}

export async function findKey(
  tx: Executor,
  userId: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Moves a stale claim over to a new request; false when another request took it first. */
export async function takeOverKey(
  tx: Executor,
  stale: KeyClaim,
  claimedAt: Date,
  requestHash: string,
): Promise<boolean> {
  const taken = await tx
    .update(idempotencyKeys)
    .set({ requestHash, createdAt: claimedAt })
    .where(claimed(stale))
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/** Gives up a claim that placed nothing, so the same key may try again. */
export async function releaseKey(tx: Executor, claim: KeyClaim): Promise<void> {
  await tx.delete(idempotencyKeys).where(claimed(claim));
}

/** Deletes keys created before `finishedBefore`, and keys still in progress created before `abandonedBefore`. */
export async function deleteExpiredKeys(
  tx: Executor,
  { finishedBefore, abandonedBefore }: { finishedBefore: Date; abandonedBefore: Date },
): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      or(
        lte(idempotencyKeys.createdAt, finishedBefore),
        and(isNull(idempotencyKeys.responseStatus), lte(idempotencyKeys.createdAt, abandonedBefore)),
      ),
    );
}
