import type { BasketItem } from '@core/contracts/basket';
import type { Point, Store } from '@core/contracts/catalog';
import { CONFIRMED } from '@core/contracts/form-fields';
import { countPieces, type QuantityChange } from '@core/rules/basket';
import { counterLabels } from '@core/rules/counter';
import {
  deliveryTermsOf,
  minimumOrderText,
  missingForFreeDelivery,
  missingForMinimum,
} from '@core/rules/order-totals';
import { formatRoubles } from '@core/rules/price';
import {
  formatPerKg,
  formatStock,
  formatWeightAmount,
  formatWeightStep,
  saleUnitOf,
  type WeightTerms,
  weighedPriceKopecks,
} from '@core/rules/sold-by-weight';
import { formatPackSize } from '@core/rules/weight';
import { type ReactNode, useId } from 'react';
import { Form, Link } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { useConfirmOnFirstUse } from '~/components/ui/confirm-on-first-use';
import { Counter } from '~/components/ui/counter';
import { Icon } from '~/components/ui/icon';
import { Thumb } from '~/components/ui/thumb';
import { useOptionalUser } from '~/features/auth/user';
import { useDelivery } from '~/features/delivery/delivery-context';
import { cx } from '~/lib/cx';
import { useHydrated } from '~/lib/use-hydrated';
import { useBasket } from './basket-context';
import { BASKET_FIELD, BASKET_PAGE } from './basket-form';
import { groupTotals } from './basket-summary';
import { LineChoice } from './line-choice';
import { SwapPoint } from './swap-point';

/** What a stock-reduced line says: what is left, or that nothing is. */
export function shortageText(count: number, terms?: WeightTerms): string {
  return count > 0 ? `Осталось ${formatStock(count, terms)}` : 'Товар закончился';
}

/**
 * One point's part of the basket (SPEC §2 basket, §4): the shop and the point, the lines with counters, the
 * subtotal, what is missing for the shop's minimum order, and its delivery terms for the header's
 * delivery/pickup choice. Checkout is one for all groups (BasketSummary).
 *
 * Before JavaScript runs (or without it) the controls are plain forms posting to /basket's action: − and +
 * step a line, the bin removes it, 'Удалить все' is asked on the page (`isAskingToRemove`) before it is done.
 */
export function BasketGroup({
  pointId,
  items,
  point,
  store,
  isAskingToRemove = false,
}: {
  pointId: string;
  items: readonly BasketItem[];
  /** The loader's (a signed-in basket), or GET /api/points/list's; undefined while it loads. */
  point: Point | undefined;
  /** From GET /api/stores (the loader); undefined when the shop is unknown. */
  store: Store | undefined;
  /** 'Удалить все' was posted without JavaScript: the page asks before it removes the group. */
  isAskingToRemove?: boolean;
}) {
  const basket = useBasket();
  const { mode } = useDelivery();
  // A guest's basket lives on the device and has no choice for a missing item: a guest signs in to check out.
  const isSignedIn = useOptionalUser() !== null;
  const headingId = useId();
  const question = useConfirmOnFirstUse();
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
            <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {point ? (
              <span>
                <span className="font-medium text-ink">{point.name}</span>, {point.address}
              </span>
            ) : (
              <span>Точка продаж</span>
            )}
          </p>
        </div>
        <Form
          method="post"
          action={BASKET_PAGE}
          // With JavaScript the question is a dialog; the removal goes out only with its yes.
          onSubmit={question.ask}
        >
          <input type="hidden" name={BASKET_FIELD.intent} value="remove-point" />
          <input type="hidden" name={BASKET_FIELD.point} value={pointId} />
          <button
            type="submit"
            // The dialog's code starts loading as the shopper reaches for the button.
            onPointerEnter={question.reach}
            onFocus={question.reach}
            aria-label={`Удалить все товары: ${where}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
          >
            <Icon name="trash-2" className="size-4" />
            Удалить все
          </button>
        </Form>
        {question.ConfirmDialog ? (
          <question.ConfirmDialog
            isOpen={question.isOpen}
            onOpenChange={question.setOpen}
            title="Удалить все товары?"
            description={`Из корзины уберутся все товары «${where}».`}
            confirmLabel="Удалить"
            isDestructive
            onConfirm={() => basket.removePoint(pointId)}
          />
        ) : null}
      </header>

      {/* Issue 21: a point that cannot serve the shopper's address offers its lines from one that can. */}
      <SwapPoint point={point} items={items} />

      {isAskingToRemove ? (
        <div role="alert" className="mt-4 rounded-2xl border-2 border-berry p-4">
          <p className="font-bold">Удалить все товары?</p>
          <p className="mt-1 text-[15px] text-muted">Из корзины уберутся все товары «{where}».</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post" action={BASKET_PAGE}>
              <input type="hidden" name={BASKET_FIELD.intent} value="remove-point" />
              <input type="hidden" name={BASKET_FIELD.point} value={pointId} />
              <input type="hidden" name={BASKET_FIELD.confirm} value={CONFIRMED} />
              <button type="submit" className={buttonStyles({ variant: 'danger' })}>
                Удалить
              </button>
            </Form>
            <Link to={BASKET_PAGE} className={buttonStyles({ variant: 'outline' })}>
              Отмена
            </Link>
          </div>
        </div>
      ) : null}

      <ul className="divide-y divide-line">
        {items.map((item) => (
          <BasketLine key={item.product._id} pointId={pointId} item={item} hasChoice={isSignedIn} />
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

function BasketLine({ pointId, item, hasChoice }: { pointId: string; item: BasketItem; hasChoice: boolean }) {
  const { product, quantity } = item;
  const isShort = quantity > product.count;
  const payable = Math.min(quantity, Math.max(0, product.count));
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-3 sm:flex-nowrap sm:gap-4">
        <Thumb src={product.img} size={80} className="size-16 rounded-2xl sm:size-20" />
        <div className="min-w-0 flex-1 basis-40">
          <Link
            to={`/product/${product.slug}`}
            className="line-clamp-2 rounded-md text-[15px] leading-snug font-medium hover:text-brand-700"
          >
            {product.name}
          </Link>
          <p className="mt-1 text-[13px] text-muted">
            {product.by_weight
              ? `${formatWeightStep(product.by_weight)} · ${formatPerKg(product.price)}`
              : `${formatPackSize(product)} · ${formatRoubles(product.price)} за шт.`}
          </p>
          {isShort ? (
            <p className="mt-1 inline-flex items-center gap-1 text-[13px] font-semibold text-berry">
              <Icon name="circle-alert" className="size-4" />
              {shortageText(product.count, product.by_weight)}
            </p>
          ) : null}
        </div>
        {product.by_weight ? (
          <WeightLineControls pointId={pointId} item={item} terms={product.by_weight}>
            {/* An estimate: the picker weighs the line and its price follows the weight (ADR 054). */}
            <p className={cx('w-24 text-right font-bold tabular-nums', isShort && 'text-muted')}>
              ≈&nbsp;{formatRoubles(weighedPriceKopecks(product.price, payable))}
            </p>
          </WeightLineControls>
        ) : (
          <LineControls pointId={pointId} item={item}>
            <p className={cx('w-24 text-right font-bold tabular-nums', isShort && 'text-muted')}>
              {formatRoubles(product.price * payable)}
            </p>
          </LineControls>
        )}
      </div>
      {hasChoice ? <LineChoice pointId={pointId} item={item} /> : null}
    </li>
  );
}

/** A line's bin and its counter's − and + (app.css: /basket writes them for every line). */
const REMOVE_LINE_BUTTON = 'line-remove';
const STEP_BUTTON = 'line-step';

/**
 * A weighed line's amount ('≈ 2 шт · 700 г', '300 г') with − and + by its step and its bin (ADR 043, 054).
 */
function WeightLineControls({
  pointId,
  item,
  terms,
  children,
}: {
  pointId: string;
  item: BasketItem;
  terms: WeightTerms;
  children: ReactNode;
}) {
  const { product, quantity } = item;
  const unit = saleUnitOf(terms);
  return (
    <StepForm
      pointId={pointId}
      product={product}
      step={unit.step}
      isAtMost={quantity + unit.step > Math.min(product.count, unit.max)}
      amount={
        <span
          aria-live="polite"
          className="min-w-16 px-1 text-center text-sm font-semibold text-ink tabular-nums"
        >
          {formatWeightAmount(quantity, terms)}
        </span>
      }
    >
      {children}
    </StepForm>
  );
}

/**
 * A line's quantity and its bin. With JavaScript: the counter (typing, arrows, − and +) and the bin change
 * the basket at once (basket-context.tsx, docs/decisions/043). Before and without it: the plain form of
 * StepForm.
 */
function LineControls({
  pointId,
  item,
  children,
}: {
  pointId: string;
  item: BasketItem;
  children: ReactNode;
}) {
  const basket = useBasket();
  const isHydrated = useHydrated();
  const { product, quantity } = item;
  const isShort = quantity > product.count;
  // A line above the stock shows what the customer asked for; its next change caps it.
  const max = isShort ? quantity : product.count;

  if (isHydrated) {
    return (
      <div className="flex items-center gap-3 sm:gap-4">
        <Counter
          value={quantity}
          max={max}
          itemName={product.name}
          // A step, not a set: another tab's changes of the line still count (ADR 043).
          onChange={(next) => basket.change(pointId, product, { delta: next - quantity })}
        />
        {children}
        <button
          type="button"
          onClick={() => basket.change(pointId, product, { quantity: 0 })}
          aria-label={`Удалить из корзины: ${product.name}`}
          className={REMOVE_LINE_BUTTON}
        >
          <Icon name="trash-2" className="size-4" />
        </button>
      </div>
    );
  }

  return (
    <StepForm
      pointId={pointId}
      product={product}
      step={1}
      isAtMost={quantity >= max}
      amount={<span className="w-8 text-center text-sm font-semibold text-ink tabular-nums">{quantity}</span>}
    >
      {children}
    </StepForm>
  );
}

/**
 * A line's amount between − and +, which post a step, and its bin, which posts 0: one plain form to /basket's
 * action, so it works before hydration and without JavaScript. Once the page is alive its buttons change the
 * basket at once instead (ADR 043). `children` (the line's price) stands between the amount and the bin.
 */
function StepForm({
  pointId,
  product,
  step,
  isAtMost,
  amount,
  children,
}: {
  pointId: string;
  product: BasketItem['product'];
  step: number;
  isAtMost: boolean;
  amount: ReactNode;
  children: ReactNode;
}) {
  const basket = useBasket();
  const isHydrated = useHydrated();
  const labels = counterLabels(product.name);
  const changeBy = (change: QuantityChange) => (event: { preventDefault: () => void }) => {
    if (!isHydrated) return;
    event.preventDefault();
    basket.change(pointId, product, change);
  };
  return (
    <Form method="post" action={BASKET_PAGE} className="flex items-center gap-3 sm:gap-4">
      <input type="hidden" name={BASKET_FIELD.intent} value="change" />
      <input type="hidden" name={BASKET_FIELD.point} value={pointId} />
      <input type="hidden" name={BASKET_FIELD.product} value={product._id} />
      {/* biome-ignore lint/a11y/useSemanticElements: two buttons and an amount, as the counter's group is. */}
      <div
        role="group"
        aria-label={labels.field}
        className="inline-flex items-center rounded-full bg-brand-50 p-0.5"
      >
        <button
          type="submit"
          name={BASKET_FIELD.delta}
          value={String(-step)}
          aria-label={labels.decrement}
          className={STEP_BUTTON}
          onClick={changeBy({ delta: -step })}
        >
          <Icon name="minus" className="size-4" />
        </button>
        {amount}
        <button
          type="submit"
          name={BASKET_FIELD.delta}
          value={String(step)}
          aria-label={labels.increment}
          disabled={isAtMost}
          className={STEP_BUTTON}
          onClick={changeBy({ delta: step })}
        >
          <Icon name="plus" className="size-4" />
        </button>
      </div>
      {children}
      <button
        type="submit"
        name={BASKET_FIELD.quantity}
        value="0"
        aria-label={`Удалить из корзины: ${product.name}`}
        className={REMOVE_LINE_BUTTON}
        onClick={changeBy({ quantity: 0 })}
      >
        <Icon name="trash-2" className="size-4" />
      </button>
    </Form>
  );
}
