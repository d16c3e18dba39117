import type { BasketItem } from '@core/contracts/basket';
import type { Point, Store } from '@core/contracts/catalog';
import { countPieces, deliveryFeeKopecks, subtotalKopecks } from '@core/rules/basket';
import { formatRoubles } from '@core/rules/price';
import { formatWeight } from '@core/rules/weight';
import { CircleAlert, MapPin, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '~/components/ui/button';
import { Counter } from '~/components/ui/counter';
import { cx } from '~/lib/cx';
import { useBasketStore } from './basket-context';

export const PIECE_FORMS = ['товар', 'товара', 'товаров'] as const;

/** Where a group's checkout starts (the orders issue builds /order; guests get the login warning). */
export function checkoutHref(pointId: string): string {
  return `/order?point=${encodeURIComponent(pointId)}`;
}

/** What a stock-reduced line says: what is left, or that nothing is. */
export function shortageText(count: number): string {
  return count > 0 ? `Осталось ${count} шт.` : 'Товар закончился';
}

/**
 * One point's part of the basket (SPEC §2 basket, §4): the shop and the point, the lines with counters, the
 * subtotal, the shop's minimum order and delivery terms, and the way to checkout.
 */
export function BasketGroup({
  pointId,
  items,
  point,
  store,
}: {
  pointId: string;
  items: readonly BasketItem[];
  /** From GET /api/points/list; undefined while it loads. */
  point: Point | undefined;
  /** From GET /api/stores (the loader); undefined when the shop is unknown. */
  store: Store | undefined;
}) {
  const basket = useBasketStore();
  const headingId = useId();
  const shop = items[0]?.product.store;
  const shopName = store?.name ?? shop?.name ?? 'Магазин';
  const subtotal = subtotalKopecks(items);
  const pieces = countPieces(items);
  const missingForMinimum = store ? store.min_order - subtotal : 0;
  const fee = store ? deliveryFeeKopecks(subtotal, store) : 0;
  const missingForFree =
    store?.free_delivery_from != null && subtotal < store.free_delivery_from
      ? store.free_delivery_from - subtotal
      : 0;

  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white p-4 shadow-card sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line pb-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-extrabold tracking-tight">
            {shop ? (
              <Link to={`/store/${store?.slug ?? shop.slug}`} className="rounded-md hover:text-brand-700">
                {shopName}
              </Link>
            ) : (
              shopName
            )}
          </h2>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {point ? (
              <span>
                <span className="font-medium text-ink">{point.name}</span>, {point.address}
              </span>
            ) : (
              <span>Точка продаж</span>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={() => basket.removePoint(pointId)}
          aria-label={`Удалить все товары: ${shopName}${point ? `, ${point.name}` : ''}`}
          className="inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Удалить все
        </button>
      </header>

      <ul className="divide-y divide-line">
        {items.map((item) => (
          <BasketLine key={item.product._id} pointId={pointId} item={item} />
        ))}
      </ul>

      <footer className="mt-2 flex flex-col gap-4 border-t border-line pt-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1 text-sm">
          <p className="text-base">
            <span className="text-muted">{pieces}&nbsp;шт. на сумму </span>
            <span className="font-extrabold text-ink">{formatRoubles(subtotal)}</span>
          </p>
          {store ? (
            <>
              {missingForMinimum > 0 ? (
                <p className="text-amber-800">
                  Минимальная сумма заказа — {formatRoubles(store.min_order)}, добавьте товаров ещё на{' '}
                  {formatRoubles(missingForMinimum)}
                </p>
              ) : null}
              <p className="text-muted">Доставка: {fee === 0 ? 'бесплатно' : formatRoubles(fee)}</p>
              {fee > 0 && missingForFree > 0 ? (
                <p className="text-brand-700">До бесплатной доставки — {formatRoubles(missingForFree)}</p>
              ) : null}
            </>
          ) : null}
        </div>
        <LinkButton
          to={checkoutHref(pointId)}
          size="lg"
          aria-label={`Оформить заказ: ${shopName}`}
          className="shrink-0"
        >
          Оформить заказ
        </LinkButton>
      </footer>
    </section>
  );
}

function BasketLine({ pointId, item }: { pointId: string; item: BasketItem }) {
  const basket = useBasketStore();
  const { product, quantity } = item;
  const isShort = quantity > product.count;
  const payable = Math.min(quantity, Math.max(0, product.count));
  return (
    <li className="flex flex-wrap items-center gap-3 py-4 sm:flex-nowrap sm:gap-4">
      <div className="size-16 shrink-0 overflow-hidden rounded-2xl bg-surface sm:size-20">
        {product.img ? (
          <img
            src={product.img}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <Link
          to={`/product/${product.slug}`}
          className="line-clamp-2 rounded-md text-[15px] leading-snug font-medium hover:text-brand-700"
        >
          {product.name}
        </Link>
        <p className="mt-1 text-[13px] text-muted">
          {formatWeight(product.weight)} · {formatRoubles(product.price)} за шт.
        </p>
        {isShort ? (
          <p className="mt-1 inline-flex items-center gap-1 text-[13px] font-semibold text-berry">
            <CircleAlert aria-hidden="true" className="size-4" />
            {shortageText(product.count)}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-3 sm:gap-4">
        <Counter
          value={quantity}
          // A line above the stock shows what the customer asked for; its next change caps it.
          max={isShort ? quantity : product.count}
          label={`Количество: ${product.name}`}
          size="sm"
          onChange={(next) => basket.change(pointId, product, { quantity: next })}
        />
        <p className={cx('w-24 text-right font-bold tabular-nums', isShort && 'text-muted')}>
          {formatRoubles(product.price * payable)}
        </p>
        <button
          type="button"
          onClick={() => basket.change(pointId, product, { quantity: 0 })}
          aria-label={`Удалить из корзины: ${product.name}`}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-surface hover:text-berry"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
