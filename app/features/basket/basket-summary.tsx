import type { Basket, BasketItem } from '@core/contracts/basket';
import type { Store } from '@core/contracts/catalog';
import {
  deliveryTermsOf,
  minimumOrderText,
  orderTotals,
  splitByMinimum,
  sumTotals,
  type OrderTotals as Totals,
} from '@core/rules/order-totals';
import type { Fulfilment } from '@core/rules/orders';
import { useId } from 'react';
import { buttonStyles, LinkButton } from '~/components/ui/button';
import { LoginButton } from '~/features/auth/login-button';
import { useOptionalUser } from '~/features/auth/user';
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
      isByWeight: item.product.by_weight !== undefined,
    })),
    store ? deliveryTermsOf(store) : NO_TERMS,
    fulfilment,
  );
}

/**
 * The basket's 'Товары · Скидка · Доставка · Итого' over the groups that go to checkout (one order each,
 * placed together), for the header's delivery/pickup choice, and the one 'Оформить заказ' for them. A shop
 * below its minimum order waits in the basket (issue 21): the summary names it with what it misses, and the
 * others can still be ordered; the button is disabled only while no group can go. A guest's button opens the
 * login popup and leads on to the checkout once signed in.
 */
export function BasketSummary({
  basket,
  storeOf,
}: {
  basket: Basket;
  storeOf: (items: readonly BasketItem[]) => Store | undefined;
}) {
  const { mode } = useDelivery();
  const isGuest = useOptionalUser() === null;
  const id = useId();
  const { ready, waiting } = splitByMinimum(Object.values(basket), (items) => {
    const store = storeOf(items);
    return { goods: groupTotals(items, store, mode).goods, minOrder: store?.min_order ?? 0 };
  });
  const totals = sumTotals(ready.map((items) => groupTotals(items, storeOf(items), mode)));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-4 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-extrabold tracking-tight">
        Итого
      </h2>
      <OrderTotals totals={totals} />
      {waiting.length > 0 ? (
        <div id={`${id}-minimum`} className="mt-3 text-sm font-medium text-amber-800">
          <p>
            {ready.length > 0
              ? 'Останутся в корзине — не набрана минимальная сумма заказа:'
              : 'Не набрана минимальная сумма заказа:'}
          </p>
          <ul>
            {waiting.map(({ group, missing }) => (
              <li key={group[0]?.product._id}>
                «{storeOf(group)?.name ?? ''}»: {minimumOrderText(missing)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-4 flex justify-end">
        {ready.length === 0 ? (
          <button
            type="button"
            disabled
            aria-describedby={`${id}-minimum`}
            className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto' })}
          >
            Оформить заказ
          </button>
        ) : isGuest ? (
          // A guest signs in first (SPEC §6), in the popup, and goes on to the checkout (issue 21).
          <LoginButton
            redirectTo="/order"
            aria-describedby={waiting.length > 0 ? `${id}-minimum` : undefined}
            className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto' })}
          >
            Оформить заказ
          </LoginButton>
        ) : (
          <LinkButton
            to="/order"
            size="lg"
            aria-describedby={waiting.length > 0 ? `${id}-minimum` : undefined}
            className="w-full sm:w-auto"
          >
            Оформить заказ
          </LinkButton>
        )}
      </div>
    </section>
  );
}
