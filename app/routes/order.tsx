import { GUEST_REDIRECTS } from '@core/rules/guards';
import { splitByMinimum } from '@core/rules/order-totals';
import { PROMO_CODE_MAX_LENGTH } from '@core/rules/promo';
import { replace } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { placeOrdersFromForm } from '~/features/orders/checkout.server';
import {
  CheckoutForm,
  type CheckoutGroup,
  checkoutGroupGoods,
  type WaitingGroup,
} from '~/features/orders/checkout-form';
import { requireUser } from '~/lib/auth.server';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/order';

/**
 * /order — the checkout of every basket group that reaches its shop's minimum order, all at once; a group
 * below it waits in the basket and the page says how much it misses (issue 21). A guest is sent to /basket
 * with the warning 'Необходимо авторизоваться' (SPEC §6); a basket with nothing to order leaves nothing to
 * check out.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, GUEST_REDIRECTS.order);
  const { basket, catalog, geo, orders, payments } = context.services;
  const lines = await basket.getBasket(user._id);
  const pointIds = Object.keys(lines);
  if (pointIds.length === 0) throw replace('/basket');
  // Online payment is offered only when YooKassa is configured (issue 25).
  const online = payments.isOnlineEnabled();
  const [points, stores, addresses, slots, savedCards] = await Promise.all([
    catalog.listPoints(pointIds),
    catalog.listStores(),
    geo.listAddresses(user._id),
    Promise.all(pointIds.map((id) => orders.listSlots(id))),
    online ? payments.listSavedCards(user._id) : [],
  ]);
  const groups: CheckoutGroup[] = points.flatMap((point) => {
    const store = stores.find((item) => item._id === point.store._id);
    const items = lines[point._id] ?? [];
    const index = pointIds.indexOf(point._id);
    return store && items.length > 0 ? [{ point, store, items, slots: slots[index] ?? [] }] : [];
  });
  const { ready, waiting } = splitByMinimum(groups, (group) => ({
    goods: checkoutGroupGoods(group),
    minOrder: group.store.min_order,
  }));
  if (ready.length === 0) throw replace('/basket');
  // Points and a promo code (issue 25): the balance and each shop's share; a code is checked when the page's
  // 'Применить' asks (?promo=…, nothing taken), and decided again when the orders are placed.
  const goods = ready.map((group) => ({ storeId: group.store._id, goods: checkoutGroupGoods(group) }));
  const asked = new URL(request.url).searchParams.get('promo')?.slice(0, PROMO_CODE_MAX_LENGTH).trim();
  const [bonus, promo] = await Promise.all([
    payments.checkoutBonus(
      user._id,
      goods.map((group) => group.storeId),
    ),
    asked ? payments.previewPromoCode(user._id, goods, asked) : null,
  ]);
  return {
    bonus,
    promo,
    groups: ready,
    waiting: waiting.map(
      ({ group, missing }): WaitingGroup => ({ point: group.point, store: group.store, missing }),
    ),
    addresses,
    phone: user.phone,
    online,
    savedCards,
    // One key per page view: a double submit, or a retry after a lost answer, places the orders once.
    idempotencyKey: crypto.randomUUID(),
  };
}

/** 'Оформить заказ': all groups in one post, checked with the API's contract, placed by the orders service. */
export async function action({ context, request }: Route.ActionArgs) {
  return placeOrdersFromForm(context, request);
}

export const meta: Route.MetaFunction = () => [
  ...seoMeta(null, { title: 'Оформление заказа', description: 'Оформление заказа во Фреш.' }),
  { name: 'robots', content: 'noindex' },
];

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-[1360px] flex-col gap-5 px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Корзина', href: '/basket' }, { label: 'Оформление заказа' }]} />
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Оформление заказа</h1>
      <CheckoutForm
        groups={loaderData.groups}
        waiting={loaderData.waiting}
        addresses={loaderData.addresses}
        phone={loaderData.phone}
        idempotencyKey={loaderData.idempotencyKey}
        online={loaderData.online}
        savedCards={loaderData.savedCards}
        bonus={loaderData.bonus}
        failure={actionData?.ok === false ? actionData : undefined}
      />
    </div>
  );
}
