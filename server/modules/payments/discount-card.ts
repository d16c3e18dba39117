/**
 * The discount card and its bonus points (issue 25): a card is issued on the customer's first visit of the
 * cabinet's tab; points are ledger rows that follow the orders' status changes, one row per order and kind.
 */
import type { DiscountCard } from '@core/contracts/payments';
import { bonusEarned, DEFAULT_BONUS_PERCENTS, discountCardNumber } from '@core/rules/discount-card';
import type { OrderStatus } from '@core/rules/orders';
import type { Executor } from '../../db/client';
import { nowOf, type PaymentsDeps } from './payments.deps';
import {
  bonusBalance,
  findDiscountCard,
  insertBonusEntry,
  insertDiscountCard,
  listBonusEntries,
  nextCardSerial,
  orderBonusEntries,
  shopBonusPercents,
} from './payments.repository';

/** The history the tab shows: the newest rows (the balance is still the sum of all). */
export const BONUS_HISTORY_LIMIT = 50;

/** The customer's card, issued now if they have none yet (two first visits at once issue one). */
export async function issueCardNumber(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  userId: string,
): Promise<string> {
  const existing = await findDiscountCard(deps.db, userId);
  if (existing) return existing;
  let number: string | null = null;
  // About one serial in ten has no number valid both by Luhn and as an EAN-13: take the next one.
  while (number === null) number = discountCardNumber(await nextCardSerial(deps.db));
  await insertDiscountCard(deps.db, userId, number, nowOf(deps));
  const issued = await findDiscountCard(deps.db, userId);
  if (!issued) throw new Error('the discount card was not stored');
  return issued;
}

/** The cabinet's tab: the card (issued on the first visit), the balance and the latest history. */
export async function getDiscountCard(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  userId: string,
): Promise<DiscountCard> {
  const number = await issueCardNumber(deps, userId);
  const [balance, rows] = await Promise.all([
    bonusBalance(deps.db, userId),
    listBonusEntries(deps.db, userId, BONUS_HISTORY_LIMIT),
  ]);
  return {
    number,
    balance,
    history: rows.map((row) => ({
      kind: row.kind,
      amount: row.amountKopecks,
      order: row.orderNumber,
      at: row.createdAt.toISOString(),
    })),
  };
}

/** The header's dropdown: the card number if one was issued (nothing is issued by looking). */
export async function findCardNumber(deps: Pick<PaymentsDeps, 'db'>, userId: string): Promise<string | null> {
  return findDiscountCard(deps.db, userId);
}

export type OrderStatusChange = {
  id: string;
  number: number;
  userId: string;
  /** The goods at the prices paid (kopecks), and what the checkout's promo code and points took off them. */
  itemsKopecks?: number;
  promoKopecks?: number;
  bonusKopecks?: number;
  storeId?: string;
  /** The order's total now (kopecks): known for the operator's moves, whose refund of a difference needs it. */
  totalKopecks?: number;
};

/**
 * The ledger's side of an order's status change, in the orders' transaction: a done order earns its points;
 * a cancelled one gets back the points it spent and loses those it earned. Each at most once per order.
 */
export async function onOrderStatus(
  deps: Pick<PaymentsDeps, 'clock'>,
  tx: Executor,
  order: OrderStatusChange,
  status: OrderStatus,
): Promise<void> {
  const at = nowOf(deps);
  const base = { userId: order.userId, orderId: order.id, orderNumber: order.number, createdAt: at };
  if (status === 'done') {
    // Earned on what the customer paid for the goods: less the promo code's discount and the points spent.
    const paid = (order.itemsKopecks ?? 0) - (order.promoKopecks ?? 0) - (order.bonusKopecks ?? 0);
    const [percents] = await shopBonusPercents(tx, order.storeId ? [order.storeId] : []);
    const earned = bonusEarned(paid, (percents ?? DEFAULT_BONUS_PERCENTS).earnPercent);
    if (earned > 0) await insertBonusEntry(tx, { ...base, kind: 'earn', amountKopecks: earned });
    return;
  }
  if (status !== 'cancelled') return;
  const entries = await orderBonusEntries(tx, order.id);
  const spent = entries.find((entry) => entry.kind === 'spend');
  if (spent) await insertBonusEntry(tx, { ...base, kind: 'refund', amountKopecks: -spent.amountKopecks });
  const earned = entries.find((entry) => entry.kind === 'earn');
  if (earned) await insertBonusEntry(tx, { ...base, kind: 'revoke', amountKopecks: -earned.amountKopecks });
}
