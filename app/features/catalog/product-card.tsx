import type { ProductCard as ProductCardData } from '@core/contracts/catalog';
import { formatSize } from '@core/rules/sold-by-weight';
import { useId } from 'react';
import { Link } from 'react-router';
import { AddToBasket } from '~/features/basket/add-to-basket';
import { AddToSetButton } from '~/features/favourites/add-to-set-button';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { cx } from '~/lib/cx';
import { PriceTag } from './price-tag';

export function productHref(product: Pick<ProductCardData, 'slug'>): string {
  return `/product/${product.slug}`;
}

/**
 * A product in a grid: picture, price, name, weight, rating, shop, the add-to-basket control, and over the
 * picture the heart and 'Добавить в набор'.
 */
export function ProductCard({
  product,
  isEager = false,
  nameId: givenNameId,
}: {
  product: ProductCardData;
  isEager?: boolean;
  /** The id of the name's link; React's own (`useId`) when not given. */
  nameId?: string;
}) {
  // A grid repeats this markup dozens of times: only the card, its badges and its price have classes, the
  // rest is styled by its place in the card (app.css `.card > …`, ADR 044 "The card by its structure"), so
  // keep the children's order: picture, price, name, size and rating, shop, basket control, buttons.
  const hasBadges = product.discount > 0 || product.is_new;
  // The controls' names refer to the name's link ('В корзину: ' + its text), not a copy of it each.
  const ownNameId = useId();
  const nameId = givenNameId ?? ownNameId;
  return (
    <article className="card">
      <div>
        {product.img ? (
          // The first row is the page's largest paint: fetched first and painted as soon as it is decoded;
          // the rest wait until scrolled near and are decoded off the frame that shows them. No width and
          // height: the card's stylesheet (render-blocking) makes the box square before any picture loads.
          isEager ? (
            <img src={product.img} alt="" fetchPriority="high" />
          ) : (
            <img src={product.img} alt="" loading="lazy" decoding="async" />
          )
        ) : (
          <div className="aspect-square w-full" />
        )}
        {hasBadges ? (
          <div className="card-badges">
            {product.discount > 0 ? <span className="badge-sale">{`−${product.discount}%`}</span> : null}
            {product.is_new ? <span className="badge-new">Новинка</span> : null}
          </div>
        ) : null}
      </div>
      <PriceTag
        price={product.price}
        discount={product.discount}
        isPerKg={product.by_weight !== undefined}
        isInCard
      />
      <h3>
        <Link id={nameId} to={productHref(product)} prefetch="intent">
          {product.name}
        </Link>
      </h3>
      <p>
        <span>{formatSize(product)}</span>
        {/* The star and the word 'Рейтинг' for screen readers are generated content (its second child). */}
        {product.reviews > 0 ? <span>{product.rating.toFixed(1)}</span> : null}
      </p>
      <p>{product.store.name}</p>
      <AddToBasket
        product={product}
        offer={product.in_stock ? product.offer : null}
        compact
        nameId={nameId}
      />
      {/* After the name and the basket in reading order; drawn over the picture's corner. */}
      <div>
        <FavouriteButton type="product" id={product._id} name={product.name} nameId={nameId} variant="card" />
        <AddToSetButton product={product} nameId={nameId} variant="card" />
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  className,
  label,
  idPrefix,
}: {
  products: readonly ProductCardData[];
  eagerCount?: number;
  className?: string;
  label?: string;
  /**
   * On a page with one grid (the catalogue): the cards' name ids are this and their position ('p0', 'p1', …),
   * a third of React's `useId` ids, each written four times a card (the link and three controls' names).
   */
  idPrefix?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cx(
        'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5',
        className,
      )}
    >
      {products.map((product, index) => (
        // .card fills its row's height: the grid stretches the item.
        <li key={product._id}>
          <ProductCard
            product={product}
            isEager={index < eagerCount}
            nameId={idPrefix === undefined ? undefined : `${idPrefix}${index}`}
          />
        </li>
      ))}
    </ul>
  );
}
