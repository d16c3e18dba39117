import { formatRoubles, priceBeforeDiscountRoubles } from '@core/rules/price';
import { cx } from '~/lib/cx';

/** The price, and when discounted the old price (SPEC §9 price helper) struck through and the discount. */
export function PriceTag({
  price,
  discount,
  size = 'md',
  hasBadge = size === 'lg',
  className,
}: {
  price: number;
  discount: number;
  size?: 'md' | 'lg';
  /** The «−20%» badge; product cards show it on the picture instead. */
  hasBadge?: boolean;
  className?: string;
}) {
  const isDiscounted = discount > 0;
  return (
    <p className={cx('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span
        className={cx(
          'font-extrabold tracking-tight',
          size === 'lg' ? 'text-3xl' : 'text-lg',
          isDiscounted ? 'text-berry' : 'text-ink',
        )}
      >
        {isDiscounted ? <span className="sr-only">Цена со скидкой </span> : null}
        {formatRoubles(price)}
      </span>
      {isDiscounted ? (
        <>
          <s className={cx('text-muted', size === 'lg' ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">Цена без скидки </span>
            {formatRoubles(priceBeforeDiscountRoubles(price, discount) * 100)}
          </s>
          {hasBadge ? (
            <span className="rounded-md bg-berry px-1.5 py-0.5 text-xs font-bold text-white">
              −{discount}%
            </span>
          ) : null}
        </>
      ) : null}
    </p>
  );
}
