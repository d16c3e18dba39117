import type { BasketProduct } from '@core/contracts/basket';
import type { ProductCard } from '@core/contracts/catalog';
import { formatWeightAmount, PIECE_UNIT, type SaleUnit, saleUnitOf } from '@core/rules/sold-by-weight';
import { type MouseEvent, type RefObject, useCallback, useRef } from 'react';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { labelProps } from '~/components/ui/shared-labels';
import { type ToastApi, useToast } from '~/components/ui/toast';
import { cx } from '~/lib/cx';
import { BasketForm, useBasket, useBasketQuantity } from './basket-context';
import {
  BASKET_FIELD,
  BASKET_STEP_FORM_ID,
  lineStepForm,
  stepFieldValue,
  unitFieldValue,
} from './basket-form';

/** Where the control buys: a point, its stock and its price (kopecks) — a card's `offer`. */
export type BasketOffer = NonNullable<ProductCard['offer']>;

export type AddToBasketProps = {
  product: Pick<ProductCard, '_id' | 'slug' | 'name' | 'img' | 'discount' | 'weight' | 'store' | 'by_weight'>;
  /** null: no point in the shopper's area has it. */
  offer: BasketOffer | null;
  className?: string;
  size?: 'md' | 'lg';
  /**
   * A grid's card: text only, and no classes (the card styles its controls by their place, app.css
   * `.card > button`, `.card > [role="group"]`: grids render dozens of these, ADR 044); its 'В корзину' and
   * its counter's − and + are buttons of the page's one basket form (BasketStepForm), not a form of their own.
   */
  compact?: boolean;
  /** The id of the element with the product's name (a grid's card): the controls' names refer to it. */
  nameId?: string;
};

/** Short: it confirms a click the button's change already shows. */
export const ADDED_TOAST_DURATION_MS = 3_000;
const ADDED_TOAST_ID = 'basket-added';

/**
 * Feedback for adding a product: one short toast (a polite status for screen readers) that names it and
 * leads to the basket. Adding another replaces it rather than stacking a queue of them.
 */
function announceAdded(toast: ToastApi, name: string): void {
  toast.close(ADDED_TOAST_ID);
  toast.show({
    id: ADDED_TOAST_ID,
    type: 'success',
    title: 'Добавлено в корзину',
    content: name,
    link: { href: '/basket', label: 'Перейти в корзину' },
    duration: ADDED_TOAST_DURATION_MS,
  });
}

/** The + of a line at its point's stock: it stays in the tab order and says why it does nothing. */
const AT_STOCK_TITLE = 'Больше нет в наличии';

/**
 * The hidden fields of a line's change: which product, at which point. No `intent`: a form without one is a
 * line's change (a grid repeats these fields dozens of times, ADR 044).
 */
function LineFields({ pointId, productId, unit }: { pointId: string; productId: string; unit: SaleUnit }) {
  return (
    <>
      <input type="hidden" name={BASKET_FIELD.point} value={pointId} />
      <input type="hidden" name={BASKET_FIELD.product} value={productId} />
      {unit === PIECE_UNIT ? null : (
        <input type="hidden" name={BASKET_FIELD.unit} value={unitFieldValue(unit)} />
      )}
    </>
  );
}

/**
 * The button and the counter swap as a line appears or goes: the control that replaces the clicked one takes
 * the focus as it enters the page (the clicked one left the page with it), unless the customer has moved it
 * elsewhere meanwhile. A ref callback: it runs as the control is attached, with no effect on the quantity.
 */
function takeSwapFocus(
  focusAfter: RefObject<'add' | 'plus' | null>,
  control: 'add' | 'plus',
  button: HTMLButtonElement | null,
): void {
  if (!button || focusAfter.current !== control) return;
  focusAfter.current = null;
  if (document.activeElement === null || document.activeElement === document.body) button.focus();
}

/**
 * The add-to-basket control of product cards and the product page: 'В корзину', then − quantity + up to the
 * point's stock; − at 1 removes the line and brings the button back. A form whose buttons post a step
 * (docs/decisions/043): it works before hydration and without JavaScript, and with it a fetcher posts it and
 * the count changes at once. Native buttons (grids render dozens); the same for a guest and a signed-in
 * customer (basket-context.tsx).
 */
export function AddToBasket({
  product,
  offer,
  className,
  size = 'md',
  compact = false,
  nameId,
}: AddToBasketProps) {
  const toast = useToast();
  const { submitFields } = useBasket();
  const quantity = useBasketQuantity(offer?.point, product._id);
  /** Where focus goes when the clicked control is replaced by the other one. */
  const focusAfter = useRef<'add' | 'plus' | null>(null);
  const hasLine = quantity > 0;
  const addRef = useCallback(
    (button: HTMLButtonElement | null) => takeSwapFocus(focusAfter, 'add', button),
    [],
  );
  const plusRef = useCallback(
    (button: HTMLButtonElement | null) => takeSwapFocus(focusAfter, 'plus', button),
    [],
  );

  const terms = product.by_weight;
  const unit = saleUnitOf(terms);
  if (!offer || offer.count < unit.min) {
    return (
      <p
        className={cx(
          'rounded-xl bg-surface px-3 py-2 text-center text-sm font-medium text-muted',
          size === 'lg' && 'py-3 text-base',
          className,
        )}
      >
        Нет в наличии
      </p>
    );
  }

  const line: BasketProduct = { ...product, price: offer.price, count: offer.count };
  // Pieces go one at a time; goods sold by weight by their step (ADR 054), from their minimum.
  const isAtStock = quantity + unit.step > Math.min(offer.count, unit.max);
  const amountText = terms ? formatWeightAmount(quantity, terms) : `${quantity} шт.`;
  const formClass = cx('w-full', className);

  const onAdd = () => {
    focusAfter.current = 'plus';
    announceAdded(toast, product.name);
  };

  /**
   * A grid card's control: buttons of the page's one basket form, each naming its step in its value (what the
   * browser posts before hydration or without JavaScript); with JavaScript a click posts the line's usual
   * fields. No form, no hidden fields, no classes, no icons of their own: the card styles them by their place
   * (app.css `.card > button`, `.card > [role="group"]`; a grid writes dozens of these, ADR 044).
   */
  function compactControl(pointId: string) {
    const stepButton = (delta: number) => ({
      form: BASKET_STEP_FORM_ID,
      name: BASKET_FIELD.step,
      value: stepFieldValue(pointId, product._id, delta),
    });
    const postStep = (event: MouseEvent, delta: number) => {
      event.preventDefault();
      submitFields(lineStepForm(pointId, product._id, unit, delta), line);
    };
    if (!hasLine) {
      return (
        <button
          ref={addRef}
          {...stepButton(unit.min)}
          {...labelProps('buy', product.name, nameId)}
          onClick={(event) => {
            onAdd();
            postStep(event, unit.min);
          }}
        >
          В корзину
        </button>
      );
    }
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a number is not a form fieldset.
      <div role="group" {...labelProps('inBasket', product.name, nameId)}>
        <button
          {...stepButton(-unit.step)}
          {...labelProps('less', product.name, nameId)}
          onClick={(event) => {
            if (quantity - unit.step < unit.min) focusAfter.current = 'add';
            postStep(event, -unit.step);
          }}
        />
        <span aria-live="polite">{amountText}</span>
        <button
          ref={plusRef}
          {...stepButton(unit.step)}
          {...labelProps('more', product.name, nameId)}
          aria-disabled={isAtStock || undefined}
          title={isAtStock ? AT_STOCK_TITLE : undefined}
          onClick={(event) => {
            // At the stock: nothing to post (aria-disabled keeps the button in the tab order).
            if (isAtStock) event.preventDefault();
            else postStep(event, unit.step);
          }}
        />
      </div>
    );
  }

  if (compact) return compactControl(offer.point);

  if (!hasLine) {
    return (
      <BasketForm product={line} className={formClass}>
        <LineFields pointId={offer.point} productId={product._id} unit={unit} />
        <button
          ref={addRef}
          type="submit"
          name={BASKET_FIELD.delta}
          value={String(unit.min)}
          {...labelProps('buy', product.name, nameId)}
          className={buttonStyles({ size: size === 'lg' ? 'lg' : 'md', className: 'w-full' })}
          onClick={onAdd}
        >
          <Icon name="shopping-basket" className="size-5" />В корзину
        </button>
      </BasketForm>
    );
  }

  return (
    <BasketForm product={line} className={formClass}>
      <LineFields pointId={offer.point} productId={product._id} unit={unit} />
      {/* biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a number is not a form fieldset. */}
      <div
        role="group"
        {...labelProps('inBasket', product.name, nameId)}
        className={size === 'lg' ? 'step-group h-13' : 'step-group'}
      >
        <button
          type="submit"
          name={BASKET_FIELD.delta}
          value={String(-unit.step)}
          {...labelProps('less', product.name, nameId)}
          className="step-btn"
          onClick={() => {
            if (quantity - unit.step < unit.min) focusAfter.current = 'add';
          }}
        >
          <Icon name="minus" className="size-5" />
        </button>
        <span aria-live="polite" className="step-amount">
          {amountText}
        </span>
        <button
          ref={plusRef}
          type="submit"
          name={BASKET_FIELD.delta}
          value={String(unit.step)}
          {...labelProps('more', product.name, nameId)}
          aria-disabled={isAtStock || undefined}
          title={isAtStock ? AT_STOCK_TITLE : undefined}
          className="step-btn"
          onClick={(event) => {
            // At the stock: nothing to post (aria-disabled keeps the button in the tab order).
            if (isAtStock) event.preventDefault();
          }}
        >
          <Icon name="plus" className="size-5" />
        </button>
      </div>
    </BasketForm>
  );
}
