import type { ProductCard as ProductCardData } from '@core/contracts/catalog';
import { formatWeight } from '@core/rules/weight';
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
export function ProductCard({ product, isEager = false }: { product: ProductCardData; isEager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col rounded-3xl bg-white p-3 shadow-card sm:p-4">
      <div className="relative mb-3 overflow-hidden rounded-2xl bg-surface">
        {product.img ? (
          <img
            src={product.img}
            alt=""
            width={400}
            height={400}
            loading={isEager ? 'eager' : 'lazy'}
            decoding="async"
            className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="aspect-square w-full" />
        )}
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {product.discount > 0 ? (
            <span className="rounded-lg bg-berry px-2 py-0.5 text-xs font-bold text-white">
              −{product.discount}%
            </span>
          ) : null}
          {product.is_new ? (
            <span className="rounded-lg bg-sun px-2 py-0.5 text-xs font-bold text-ink">Новинка</span>
          ) : null}
        </div>
      </div>
      <PriceTag price={product.price} discount={product.discount} />
      <h3 className="mt-1 line-clamp-2 text-[15px] leading-snug font-medium">
        <Link
          to={productHref(product)}
          prefetch="intent"
          className="rounded-md after:absolute after:inset-0 after:rounded-3xl after:content-[''] hover:text-brand-700"
        >
          {product.name}
        </Link>
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-[13px] text-muted">
        <span>{formatWeight(product.weight)}</span>
        {product.reviews > 0 ? (
          <span>
            <span aria-hidden="true" className="text-amber-700">
              ★{' '}
            </span>
            <span className="sr-only">Рейтинг </span>
            {product.rating.toFixed(1)}
          </span>
        ) : null}
      </p>
      <p className="mt-0.5 truncate text-[13px] text-muted">{product.store.name}</p>
      <div className="relative z-10 mt-auto pt-3">
        <AddToBasket product={product} offer={product.in_stock ? product.offer : null} compact />
      </div>
      {/* After the name and the basket in reading order; drawn over the picture's corner. */}
      <div className="absolute top-5 right-5 z-10 flex flex-col gap-2 sm:top-6 sm:right-6">
        <FavouriteButton type="product" id={product._id} name={product.name} />
        <AddToSetButton product={product} />
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  className,
  label,
}: {
  products: readonly ProductCardData[];
  eagerCount?: number;
  className?: string;
  label?: string;
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
        <li key={product._id} className="flex flex-col">
          <ProductCard product={product} isEager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
