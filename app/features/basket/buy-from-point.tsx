import type { ProductDetail } from '@core/contracts/catalog';
import { formatRoubles } from '@core/rules/price';
import { formatStock } from '@core/rules/sold-by-weight';
import { useId, useState } from 'react';
import { PriceTag } from '~/features/catalog/price-tag';
import { cx } from '~/lib/cx';
import { AddToBasket, type BasketOffer } from './add-to-basket';
import { useBasketQuantity } from './basket-context';

/**
 * The product page's price and basket control. When several points in the shopper's area have the product
 * the customer picks which one to buy from (the card's offer comes first); each point is a separate line of
 * the basket, with its own stock and price, and the price shown is the chosen point's. Points outside the
 * area are listed on the page but never sold from here: the basket could not deliver them.
 */
export function BuyFromPoint({ product, className }: { product: ProductDetail; className?: string }) {
  const offers: (BasketOffer & { name: string; address: string })[] = product.warehouse
    .filter((entry) => entry.count > 0 && entry.in_area)
    .map((entry) => ({
      point: entry.point._id,
      count: entry.count,
      price: entry.price,
      name: entry.point.name,
      address: entry.point.address,
    }));
  const [chosenId, setChosenId] = useState(product.offer?.point ?? offers[0]?.point);
  const chosen = offers.find((offer) => offer.point === chosenId) ?? offers[0] ?? null;
  const name = useId();

  return (
    <div className={className}>
      <PriceTag
        price={chosen?.price ?? product.price}
        discount={product.discount}
        size="lg"
        isPerKg={product.by_weight !== undefined}
      />
      {offers.length > 1 ? (
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold text-ink">Купить в точке</legend>
          <div className="flex flex-col gap-2">
            {offers.map((offer) => (
              <label
                key={offer.point}
                className={cx(
                  'flex cursor-pointer items-start gap-3 rounded-2xl border px-3 py-2.5 text-sm transition-colors',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                  offer.point === chosen?.point
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-line hover:border-brand-300',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={offer.point}
                  checked={offer.point === chosen?.point}
                  onChange={() => setChosenId(offer.point)}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-ink">{offer.name}</span>
                  <span className="block text-muted">{offer.address}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-semibold text-ink">{formatRoubles(offer.price)}</span>
                  <span className="block text-muted">{formatStock(offer.count, product.by_weight)}</span>
                  <InBasket pointId={offer.point} productId={product._id} />
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <AddToBasket product={product} offer={chosen} size="lg" className="mt-4" />
    </div>
  );
}

function InBasket({ pointId, productId }: { pointId: string; productId: string }) {
  const quantity = useBasketQuantity(pointId, productId);
  return quantity > 0 ? <span className="block font-medium text-brand-700">в корзине {quantity}</span> : null;
}
