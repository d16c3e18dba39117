import { formatRoubles } from '@core/rules/price';

/** Items, discount, delivery and total of an order (kopecks), as checkout and the order page show them. */
export function OrderTotals({
  items,
  savings,
  fee,
  total,
}: {
  items: number;
  savings: number;
  fee: number;
  total: number;
}) {
  return (
    <dl className="mt-3 flex flex-col gap-1 border-t border-line pt-3 text-[15px]">
      <div className="flex justify-between">
        <dt>Товары</dt>
        <dd>{formatRoubles(items)}</dd>
      </div>
      {savings > 0 ? (
        <div className="flex justify-between text-brand-700">
          <dt>Скидка</dt>
          <dd>−{formatRoubles(savings)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Доставка</dt>
        <dd>{fee > 0 ? formatRoubles(fee) : 'бесплатно'}</dd>
      </div>
      <div className="flex justify-between text-lg font-bold">
        <dt>Итого</dt>
        <dd>{formatRoubles(total)}</dd>
      </div>
    </dl>
  );
}
