/**
 * Promo codes (issue 25, docs/decisions/046): case-insensitive codes of one shop or the whole marketplace, a
 * percentage or a fixed sum off the goods, from a minimum order, within their dates, under a total and a
 * per-customer use limit. Each refusal says in Russian which rule refused it.
 */
import { formatRoubles } from './price';

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const PROMO_CODE_MAX_LENGTH = 32;
/** Letters (Latin or Cyrillic), digits, '-' and '_': what a printed code can hold. */
export const PROMO_CODE_PATTERN = /^[A-ZА-ЯЁ0-9_-]{3,32}$/;

/** 'spring-25 ' → 'SPRING-25': codes are compared upper-cased, without the spaces around them. */
export function normalizePromoCode(text: string): string {
  return text.trim().toUpperCase();
}

export function isPromoCode(text: string): boolean {
  return PROMO_CODE_PATTERN.test(normalizePromoCode(text));
}

/** A code's terms as the rules read them (money in kopecks). */
export type PromoTerms = {
  kind: PromoKind;
  /** Percent (1–100) or kopecks. */
  value: number;
  storeId: string | null;
  minOrderKopecks: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  usedCount: number;
};

export type PromoRefusal =
  | 'unknown'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'used_by_customer'
  | 'other_shop'
  | 'min_order';

/** Why a code cannot be used now (null: it can), before any order is measured against it. */
export function promoRefusal(terms: PromoTerms, at: Date, customerUses: number): PromoRefusal | null {
  if (terms.startsAt && at.getTime() < terms.startsAt.getTime()) return 'not_started';
  if (terms.endsAt && at.getTime() >= terms.endsAt.getTime()) return 'expired';
  if (terms.maxUses !== null && terms.usedCount >= terms.maxUses) return 'used_up';
  if (terms.maxUsesPerCustomer !== null && customerUses >= terms.maxUsesPerCustomer)
    return 'used_by_customer';
  return null;
}

/** What the code takes off goods costing `goods` kopecks: a percentage rounded down, never more than the goods. */
export function promoDiscount(terms: Pick<PromoTerms, 'kind' | 'value'>, goods: number): number {
  const off = terms.kind === 'percent' ? Math.floor((goods * terms.value) / 100) : terms.value;
  return Math.max(0, Math.min(off, goods));
}

/**
 * Which of a checkout's orders the code applies to: the first of its shop (or the first of any shop for a
 * marketplace-wide code) whose goods reach the minimum. Answers the index, or the refusal.
 */
export function promoTarget(
  terms: Pick<PromoTerms, 'storeId' | 'minOrderKopecks'>,
  orders: readonly { storeId: string; goods: number }[],
): { index: number } | { refusal: 'other_shop' | 'min_order' } {
  const ofShop = orders
    .map((order, index) => ({ order, index }))
    .filter(({ order }) => terms.storeId === null || order.storeId === terms.storeId);
  if (ofShop.length === 0) return { refusal: 'other_shop' };
  const reaching = ofShop.find(({ order }) => order.goods >= terms.minOrderKopecks);
  return reaching ? { index: reaching.index } : { refusal: 'min_order' };
}

/** What the customer reads when a code is refused (the checkout's 'Промокод' field). */
export function promoRefusalText(refusal: PromoRefusal, terms?: Pick<PromoTerms, 'minOrderKopecks'>): string {
  switch (refusal) {
    case 'unknown':
      return 'Такого промокода нет. Проверьте, нет ли в нём опечатки';
    case 'not_started':
      return 'Промокод ещё не действует';
    case 'expired':
      return 'Срок действия промокода истёк';
    case 'used_up':
      return 'Промокод больше не действует: его уже использовали максимальное число раз';
    case 'used_by_customer':
      return 'Вы уже использовали этот промокод';
    case 'other_shop':
      return 'Промокод действует в другом магазине';
    case 'min_order':
      return `Промокод действует для заказа от ${formatRoubles(terms?.minOrderKopecks ?? 0)}`;
  }
}

/** How the console lists a code's discount: '10%' or '300 ₽'. */
export function promoValueText(terms: Pick<PromoTerms, 'kind' | 'value'>): string {
  return terms.kind === 'percent' ? `${terms.value}%` : formatRoubles(terms.value);
}
