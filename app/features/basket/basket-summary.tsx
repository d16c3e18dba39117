import type { Basket, BasketItem } from '@core/contracts/basket';
import type { Store } from '@core/contracts/catalog';
import {
  deliveryTermsOf,
  missingForMinimum,
  orderTotals,
  sumTotals,
  type OrderTotals as Totals,
} from '@core/rules/order-totals';
import type { Fulfilment } from '@core/rules/orders';
import { useId } from 'react';
import { buttonStyles, LinkButton } from '~/components/ui/button';
import { useDelivery } from '~/features/delivery/delivery-context';
import { OrderTotals } from '~/features/orders/order-totals';

/** No shop known (its terms did not load): no fee is guessed. */
const NO_TERMS = { fee: 0, freeFrom: null };

/**
 * What a basket group costs by the one totals rule: only what the point can sell counts (a line above the
 * stock counts what is left), with the shop's delivery terms for the way it is fulfilled.
 */
export function groupTotals(
  items: readonly BasketItem[],
  store: Store | undefined,
  fulfilment: Fulfilment,
): Totals {
  return orderTotals(
    items.map((item) => ({
      price: item.product.price,
      discount: item.product.discount,
      quantity: Math.min(item.quantity, Math.max(0, item.product.count)),
    })),
    store ? deliveryTermsOf(store) : NO_TERMS,
    fulfilment,
  );
}

/**
 * The basket's 'Товары · Скидка · Доставка · Итого' over all groups (one order each, placed together), for
 * the header's delivery/pickup choice, and the one 'Оформить заказ' for them all: disabled while any shop's
 * minimum order is not reached (each group says how much is missing).
 */
export function BasketSummary({
  basket,
  storeOf,
}: {
  basket: Basket;
  storeOf: (items: readonly BasketItem[]) => Store | undefined;
}) {
  const { mode } = useDelivery();
  const id = useId();
  const groups = Object.values(basket);
  const totals = sumTotals(groups.map((items) => groupTotals(items, storeOf(items), mode)));
  const below = groups.filter((items) => {
    const store = storeOf(items);
    return store ? missingForMinimum(groupTotals(items, store, mode).goods, store.min_order) > 0 : false;
  });
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-4 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-extrabold tracking-tight">
        Итого
      </h2>
      <OrderTotals totals={totals} />
      {below.length > 0 ? (
        <p id={`${id}-minimum`} className="mt-3 text-sm font-medium text-amber-800">
          Не набрана минимальная сумма заказа:{' '}
          {below.map((items) => `«${storeOf(items)?.name ?? ''}»`).join(', ')}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        {below.length > 0 ? (
          <button
            type="button"
            disabled
            aria-describedby={`${id}-minimum`}
            className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto' })}
          >
            Оформить заказ
          </button>
        ) : (
          <LinkButton to="/order" size="lg" className="w-full sm:w-auto">
            Оформить заказ
          </LinkButton>
        )}
      </div>
    </section>
  );
}
