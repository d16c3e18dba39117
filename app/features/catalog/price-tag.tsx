import { formatRoubles, priceBeforeDiscountRoubles } from '@core/rules/price';
import { cx } from '~/lib/cx';

/** The price, and when discounted the old price (SPEC §9 price helper) struck through and the discount. */
export function PriceTag({
  price,
  discount,
  size = 'md',
  hasBadge = size === 'lg',
  isPerKg = false,
  isInCard = false,
  className,
}: {
  price: number;
  discount: number;
  /** Goods sold by weight: the price is a kilogram's ('1 090 ₽/кг'). */
  isPerKg?: boolean;
  size?: 'md' | 'lg';
  /** The «−20%» badge; product cards show it on the picture instead. */
  hasBadge?: boolean;
  /** A grid's card: no class, the card styles it by its place (app.css `.card > :nth-child(2)`, ADR 044). */
  isInCard?: boolean;
  className?: string;
}) {
  const isDiscounted = discount > 0;
  const isLarge = size === 'lg';
  // .price styles its first child (the price) and its <s> (the old price), app.css (ADR 040, 044); the large
  // size and the discount's colour are utilities over them.
  return (
    <p className={cx(!isInCard && 'price', className) || undefined}>
      <span className={cx(isLarge && 'text-3xl', isDiscounted && 'text-berry') || undefined}>
        {isDiscounted ? <span className="sr-only">Цена со скидкой </span> : null}
        {formatRoubles(price)}
        {isPerKg ? '/кг' : null}
      </span>
      {isDiscounted ? (
        <>
          <s className={isLarge ? 'text-lg' : undefined}>
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
