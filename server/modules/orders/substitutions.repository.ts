/** The orders' substitutions at assembly (ADR 055): what happened to lines the picker could not find. */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderSubstitutions, orders } from '../../db/schema/index';

export type SubstitutionRow = typeof orderSubstitutions.$inferSelect;
export type NewSubstitution = typeof orderSubstitutions.$inferInsert;

export async function findSubstitutions(
  tx: Executor,
  orderIds: readonly string[],
): Promise<SubstitutionRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orderSubstitutions)
    .where(inArray(orderSubstitutions.orderId, [...orderIds]));
}

export async function insertSubstitution(tx: Executor, row: NewSubstitution): Promise<void> {
  await tx.insert(orderSubstitutions).values(row);
}

/** An offer answered (by the customer, or by default). */
export async function settleSubstitution(
  tx: Executor,
  key: { orderId: string; productId: string },
  change: Pick<SubstitutionRow, 'state' | 'decidedBy' | 'decidedAt'>,
): Promise<void> {
  await tx
    .update(orderSubstitutions)
    .set(change)
    .where(and(eq(orderSubstitutions.orderId, key.orderId), eq(orderSubstitutions.productId, key.productId)));
}

/** The orders with offers past their time (oldest first): the sweep settles them by default. */
export async function findOrdersWithExpiredOffers(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<{ number: number }[]> {
  return tx
    .selectDistinct({ number: orders.number, expiresAt: orderSubstitutions.expiresAt })
    .from(orderSubstitutions)
    .innerJoin(orders, eq(orders.id, orderSubstitutions.orderId))
    .where(and(eq(orderSubstitutions.state, 'offered'), lte(orderSubstitutions.expiresAt, now)))
    .orderBy(asc(orderSubstitutions.expiresAt))
    .limit(limit);
}
