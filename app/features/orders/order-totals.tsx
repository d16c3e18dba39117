import type { OrderTotals as Totals } from '@core/rules/order-totals';
import { formatRoubles } from '@core/rules/price';
import type { ReactNode } from 'react';

/**
 * 'Товары · Скидка · Доставка · Итого' (kopecks, from core/rules/order-totals.ts): the items at full price,
 * what the discounts take off, the fee and the total, so the lines add up. The basket, checkout and the order
 * page show the same rule's numbers.
 */
export function OrderTotals({
  totals,
  promo = 0,
  promoCode = null,
  bonus = 0,
  isEstimate = false,
}: {
  promoCode?: string | null;
  /** Goods sold by weight not weighed yet (ADR 054): the total is about so much until the picker weighs them. */
  isEstimate?: boolean;
  totals: Pick<Totals, 'items' | 'savings' | 'fee' | 'total'>;
  /** A promo code's discount and the points spent (issue 25): shown, and taken off the total given. */
  promo?: number;
  bonus?: number;
}) {
  return (
    <dl className="mt-3 flex flex-col gap-1 border-t border-line pt-3 text-[15px] tabular-nums">
      <div className="flex justify-between">
        <dt>Товары</dt>
        <dd>{formatRoubles(totals.items)}</dd>
      </div>
      {totals.savings > 0 ? (
        <div className="flex justify-between text-brand-700">
          <dt>Скидка</dt>
          <dd>−{formatRoubles(totals.savings)}</dd>
        </div>
      ) : null}
      <DiscountLines promo={promo} promoCode={promoCode} bonus={bonus} />
      <div className="flex justify-between">
        <dt>Доставка</dt>
        <dd>{totals.fee > 0 ? formatRoubles(totals.fee) : 'бесплатно'}</dd>
      </div>
      <div className="flex justify-between text-lg font-bold">
        <dt>Итого</dt>
        <dd className="text-right">
          {isEstimate ? '≈ ' : null}
          {formatRoubles(totals.total - promo - bonus)}
          {isEstimate ? (
            <span className="block text-[13px] font-normal text-muted">
              Весовые товары взвесят при сборке — сумма может немного измениться
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

/** A promo code's and the points' lines (issue 25), here so the basket's totals need nothing of the checkout. */
export function DiscountLines({
  promo,
  promoCode,
  bonus,
}: {
  promo: number;
  promoCode: string | null;
  bonus: number;
}): ReactNode {
  return (
    <>
      {promo > 0 ? (
        <div className="flex justify-between text-brand-700">
          <dt>{promoCode ? `Промокод ${promoCode}` : 'Промокод'}</dt>
          <dd>−{formatRoubles(promo)}</dd>
        </div>
      ) : null}
      {bonus > 0 ? (
        <div className="flex justify-between text-brand-700">
          <dt>Баллами</dt>
          <dd>−{formatRoubles(bonus)}</dd>
        </div>
      ) : null}
    </>
  );
}
