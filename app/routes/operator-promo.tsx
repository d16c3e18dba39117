import { formatDate } from '@core/rules/date';
import { formatRoubles } from '@core/rules/price';
import { promoValueText } from '@core/rules/promo';
import { requireOperatorPage } from '~/features/operator/operator.server';
import type { Route } from './+types/operator-promo';

/**
 * /operator/promo (issue 25): the promo codes, newest first — created with `npm run promo:create`. An
 * operator of some shops sees their shops' codes and the marketplace-wide ones; the support team sees all.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const { catalog, payments, support } = context.services;
  const [storeIds, codes, stores] = await Promise.all([
    support.storesOf(user._id),
    payments.listPromoCodes(),
    catalog.listStores(),
  ]);
  const names = new Map(stores.map((store) => [store._id, store.name]));
  return {
    codes: codes
      .filter((code) => code.store === null || storeIds === null || storeIds.includes(code.store))
      .map((code) => ({ ...code, storeName: code.store ? (names.get(code.store) ?? 'Магазин') : null })),
  };
}

const dateText = (iso: string | null) => (iso ? formatDate(iso) : '—');

export default function OperatorPromo({ loaderData: { codes } }: Route.ComponentProps) {
  return (
    <section aria-labelledby="promo-title" className="flex flex-col gap-3">
      <h2 id="promo-title" className="text-xl font-bold">
        Промокоды
      </h2>
      <p className="text-sm text-muted">
        Новый промокод создаётся командой <code>npm run promo:create</code>.
      </p>
      {codes.length === 0 ? (
        <p>Промокодов пока нет.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-card">
          <table className="w-full text-left text-sm tabular-nums">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-3">
                  Код
                </th>
                <th scope="col" className="p-3">
                  Скидка
                </th>
                <th scope="col" className="p-3">
                  Магазин
                </th>
                <th scope="col" className="p-3">
                  Заказ от
                </th>
                <th scope="col" className="p-3">
                  Действует
                </th>
                <th scope="col" className="p-3">
                  Использован
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code._id} className="border-b border-line last:border-0">
                  <th scope="row" className="p-3 font-semibold">
                    {code.code}
                  </th>
                  <td className="p-3">{promoValueText(code)}</td>
                  <td className="p-3">{code.storeName ?? 'Все магазины'}</td>
                  <td className="p-3">{code.min_order > 0 ? formatRoubles(code.min_order) : '—'}</td>
                  <td className="p-3">
                    {dateText(code.starts_at)} — {dateText(code.ends_at)}
                  </td>
                  <td className="p-3">
                    {code.used}
                    {code.max_uses !== null ? ` из ${code.max_uses}` : ''}
                    {code.max_uses_per_customer !== null
                      ? ` · ${code.max_uses_per_customer} на покупателя`
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
