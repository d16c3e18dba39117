import type { OrderTotals as Totals } from '@core/rules/order-totals';
import { formatRoubles } from '@core/rules/price';

/**
 * 'Товары · Скидка · Доставка · Итого' (kopecks, from core/rules/order-totals.ts): the items at full price,
 * what the discounts take off, the fee and the total, so the lines add up. The basket, checkout and the order
 * page show the same rule's numbers.
 */
export function OrderTotals({ totals }: { totals: Pick<Totals, 'items' | 'savings' | 'fee' | 'total'> }) {
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
      <div className="flex justify-between">
        <dt>Доставка</dt>
        <dd>{totals.fee > 0 ? formatRoubles(totals.fee) : 'бесплатно'}</dd>
      </div>
      <div className="flex justify-between text-lg font-bold">
        <dt>Итого</dt>
        <dd>{formatRoubles(totals.total)}</dd>
      </div>
    </dl>
  );
}
