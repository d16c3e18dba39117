import { CONFIRMED, fieldName } from '@core/contracts/form-fields';
import { isOrderNumber, type OrderPageForm } from '@core/contracts/orders';
import { formatDayMonthTime } from '@core/rules/date';
import { GUEST_REDIRECTS } from '@core/rules/guards';
import {
  FINISHED_ORDER_STATUSES,
  formatPickupWindow,
  formatSlot,
  isOnlinePayment,
  ORDER_STATUS_LABELS,
  pickupWindow,
  statusPath,
} from '@core/rules/orders';
import { formatPhone } from '@core/rules/phone';
import { formatSchedule } from '@core/rules/schedule';
import { data, Form, Link, useNavigation, useRevalidator, useSubmit } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { buttonStyles } from '~/components/ui/button';
import { useConfirmOnFirstUse } from '~/components/ui/confirm-on-first-use';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon } from '~/components/ui/icon';
import { runOrderIntent } from '~/features/orders/order-actions.server';
import { hasSubstitutions, OrderComparison, OrderHistory, OrderLines } from '~/features/orders/order-lines';
import { OrderTotals } from '~/features/orders/order-totals';
import { OrderPaymentState } from '~/features/payments/order-payment-state';
import { useRealtimeEvent } from '~/features/realtime/use-realtime';
import { ReviewPrompt } from '~/features/reviews/review-prompt';
import { requireUser } from '~/lib/auth.server';
import { cx } from '~/lib/cx';
import { orNotFound } from '~/lib/loader-errors.server';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/order-detail';

/**
 * SPEC §6: a guest is sent to /basket with the warning before the number is even read. A pickup order still
 * to be collected comes with when it can be (issue 21): from its point's opening hours.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireUser(context, GUEST_REDIRECTS.order);
  if (!isOrderNumber(params.slug)) throw data(null, { status: 404 });
  const order = await orNotFound(context.services.orders.getOrder(user._id, Number(params.slug)));
  const isToCollect = order.fulfilment === 'pickup' && !FINISHED_ORDER_STATUSES.includes(order.status);
  const [point] = isToCollect ? await context.services.catalog.listPoints([order.point._id]) : [];
  const window = point ? pickupWindow(point.schedule, new Date(order.created_at)) : null;
  // A done order asks 'Оцените магазин' until the shop is reviewed or the question dismissed (issue 24).
  const asksReview =
    order.status === 'done' && (await context.services.reviews.shouldAskForReview(user._id, order.store._id));
  // Paid online (issue 25): the payment's state, read again from YooKassa while it is pending.
  const payment = isOnlinePayment(order.payment)
    ? await context.services.payments.getOrderPayment(user._id, order._id)
    : null;
  return {
    order,
    asksReview,
    payment,
    pickup: point
      ? {
          window: window ? { start: window.start.toISOString(), end: window.end.toISOString() } : null,
          hours: formatSchedule(point.schedule),
        }
      : null,
    now: Date.now(),
  };
}

/**
 * 'Отменить заказ' (confirmed), 'Повторить заказ', and 'Принять замену' / 'Отказаться' for a replacement offered
 * at assembly (ADR 055): plain forms, so they work without JavaScript.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  return runOrderIntent(context, params, request);
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...seoMeta(null, {
    title: loaded ? `Заказ №${loaded.order.number}` : 'Заказ',
    description: 'Заказ во Фреш.',
  }),
  { name: 'robots', content: 'noindex' },
];

const CANCEL_CONSEQUENCE = 'Магазин не будет его собирать, товары вернутся в продажу. Отменить это нельзя.';

function cancelQuestion(number: number): string {
  return `Отменить заказ №${number}?`;
}

export default function OrderDetail({
  loaderData: { order, pickup, now, asksReview, payment },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const question = useConfirmOnFirstUse();
  // The shop moved this order: the page follows without a reload (ADR 033).
  const { revalidate } = useRevalidator();
  useRealtimeEvent('order.status', (event) => {
    if (event.order.number === order.number) void revalidate();
  });
  const path = statusPath(order.fulfilment);
  const reached = new Set(order.events.map((event) => event.status));
  const pendingIntent =
    navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
      ? navigation.formData?.get(fieldName<OrderPageForm>('intent'))
      : null;
  // Instant: the moment the yes is sent, the page shows the order as being cancelled.
  const isCancelling = pendingIntent === 'cancel';
  const failure = actionData?.ok === false ? actionData.message : null;
  const asksToConfirm = actionData?.ok === true && actionData.confirm === 'cancel' && order.can_cancel;

  return (
    <div className="mx-auto flex max-w-[960px] flex-col gap-5 px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <Breadcrumbs
        items={[{ label: 'Мои заказы', href: '/lk?active=orders' }, { label: `Заказ №${order.number}` }]}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Заказ №{order.number}</h1>
        <p className="rounded-full bg-brand-50 px-4 py-1.5 text-[15px] font-semibold text-brand-800">
          {isCancelling ? 'Отменяем…' : ORDER_STATUS_LABELS[order.status]}
        </p>
      </div>
      <p className="text-[15px] text-muted">
        {order.store.name} · оформлен {formatDayMonthTime(order.created_at)}
      </p>
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-red-800">
          {failure}
        </p>
      ) : null}

      {payment ? <OrderPaymentState payment={payment} /> : null}

      {order.status === 'done' ? <ReviewPrompt isAsked={asksReview} store={order.store} /> : null}

      <section aria-label="Статус заказа" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
        {order.status === 'cancelled' ? (
          <p className="flex items-center gap-2 text-[15px] font-semibold text-berry">
            <Icon name="x" className="size-5" />
            Заказ отменён
          </p>
        ) : (
          <ol className="flex flex-col gap-3 sm:flex-row sm:justify-between">
            {path.map((status) => (
              <li key={status} className="flex items-center gap-2 text-[15px]">
                <span
                  className={cx(
                    'inline-flex size-7 items-center justify-center rounded-full',
                    reached.has(status) ? 'bg-brand-600 text-white' : 'bg-surface text-muted',
                  )}
                >
                  {reached.has(status) ? <Icon name="check" className="size-4" /> : null}
                </span>
                <span className={reached.has(status) ? 'font-semibold' : 'text-muted'}>
                  {ORDER_STATUS_LABELS[status]}
                  <span className="sr-only">{reached.has(status) ? ' — пройдено' : ' — впереди'}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-label="Получение" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
        {order.fulfilment === 'delivery' ? (
          <>
            <h2 className="text-lg font-bold">Доставка</h2>
            <p className="mt-1 text-[15px]">
              {order.address}
              {order.flat ? `, кв. ${order.flat}` : ''}
              {order.entrance ? `, подъезд ${order.entrance}` : ''}
              {order.floor ? `, этаж ${order.floor}` : ''}
            </p>
            {order.slot ? (
              <p className="text-[15px] text-muted">
                {formatSlot(
                  { start: new Date(order.slot.start), end: new Date(order.slot.end) },
                  new Date(now),
                )}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <h2 className="text-lg font-bold">Самовывоз</h2>
            <p className="mt-1 text-[15px]">
              {order.point.name}, {order.point.address}
            </p>
            {pickup?.window ? (
              <p className="text-[15px] font-semibold">
                Можно забрать{' '}
                {formatPickupWindow(
                  { start: new Date(pickup.window.start), end: new Date(pickup.window.end) },
                  new Date(now),
                )}
              </p>
            ) : null}
            {pickup ? <p className="text-[15px] text-muted">Часы работы: {pickup.hours}</p> : null}
            {order.point.phone ? (
              <p className="text-[15px] text-muted">
                Телефон пункта:{' '}
                <a
                  href={`tel:${order.point.phone}`}
                  className="whitespace-nowrap tabular-nums hover:text-brand-700"
                >
                  {formatPhone(order.point.phone)}
                </a>
              </p>
            ) : null}
          </>
        )}
        <p className="mt-2 text-[15px] text-muted">
          Оплата при получении: {order.payment === 'card' ? 'картой' : 'наличными'} ·{' '}
          <span className="whitespace-nowrap tabular-nums">{formatPhone(order.phone)}</span>
        </p>
      </section>

      <section aria-labelledby="items-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
        <h2 id="items-title" className="text-lg font-bold">
          Товары
        </h2>
        <OrderLines order={order} now={now} />
        <OrderTotals
          totals={{
            items: order.items_total,
            savings: order.savings,
            fee: order.delivery_fee,
            // The order's total is net of its promo code and points: shown as lines, taken off again.
            total: order.total + order.promo_discount + order.bonus_spent,
          }}
          promo={order.promo_discount}
          promoCode={order.promo_code}
          bonus={order.bonus_spent}
          isEstimate={order.is_estimate === true}
        />
      </section>

      {hasSubstitutions(order) ? <OrderComparison order={order} /> : null}

      {order.history.length > 0 ? <OrderHistory history={order.history} /> : null}

      {asksToConfirm ? (
        <section
          aria-labelledby="confirm-cancel-title"
          className="rounded-3xl border-2 border-berry bg-white p-5 shadow-card sm:p-6"
        >
          <h2 id="confirm-cancel-title" className="text-lg font-bold">
            {cancelQuestion(order.number)}
          </h2>
          <p className="mt-1 text-[15px] text-muted">{CANCEL_CONSEQUENCE}</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Form method="post">
              <HiddenFields<OrderPageForm> values={{ intent: 'cancel', confirm: CONFIRMED }} />
              <button type="submit" className={buttonStyles({ variant: 'danger' })}>
                Да, отменить заказ
              </button>
            </Form>
            <Link to={`/order/${order.slug}`} className={buttonStyles({ variant: 'outline' })}>
              Не отменять
            </Link>
          </div>
        </section>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        {order.can_cancel && !isCancelling ? (
          <Form method="post" onSubmit={question.ask}>
            <HiddenFields<OrderPageForm> values={{ intent: 'cancel' }} />
            <button
              type="submit"
              onPointerEnter={question.reach}
              onFocus={question.reach}
              disabled={pendingIntent !== null}
              className={buttonStyles({ variant: 'outline', className: 'w-full' })}
            >
              <Icon name="x" className="size-5" />
              Отменить заказ
            </button>
          </Form>
        ) : null}
        <Form method="post">
          <HiddenFields<OrderPageForm> values={{ intent: 'repeat' }} />
          <button
            type="submit"
            disabled={pendingIntent !== null}
            className={buttonStyles({ className: 'w-full' })}
          >
            <Icon name="rotate-ccw" className="size-5" />
            {pendingIntent === 'repeat' ? 'Добавляем…' : 'Повторить заказ'}
          </button>
        </Form>
      </div>
      {question.ConfirmDialog ? (
        <question.ConfirmDialog
          isOpen={question.isOpen}
          onOpenChange={question.setOpen}
          title={cancelQuestion(order.number)}
          description={CANCEL_CONSEQUENCE}
          confirmLabel="Отменить заказ"
          cancelLabel="Не отменять"
          isDestructive
          onConfirm={() =>
            void submit({ intent: 'cancel', confirm: CONFIRMED } satisfies OrderPageForm, {
              method: 'post',
            })
          }
        />
      ) : null}
    </div>
  );
}
