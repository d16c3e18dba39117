import type { Order } from '@core/contracts/orders';
import { formatDayMonth } from '@core/rules/date';
import { ORDER_STATUS_LABELS } from '@core/rules/orders';
import { formatRoubles } from '@core/rules/price';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';

/** The cabinet's 'orders' tab: newest first, with status and total. */
export function OrdersList({
  orders,
}: {
  orders: readonly Pick<
    Order,
    'slug' | 'number' | 'status' | 'store' | 'total' | 'created_at' | 'fulfilment'
  >[];
}) {
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-14 text-center shadow-card">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name="package" className="size-8" />
        </span>
        <h2 className="text-xl font-bold">Заказов пока нет</h2>
        <p className="max-w-md text-[15px] text-muted">
          Соберите корзину в каталоге — оформленные заказы появятся здесь.
        </p>
        <Link to="/catalog" className="font-semibold text-brand-700 hover:underline">
          Перейти в каталог
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="orders-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <h2 id="orders-title" className="text-xl font-bold">
        Мои заказы
      </h2>
      <ul className="mt-3 flex flex-col divide-y divide-line">
        {orders.map((order) => (
          <li key={order.slug} className="relative flex flex-wrap items-center justify-between gap-3 py-4">
            <div>
              <Link
                to={`/order/${order.slug}`}
                className="text-[15px] font-semibold after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
              >
                Заказ №{order.number}
              </Link>
              <p className="text-sm text-muted">
                {order.store.name} · {formatDayMonth(order.created_at)} ·{' '}
                {order.fulfilment === 'delivery' ? 'доставка' : 'самовывоз'}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span
                className={cx(
                  'rounded-full px-3 py-1 text-sm font-semibold',
                  order.status === 'cancelled' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-800',
                )}
              >
                {ORDER_STATUS_LABELS[order.status]}
              </span>
              <span className="font-bold">{formatRoubles(order.total)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
