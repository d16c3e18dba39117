/**
 * A checkout's discounts (issue 25, docs/decisions/046), in the orders' transaction once its orders exist: a
 * promo code off one order's goods, then bonus points off each order's goods (at most its shop's share, all
 * together at most the balance). A refused code throws with the reason, undoing the checkout.
 */
import { splitBonus } from '@core/rules/discount-card';
import {
  isPromoCode,
  normalizePromoCode,
  type PromoRefusal,
  promoDiscount,
  promoRefusal,
  promoRefusalText,
  promoTarget,
} from '@core/rules/promo';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { nowOf, type PaymentsDeps } from './payments.deps';
import {
  bonusBalance,
  countCustomerPromoUses,
  findPromoCode,
  insertBonusEntry,
  insertPromoUse,
  lockBonusLedger,
  type PromoCodeRow,
  shopBonusPercents,
  takePromoUse,
} from './payments.repository';

export type CheckoutOrder = { id: string; number: number; storeId: string; goods: number };
export type CheckoutDiscount = { promoKopecks: number; promoCode: string | null; bonusKopecks: number };

function refuse(refusal: PromoRefusal, terms?: PromoCodeRow): never {
  const message = promoRefusalText(refusal, terms);
  throw new AppError('bad_request', message, { fields: { promo: message } });
}

/** Checks the code against the checkout and takes one of its uses; answers the order it applies to and how much. */
async function redeemPromoCode(
  deps: Pick<PaymentsDeps, 'clock'>,
  tx: Executor,
  userId: string,
  orders: readonly CheckoutOrder[],
  typed: string,
): Promise<{ index: number; discount: number; code: string }> {
  const code = normalizePromoCode(typed);
  const terms = await findPromoCode(tx, code);
  if (!terms) refuse('unknown');
  const target = promoTarget(terms, orders);
  if ('refusal' in target) refuse(target.refusal, terms);
  const refusal = promoRefusal(terms, nowOf(deps), await countCustomerPromoUses(tx, terms.id, userId));
  if (refusal) refuse(refusal, terms);
  // The conditional update holds the code's row: a concurrent checkout waits, then finds it used up.
  if (!(await takePromoUse(tx, terms.id))) refuse('used_up', terms);
  // Counted again under that lock: the same customer's concurrent checkouts take turns here.
  if (
    terms.maxUsesPerCustomer !== null &&
    (await countCustomerPromoUses(tx, terms.id, userId)) >= terms.maxUsesPerCustomer
  ) {
    refuse('used_by_customer', terms);
  }
  const order = orders[target.index];
  if (!order) throw new Error('promo target outside the checkout');
  const discount = promoDiscount(terms, order.goods);
  await insertPromoUse(tx, {
    promoCodeId: terms.id,
    userId,
    orderId: order.id,
    discountKopecks: discount,
    createdAt: nowOf(deps),
  });
  return { index: target.index, discount, code };
}

export async function applyCheckoutDiscounts(
  deps: Pick<PaymentsDeps, 'clock'>,
  tx: Executor,
  userId: string,
  orders: readonly CheckoutOrder[],
  request: { bonusKopecks: number; promo: string | null },
): Promise<CheckoutDiscount[]> {
  const discounts: CheckoutDiscount[] = orders.map(() => ({
    promoKopecks: 0,
    promoCode: null,
    bonusKopecks: 0,
  }));
  if (request.promo) {
    const used = await redeemPromoCode(deps, tx, userId, orders, request.promo);
    discounts[used.index] = { promoKopecks: used.discount, promoCode: used.code, bonusKopecks: 0 };
  }
  if (request.bonusKopecks <= 0) return discounts;
  // The ledger's lock first, then its sum: checkouts of one customer spend one after another.
  await lockBonusLedger(tx, userId);
  const balance = await bonusBalance(tx, userId);
  const percents = await shopBonusPercents(
    tx,
    orders.map((order) => order.storeId),
  );
  const spent = splitBonus(
    orders.map((order, index) => ({
      goods: order.goods - (discounts[index]?.promoKopecks ?? 0),
      spendMaxPercent: percents[index]?.spendMaxPercent ?? 0,
    })),
    request.bonusKopecks,
    balance,
  );
  const at = nowOf(deps);
  for (const [index, order] of orders.entries()) {
    const amount = spent[index] ?? 0;
    const discount = discounts[index];
    if (amount === 0 || !discount) continue;
    await insertBonusEntry(tx, {
      userId,
      orderId: order.id,
      orderNumber: order.number,
      kind: 'spend',
      amountKopecks: -amount,
      createdAt: at,
    });
    discount.bonusKopecks = amount;
  }
  return discounts;
}

export type PromoPreview =
  | { ok: true; code: string; index: number; discount: number }
  | { ok: false; message: string };

/** The checkout page's 'Применить': what the code would take off these orders now (nothing is taken). */
export async function previewPromoCode(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  userId: string,
  orders: readonly { storeId: string; goods: number }[],
  typed: string,
): Promise<PromoPreview> {
  const code = normalizePromoCode(typed);
  const terms = isPromoCode(code) ? await findPromoCode(deps.db, code) : undefined;
  if (!terms) return { ok: false, message: promoRefusalText('unknown') };
  const target = promoTarget(terms, orders);
  if ('refusal' in target) return { ok: false, message: promoRefusalText(target.refusal, terms) };
  const refusal = promoRefusal(terms, nowOf(deps), await countCustomerPromoUses(deps.db, terms.id, userId));
  if (refusal) return { ok: false, message: promoRefusalText(refusal, terms) };
  const order = orders[target.index];
  return { ok: true, code, index: target.index, discount: order ? promoDiscount(terms, order.goods) : 0 };
}

/** The checkout page: the balance, and each shop's share of an order that points may pay. */
export async function checkoutBonus(
  deps: Pick<PaymentsDeps, 'db'>,
  userId: string,
  storeIds: readonly string[],
): Promise<{ balance: number; spendMaxPercents: number[] }> {
  const balance = await bonusBalance(deps.db, userId);
  const percents = await shopBonusPercents(deps.db, storeIds);
  return { balance, spendMaxPercents: percents.map((one) => one.spendMaxPercent) };
}
