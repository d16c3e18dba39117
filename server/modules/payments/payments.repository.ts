/** The payments module's queries: discount cards, the bonus ledger, payments, refunds and saved cards. */

import type { BonusPercents } from '@core/rules/discount-card';
import { DEFAULT_BONUS_PERCENTS } from '@core/rules/discount-card';
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client';
import {
  bonusEntries,
  discountCards,
  paymentRefunds,
  payments,
  promoCodes,
  promoCodeUses,
  savedPaymentMethods,
  shopBonusRules,
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

const SerialRowSchema = z.object({ serial: z.coerce.number() });

export async function nextCardSerial(tx: Executor): Promise<number> {
  const [row] = await queryRows(tx, SerialRowSchema, sql`select nextval('discount_card_serials') as serial`);
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

/** What a payment's refunds take back, sent or waiting (every refund but one the provider cancelled). */
export async function sumScheduledRefunds(tx: Executor, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountKopecks}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.status, 'canceled')));
  return row?.total ?? 0;
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

/** Each shop's bonus percentages, in the order asked (a shop without its own row: the defaults). */
export async function shopBonusPercents(tx: Executor, storeIds: readonly string[]): Promise<BonusPercents[]> {
  if (storeIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(shopBonusRules)
    .where(inArray(shopBonusRules.storeId, [...new Set(storeIds)]));
  return storeIds.map((id) => {
    const row = rows.find((one) => one.storeId === id);
    return row
      ? { earnPercent: row.earnPercent, spendMaxPercent: row.spendMaxPercent }
      : DEFAULT_BONUS_PERCENTS;
  });
}

export async function upsertShopBonusPercents(tx: Executor, storeId: string, percents: BonusPercents) {
  await tx
    .insert(shopBonusRules)
    .values({ storeId, ...percents })
    .onConflictDoUpdate({ target: shopBonusRules.storeId, set: percents });
}

/**
 * Holds the customer's bonus ledger until the transaction ends: two checkouts of one customer spend in turn,
 * each reading the balance the other left (a transaction-scoped advisory lock: nothing to unlock).
 */
export async function lockBonusLedger(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bonus:${userId}`}, 0))`);
}

export type PromoCodeRow = typeof promoCodes.$inferSelect;

export async function findPromoCode(tx: Executor, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

export async function insertPromoCode(
  tx: Executor,
  row: typeof promoCodes.$inferInsert,
): Promise<PromoCodeRow | undefined> {
  const [inserted] = await tx
    .insert(promoCodes)
    .values(row)
    .onConflictDoNothing({ target: promoCodes.code })
    .returning();
  return inserted;
}

export async function listPromoCodes(tx: Executor, limit: number): Promise<PromoCodeRow[]> {
  return tx.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), asc(promoCodes.code)).limit(limit);
}

/**
 * Takes one use of the code if any is left: a conditional update, which also holds the code's row until the
 * transaction ends, so concurrent checkouts take uses in turn and never more than `max_uses`.
 */
export async function takePromoUse(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, id),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.usedCount} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/** The customer's uses of the code that still count (not given back by a cancellation). */
export async function countCustomerPromoUses(tx: Executor, promoCodeId: string, userId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCodeUses)
    .where(
      and(
        eq(promoCodeUses.promoCodeId, promoCodeId),
        eq(promoCodeUses.userId, userId),
        isNull(promoCodeUses.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function insertPromoUse(tx: Executor, row: typeof promoCodeUses.$inferInsert): Promise<void> {
  await tx.insert(promoCodeUses).values(row);
}

/** A cancelled order's use goes back to its code's count, once (the use row is marked released). */
export async function releasePromoUse(tx: Executor, orderId: string, at: Date): Promise<boolean> {
  const [use] = await tx
    .update(promoCodeUses)
    .set({ releasedAt: at })
    .where(and(eq(promoCodeUses.orderId, orderId), isNull(promoCodeUses.releasedAt)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  if (!use) return false;
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.id, use.promoCodeId));
  return true;
}
