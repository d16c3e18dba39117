/** The orders' queries. Everything that changes stock runs inside the caller's transaction. */
import { FINISHED_ORDER_STATUSES } from '@core/rules/orders';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Executor } from '../basket/basket.repository';

export type CheckoutPoint = {
  id: string;
  name: string;
  address: string;
  phone: string | null;
  isPickup: boolean;
  schedule: Record<string, { open: string; close: string }>;
  zoneIds: string[];
  storeId: string;
  storeName: string;
  storeSlug: string;
  minOrderKopecks: number;
  deliveryFeeKopecks: number;
  freeDeliveryFromKopecks: number | null;
};

export async function findCheckoutPoints(tx: Executor, ids: readonly string[]): Promise<CheckoutPoint[]> {
  if (ids.length === 0) return [];
  return queryRows<CheckoutPoint>(
    tx,
    sql`select pt.id, pt.name, pt.address, pt.phone, pt.is_pickup as "isPickup", pt.schedule,
        coalesce((select array_agg(pz.zone_id::text) from point_zones pz where pz.point_id = pt.id), '{}') as "zoneIds",
        s.id as "storeId", s.name as "storeName", s.slug as "storeSlug",
        s.min_order_kopecks as "minOrderKopecks", s.delivery_fee_kopecks as "deliveryFeeKopecks",
        s.free_delivery_from_kopecks as "freeDeliveryFromKopecks"
      from points pt join stores s on s.id = pt.store_id
      where pt.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}

export type LockedStock = {
  pointId: string;
  productId: string;
  count: number;
  priceKopecks: number;
  discountPercent: number;
  name: string;
  slug: string;
  image: string | null;
  weightGrams: number;
};

function pairs(lines: readonly { pointId: string; productId: string }[]): SQL {
  return sql.join(
    lines.map((line) => sql`(${line.pointId}::uuid, ${line.productId}::uuid)`),
    sql`, `,
  );
}

/**
 * Reads (and with `lock`, locks) the stock rows of the lines, always in (point, product) order so two checkouts sharing products take
 * the locks in the same order and cannot deadlock each other; returns them with the product's copy for the
 * order and the price at the point.
 */
export async function readStockRows(
  tx: Executor,
  lines: readonly { pointId: string; productId: string }[],
  { lock }: { lock: boolean },
): Promise<LockedStock[]> {
  if (lines.length === 0) return [];
  return queryRows<LockedStock>(
    tx,
    sql`select s.point_id as "pointId", s.product_id as "productId", s.count,
        coalesce(s.price_kopecks, p.price_kopecks) as "priceKopecks", p.discount_percent as "discountPercent",
        p.name, p.slug, p.images->>0 as image, p.weight_grams as "weightGrams"
      from stock s join products p on p.id = s.product_id
      where (s.point_id, s.product_id) in (${pairs(lines)})
      order by s.point_id, s.product_id
      ${lock ? sql`for update of s` : sql``}`,
  );
}

/**
 * Takes the quantities from stock, each only while enough is left (the CHECK constraint backs it); answers
 * how many rows changed, so a caller can tell that all did.
 */
export async function takeStock(
  tx: Executor,
  lines: readonly { pointId: string; productId: string; quantity: number }[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const values = sql.join(
    lines.map((line) => sql`(${line.pointId}::uuid, ${line.productId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ productId: string }>(
    tx,
    sql`update stock s set count = s.count - v.quantity
      from (values ${values}) as v(point_id, product_id, quantity)
      where s.point_id = v.point_id and s.product_id = v.product_id and s.count >= v.quantity
      returning s.product_id as "productId"`,
  );
  return rows.length;
}

/** Puts an order's quantities back (cancellation). */
export async function returnStock(tx: Executor, orderId: string, pointId: string): Promise<void> {
  await tx.execute(
    sql`update stock s set count = s.count + oi.quantity
      from order_items oi where oi.order_id = ${orderId} and s.point_id = ${pointId} and s.product_id = oi.product_id`,
  );
}

/** One more delivery in a slot, only while there is room; false when the slot is full. */
export async function reserveSlot(
  tx: Executor,
  pointId: string,
  start: Date,
  capacity: number,
): Promise<boolean> {
  const rows = await queryRows<{ reserved: number }>(
    tx,
    sql`insert into slot_reservations (point_id, slot_start, reserved, capacity)
      values (${pointId}, ${start.toISOString()}, 1, ${capacity})
      on conflict (point_id, slot_start) do update set reserved = slot_reservations.reserved + 1
      where slot_reservations.reserved < slot_reservations.capacity
      returning reserved`,
  );
  return rows.length === 1;
}

export async function releaseSlot(tx: Executor, pointId: string, start: Date): Promise<void> {
  await tx.execute(
    sql`update slot_reservations set reserved = reserved - 1
      where point_id = ${pointId} and slot_start = ${start.toISOString()} and reserved > 0`,
  );
}

export async function findReservations(
  tx: Executor,
  pointId: string,
  from: Date,
): Promise<{ slotStart: Date; reserved: number; capacity: number }[]> {
  const rows = await queryRows<{ slotStart: string | Date; reserved: number; capacity: number }>(
    tx,
    sql`select slot_start as "slotStart", reserved, capacity from slot_reservations
      where point_id = ${pointId} and slot_start >= ${from.toISOString()}`,
  );
  return rows.map((row) => ({ ...row, slotStart: new Date(row.slotStart) }));
}

export type OrderRow = {
  id: string;
  number: number;
  userId: string;
  status: 'new' | 'confirmed' | 'assembling' | 'on_the_way' | 'ready' | 'done' | 'cancelled';
  fulfilment: 'delivery' | 'pickup';
  address: string | null;
  flat: string;
  entrance: string;
  floor: string;
  courierComment: string;
  slotStart: string | Date | null;
  slotEnd: string | Date | null;
  phone: string;
  payment: 'card' | 'cash';
  comment: string;
  itemsKopecks: number;
  savingsKopecks: number;
  deliveryFeeKopecks: number;
  totalKopecks: number;
  createdAt: string | Date;
  pointId: string;
  pointName: string;
  pointAddress: string;
  pointPhone: string | null;
  storeId: string;
  storeName: string;
  storeSlug: string;
};

const orderColumns = sql`o.id, o.number, o.user_id as "userId", o.status, o.fulfilment, o.address, o.flat, o.entrance,
  o.floor, o.courier_comment as "courierComment", o.slot_start as "slotStart", o.slot_end as "slotEnd", o.phone,
  o.payment, o.comment, o.items_kopecks as "itemsKopecks", o.savings_kopecks as "savingsKopecks",
  o.delivery_fee_kopecks as "deliveryFeeKopecks", o.total_kopecks as "totalKopecks", o.created_at as "createdAt",
  pt.id as "pointId", pt.name as "pointName", pt.address as "pointAddress", pt.phone as "pointPhone",
  s.id as "storeId", s.name as "storeName", s.slug as "storeSlug"`;

export async function findOrders(
  tx: Executor,
  where: { userId?: string; number?: number; ids?: readonly string[] },
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (where.userId) conditions.push(sql`o.user_id = ${where.userId}`);
  if (where.number !== undefined) conditions.push(sql`o.number = ${where.number}`);
  if (where.ids) {
    conditions.push(
      where.ids.length === 0
        ? sql`false`
        : sql`o.id in (${sql.join(
            where.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  return queryRows<OrderRow>(
    tx,
    sql`select ${orderColumns} from orders o
      join points pt on pt.id = o.point_id join stores s on s.id = o.store_id
      where ${sql.join(conditions, sql` and `)}
      order by o.created_at desc, o.number desc
      ${options.forUpdate ? sql`for update of o` : sql``}`,
  );
}

export type OrderItemRow = {
  orderId: string;
  productId: string;
  name: string;
  slug: string;
  image: string | null;
  weightGrams: number;
  priceKopecks: number;
  discountPercent: number;
  quantity: number;
};

export async function findOrderItems(tx: Executor, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return queryRows<OrderItemRow>(
    tx,
    sql`select order_id as "orderId", product_id as "productId", name, slug, image, weight_grams as "weightGrams",
        price_kopecks as "priceKopecks", discount_percent as "discountPercent", quantity
      from order_items where order_id in (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by name`,
  );
}

export async function findOrderEvents(
  tx: Executor,
  orderIds: readonly string[],
): Promise<{ orderId: string; status: OrderRow['status']; at: string | Date }[]> {
  if (orderIds.length === 0) return [];
  return queryRows(
    tx,
    sql`select order_id as "orderId", status, at from order_events where order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by position`,
  );
}

/** How many of the customer's orders are not finished (done or cancelled): the header's 'Заказы' badge. */
export async function countActiveOrders(tx: Executor, userId: string): Promise<number> {
  const finished = sql.join(
    FINISHED_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from orders where user_id = ${userId} and status not in (${finished})`,
  );
  return Number(row?.count ?? 0);
}
