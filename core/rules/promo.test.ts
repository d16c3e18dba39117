import { describe, expect, it } from 'vitest';
import { formatRoubles } from './price';
import {
  isPromoCode,
  normalizePromoCode,
  PROMO_CODE_MAX_LENGTH,
  PROMO_KINDS,
  type PromoTerms,
  promoDiscount,
  promoRefusal,
  promoRefusalText,
  promoTarget,
  promoValueText,
} from './promo';

const terms = (change: Partial<PromoTerms> = {}): PromoTerms => ({
  kind: 'percent',
  value: 10,
  storeId: null,
  minOrderKopecks: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  usedCount: 0,
  ...change,
});
const at = new Date('2026-11-27T12:00:00Z');
const before = new Date('2026-11-27T11:59:59.999Z');
const after = new Date('2026-11-27T12:00:00.001Z');

describe('promo codes', () => {
  it('compares codes upper-cased and trimmed, Latin or Cyrillic', () => {
    expect(PROMO_KINDS).toEqual(['percent', 'fixed']);
    expect(PROMO_CODE_MAX_LENGTH).toBe(32);
    expect(normalizePromoCode('  spring-25 ')).toBe('SPRING-25');
    expect(normalizePromoCode('весна_ё')).toBe('ВЕСНА_Ё');
    expect(isPromoCode(' spring-25 ')).toBe(true);
    expect(isPromoCode('осень')).toBe(true);
    expect(isPromoCode('AB')).toBe(false);
    expect(isPromoCode('ABC')).toBe(true);
    expect(isPromoCode('A'.repeat(32))).toBe(true);
    expect(isPromoCode('A'.repeat(33))).toBe(false);
    expect(isPromoCode('SALE 10')).toBe(false);
    expect(isPromoCode('xSALE!')).toBe(false);
    expect(isPromoCode('!SALE')).toBe(false);
  });

  it('refuses a code before its start and from its end', () => {
    expect(promoRefusal(terms(), at, 0)).toBeNull();
    expect(promoRefusal(terms({ startsAt: after }), at, 0)).toBe('not_started');
    expect(promoRefusal(terms({ startsAt: at }), at, 0)).toBeNull();
    expect(promoRefusal(terms({ endsAt: at }), at, 0)).toBe('expired');
    expect(promoRefusal(terms({ endsAt: after }), at, 0)).toBeNull();
    expect(promoRefusal(terms({ endsAt: before }), at, 0)).toBe('expired');
  });

  it('refuses a used-up code, and one the customer has used as often as allowed', () => {
    expect(promoRefusal(terms({ maxUses: 3, usedCount: 2 }), at, 0)).toBeNull();
    expect(promoRefusal(terms({ maxUses: 3, usedCount: 3 }), at, 0)).toBe('used_up');
    expect(promoRefusal(terms({ maxUses: 3, usedCount: 4 }), at, 0)).toBe('used_up');
    expect(promoRefusal(terms({ usedCount: 1000 }), at, 1000)).toBeNull();
    expect(promoRefusal(terms({ maxUsesPerCustomer: 2 }), at, 1)).toBeNull();
    expect(promoRefusal(terms({ maxUsesPerCustomer: 2 }), at, 2)).toBe('used_by_customer');
    expect(promoRefusal(terms({ maxUsesPerCustomer: 2 }), at, 3)).toBe('used_by_customer');
  });

  it('takes a percentage rounded down or a fixed sum, never more than the goods', () => {
    expect(promoDiscount({ kind: 'percent', value: 10 }, 12_345)).toBe(1234);
    expect(promoDiscount({ kind: 'percent', value: 100 }, 12_345)).toBe(12_345);
    expect(promoDiscount({ kind: 'fixed', value: 30_000 }, 100_000)).toBe(30_000);
    expect(promoDiscount({ kind: 'fixed', value: 30_000 }, 20_000)).toBe(20_000);
    expect(promoDiscount({ kind: 'fixed', value: 30_000 }, 0)).toBe(0);
  });

  it('applies to the first order of its shop that reaches the minimum', () => {
    const orders = [
      { storeId: 'a', goods: 50_000 },
      { storeId: 'b', goods: 40_000 },
      { storeId: 'b', goods: 90_000 },
    ];
    expect(promoTarget({ storeId: null, minOrderKopecks: 0 }, orders)).toEqual({ index: 0 });
    expect(promoTarget({ storeId: null, minOrderKopecks: 60_000 }, orders)).toEqual({ index: 2 });
    expect(promoTarget({ storeId: null, minOrderKopecks: 50_000 }, orders)).toEqual({ index: 0 });
    expect(promoTarget({ storeId: 'b', minOrderKopecks: 0 }, orders)).toEqual({ index: 1 });
    expect(promoTarget({ storeId: 'b', minOrderKopecks: 50_000 }, orders)).toEqual({ index: 2 });
    expect(promoTarget({ storeId: 'a', minOrderKopecks: 50_001 }, orders)).toEqual({ refusal: 'min_order' });
    expect(promoTarget({ storeId: 'c', minOrderKopecks: 0 }, orders)).toEqual({ refusal: 'other_shop' });
  });

  it('says in Russian which rule refused the code', () => {
    expect(promoRefusalText('unknown')).toBe('Такого промокода нет. Проверьте, нет ли в нём опечатки');
    expect(promoRefusalText('not_started')).toBe('Промокод ещё не действует');
    expect(promoRefusalText('expired')).toBe('Срок действия промокода истёк');
    expect(promoRefusalText('used_up')).toBe(
      'Промокод больше не действует: его уже использовали максимальное число раз',
    );
    expect(promoRefusalText('used_by_customer')).toBe('Вы уже использовали этот промокод');
    expect(promoRefusalText('other_shop')).toBe('Промокод действует в другом магазине');
    expect(promoRefusalText('min_order', { minOrderKopecks: 150_000 })).toBe(
      `Промокод действует для заказа от ${formatRoubles(150_000)}`,
    );
    expect(promoRefusalText('min_order')).toBe('Промокод действует для заказа от 0 ₽');
  });

  it('shows a discount as a percentage or roubles', () => {
    expect(promoValueText({ kind: 'percent', value: 15 })).toBe('15%');
    expect(promoValueText({ kind: 'fixed', value: 30_050 })).toBe('300,50 ₽');
  });
});
