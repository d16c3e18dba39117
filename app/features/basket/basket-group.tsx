import type { BasketItem } from '@core/contracts/basket';
import type { Point, Store } from '@core/contracts/catalog';
import { countPieces } from '@core/rules/basket';
import {
  deliveryTermsOf,
  minimumOrderText,
  missingForFreeDelivery,
  missingForMinimum,
} from '@core/rules/order-totals';
import { formatRoubles } from '@core/rules/price';
import { formatWeight } from '@core/rules/weight';
import { CircleAlert, MapPin, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Counter } from '~/components/ui/counter';
import { useDelivery } from '~/features/delivery/delivery-context';
import { cx } from '~/lib/cx';
import { useBasketStore } from './basket-context';
import { groupTotals } from './basket-summary';

export const PIECE_FORMS = ['товар', 'товара', 'товаров'] as const;

/** What a stock-reduced line says: what is left, or that nothing is. */
export function shortageText(count: number): string {
  return count > 0 ? `Осталось ${count} шт.` : 'Товар закончился';
}

/**
 * One point's part of the basket (SPEC §2 basket, §4): the shop and the point, the lines with counters, the
 * subtotal, what is missing for the shop's minimum order, and its delivery terms for the header's
 * delivery/pickup choice. Checkout is one for all groups (BasketSummary).
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
  const { mode } = useDelivery();
  const headingId = useId();
  const [isConfirming, setConfirming] = useState(false);
  const shop = items[0]?.product.store;
  const shopName = store?.name ?? shop?.name ?? 'Магазин';
  const pieces = countPieces(items);
  const totals = groupTotals(items, store, mode);
  const missing = store ? missingForMinimum(totals.goods, store.min_order) : 0;
  const toFree = store ? missingForFreeDelivery(totals.goods, deliveryTermsOf(store), mode) : 0;
  const where = `${shopName}${point ? `, ${point.name}` : ''}`;

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
          onClick={() => setConfirming(true)}
          aria-label={`Удалить все товары: ${where}`}
          className="inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Удалить все
        </button>
        <ConfirmDialog
          isOpen={isConfirming}
          onOpenChange={setConfirming}
          title="Удалить все товары?"
          description={`Из корзины уберутся все товары «${where}».`}
          confirmLabel="Удалить"
          isDestructive
          onConfirm={() => basket.removePoint(pointId)}
        />
      </header>

      <ul className="divide-y divide-line">
        {items.map((item) => (
          <BasketLine key={item.product._id} pointId={pointId} item={item} />
        ))}
      </ul>

      <footer className="mt-2 flex flex-col gap-1 border-t border-line pt-4 text-sm">
        <p className="text-base">
          <span className="text-muted">{pieces}&nbsp;шт. на сумму </span>
          <span className="font-extrabold text-ink">{formatRoubles(totals.goods)}</span>
        </p>
        {store && missing > 0 ? (
          <p className="font-medium text-amber-800">
            Минимальная сумма заказа — {formatRoubles(store.min_order)}. {minimumOrderText(missing)}
          </p>
        ) : null}
        {store ? (
          <p className="text-muted">
            {mode === 'pickup' ? 'Самовывоз' : 'Доставка'}:{' '}
            {totals.fee === 0 ? 'бесплатно' : formatRoubles(totals.fee)}
          </p>
        ) : null}
        {toFree > 0 ? (
          <p className="text-brand-700">До бесплатной доставки — {formatRoubles(toFree)}</p>
        ) : null}
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
