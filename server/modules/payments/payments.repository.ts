/** The payments module's queries: discount cards, the bonus ledger, payments, refunds and saved cards. */
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client';
import {
  bonusEntries,
  discountCards,
  paymentRefunds,
  payments,
  savedPaymentMethods,
} from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;
export type BonusEntryRow = typeof bonusEntries.$inferSelect;
export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;

export async function findDiscountCard(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ number: discountCards.number })
    .from(discountCards)
    .where(eq(discountCards.userId, userId));
  return row?.number ?? null;
}

export async function nextCardSerial(tx: Executor): Promise<number> {
  const [row] = await queryRows(
    tx,
    z.object({ serial: z.coerce.number() }),
    sql`select nextval('discount_card_serials') as serial`,
  );
  if (!row) throw new Error('nextval answered no row');
  return row.serial;
}

/** Inserts the customer's card unless they already have one (a concurrent first visit). */
export async function insertDiscountCard(tx: Executor, userId: string, number: string, at: Date) {
  await tx.insert(discountCards).values({ userId, number, createdAt: at }).onConflictDoNothing({
    target: discountCards.userId,
  });
}

export async function listBonusEntries(
  tx: Executor,
  userId: string,
  limit: number,
): Promise<BonusEntryRow[]> {
  return tx
    .select()
    .from(bonusEntries)
    .where(eq(bonusEntries.userId, userId))
    .orderBy(desc(bonusEntries.createdAt), desc(bonusEntries.id))
    .limit(limit);
}

export async function bonusBalance(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${bonusEntries.amountKopecks})` })
    .from(bonusEntries)
    .where(eq(bonusEntries.userId, userId));
  return Number(row?.sum ?? 0);
}

/** The order's ledger rows by kind. */
export async function orderBonusEntries(tx: Executor, orderId: string): Promise<BonusEntryRow[]> {
  return tx.select().from(bonusEntries).where(eq(bonusEntries.orderId, orderId));
}

/** One row per order and kind: a second insert of the same kind does nothing (answers false). */
export async function insertBonusEntry(
  tx: Executor,
  entry: typeof bonusEntries.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(bonusEntries)
    .values(entry)
    .onConflictDoNothing({
      target: [bonusEntries.orderId, bonusEntries.kind],
      where: sql`${bonusEntries.orderId} is not null`,
    })
    .returning({ id: bonusEntries.id });
  return rows.length > 0;
}

export async function insertPayment(tx: Executor, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await tx.insert(payments).values(row).returning();
  if (!inserted) throw new Error('insert into payments returned no row');
  return inserted;
}

export async function findPaymentByKey(tx: Executor, key: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.idempotenceKey, key));
  return row;
}

export async function findPaymentByProviderId(
  tx: Executor,
  providerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PaymentRow | undefined> {
  const query = tx.select().from(payments).where(eq(payments.providerId, providerId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOrderPayments(tx: Executor, orderId: string): Promise<PaymentRow[]> {
  return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

export async function updatePayment(
  tx: Executor,
  id: string,
  change: Partial<Pick<PaymentRow, 'providerId' | 'status' | 'confirmationUrl' | 'refundedKopecks'>> & {
    updatedAt: Date;
  },
): Promise<void> {
  await tx.update(payments).set(change).where(eq(payments.id, id));
}

/** Pending payments created before `before` (the unpaid-order job), oldest first. */
export async function listStalePending(tx: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

export async function insertRefund(tx: Executor, row: typeof paymentRefunds.$inferInsert): Promise<void> {
  await tx.insert(paymentRefunds).values(row).onConflictDoNothing({ target: paymentRefunds.idempotenceKey });
}

export async function listSavedMethods(tx: Executor, userId: string): Promise<SavedMethodRow[]> {
  return tx
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId))
    .orderBy(asc(savedPaymentMethods.createdAt));
}

export async function countSavedMethods(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedMethod(
  tx: Executor,
  row: typeof savedPaymentMethods.$inferInsert,
): Promise<void> {
  await tx
    .insert(savedPaymentMethods)
    .values(row)
    .onConflictDoNothing({ target: [savedPaymentMethods.userId, savedPaymentMethods.providerId] });
}

export async function deleteSavedMethod(tx: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.id, id)))
    .returning({ id: savedPaymentMethods.id });
  return rows.length > 0;
}

export async function lockPayment(tx: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** Refunds not yet sent to the provider, with their payments. */
export async function listWaitingRefunds(tx: Executor, limit: number) {
  return tx
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.status, 'pending'), isNull(paymentRefunds.providerId)))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
}

export async function markRefundSent(
  tx: Executor,
  id: string,
  change: { providerId: string; status: 'pending' | 'succeeded' | 'canceled' },
): Promise<void> {
  await tx.update(paymentRefunds).set(change).where(eq(paymentRefunds.id, id));
}

export async function listOrderRefunds(tx: Executor, orderId: string) {
  return tx
    .select({ amountKopecks: paymentRefunds.amountKopecks, status: paymentRefunds.status })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.orderId, orderId));
}
