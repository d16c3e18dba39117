import type { BasketItem } from '@core/contracts/basket';
import type { Point } from '@core/contracts/catalog';
import { countLines } from '@core/rules/basket';
import { formatCount } from '@core/rules/plural';
import { ShoppingBasket } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LinkButton } from '~/components/ui/button';
import { useBasket, useBasketStore } from '~/features/basket/basket-context';
import { BasketGroup, PIECE_FORMS } from '~/features/basket/basket-group';
import { BasketSummary } from '~/features/basket/basket-summary';
import { GuestLoginNotice } from '~/features/basket/guest-login-notice';
import { api } from '~/lib/api-client';
import { loadSeo, seoMeta } from '~/lib/seo';
import type { Route } from './+types/basket';

/** Genitive after «из»: из 1 магазина, из 2 магазинов, из 21 магазина. */
const SHOP_FORMS = ['магазина', 'магазинов', 'магазинов'] as const;

/** The shops' minimum order and delivery terms; the same for every visitor (guest pages may be shared). */
export async function loader({ context }: Route.LoaderArgs) {
  const [stores, seo] = await Promise.all([
    context.services.catalog.listStores(),
    loadSeo(context.services.content, '/basket'),
  ]);
  return { stores, seo };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo, {
    title: 'Корзина',
    description: 'Товары, которые вы выбрали, сгруппированные по магазинам.',
  }),
  { name: 'robots', content: 'noindex' },
];

/** The points of the basket's groups (SPEC §7 GET /api/points/list), asked for whenever the set changes. */
function usePoints(pointIds: readonly string[]): Map<string, Point> {
  const [points, setPoints] = useState(() => new Map<string, Point>());
  const key = [...pointIds].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    api
      .get(`/api/points/list?points=${encodeURIComponent(key)}`, undefined, controller.signal)
      .then((answer) => {
        if (!Array.isArray(answer)) return;
        setPoints(new Map((answer as Point[]).map((point) => [point._id, point])));
      })
      .catch(() => {
        // Without the points the groups still show their shops; the next visit tries again.
      });
    return () => controller.abort();
  }, [key]);
  return points;
}

/** /basket in the 'back' layout: the basket grouped by point, each group its own order. */
export default function BasketPage({ loaderData: { stores } }: Route.ComponentProps) {
  const store = useBasketStore();
  const { basket, isReady } = useBasket();
  const pointIds = Object.keys(basket);
  const points = usePoints(pointIds);
  const storesById = useMemo(() => new Map(stores.map((shop) => [shop._id, shop])), [stores]);
  const storeOf = (items: readonly BasketItem[]) => storesById.get(items[0]?.product.store._id ?? '');

  // Today's prices and stock, once per visit of the page (a guest's copy is read from the device first).
  const hasRefreshed = useRef(false);
  useEffect(() => {
    if (!isReady || hasRefreshed.current) return;
    hasRefreshed.current = true;
    void store.refresh();
  }, [store, isReady]);

  const lines = countLines(basket);
  return (
    <div className="mx-auto max-w-[960px] px-4 pt-6 sm:px-6 sm:pt-8">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Корзина</h1>
      <GuestLoginNotice />
      {!isReady ? (
        <p role="status" className="mt-6 text-muted">
          Загружаем корзину…
        </p>
      ) : lines === 0 ? (
        <section
          aria-labelledby="empty-basket-title"
          className="mt-6 flex flex-col items-center rounded-3xl bg-white px-6 py-12 text-center shadow-card"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <ShoppingBasket aria-hidden="true" className="size-10" />
          </span>
          <h2 id="empty-basket-title" className="mt-5 text-2xl font-extrabold tracking-tight">
            Корзина пуста
          </h2>
          <p className="mt-2 max-w-md text-[15px] text-muted">
            Загляните в каталог: свежие продукты от фермеров и магазинов вашего города уже ждут.
          </p>
          <LinkButton to="/catalog" size="lg" className="mt-6">
            Перейти в каталог
          </LinkButton>
        </section>
      ) : (
        <>
          <p className="mt-2 text-[15px] text-muted">
            {formatCount(lines, PIECE_FORMS)} из {formatCount(pointIds.length, SHOP_FORMS)}. Каждый магазин
            собирает и доставляет свой заказ.
          </p>
          <div className="mt-6 flex flex-col gap-5">
            {Object.entries(basket).map(([pointId, items]) => (
              <BasketGroup
                key={pointId}
                pointId={pointId}
                items={items}
                point={points.get(pointId)}
                store={storeOf(items)}
              />
            ))}
            <BasketSummary basket={basket} storeOf={storeOf} />
          </div>
        </>
      )}
    </div>
  );
}
