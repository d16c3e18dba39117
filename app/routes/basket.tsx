import type { BasketItem } from '@core/contracts/basket';
import type { Point } from '@core/contracts/catalog';
import { countLines, toBasketData } from '@core/rules/basket';
import { formatCount } from '@core/rules/plural';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { LinkButton } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { useOptionalUser } from '~/features/auth/user';
import { runBasketPageIntent } from '~/features/basket/basket-actions.server';
import { notePreview } from '~/features/basket/basket-changes';
import { useBasket } from '~/features/basket/basket-context';
import { BASKET_ACTION, BASKET_FIELD } from '~/features/basket/basket-form';
import { BasketGroup } from '~/features/basket/basket-group';
import { BasketSummary } from '~/features/basket/basket-summary';
import { guestBasket } from '~/features/basket/guest-basket';
import { GuestLoginNotice } from '~/features/basket/guest-login-notice';
import { PRODUCTS_FORMS } from '~/features/content/words';
import { failureOf } from '~/lib/action-result';
import { runAction } from '~/lib/actions.server';
import { api } from '~/lib/api-client';
import { loadSeo, seoMeta } from '~/lib/seo';
import { viewerBasket } from '~/lib/viewer-basket.server';
import type { Route } from './+types/basket';
import type { action as basketAction } from './resources/basket';

/** Genitive after «из»: из 1 магазина, из 2 магазинов, из 21 магазина. */
const SHOP_FORMS = ['магазина', 'магазинов', 'магазинов'] as const;

/**
 * The shops' minimum order and delivery terms (the same for every visitor: guest pages may be shared), and
 * for a signed-in customer the points of their basket's groups, so the page is whole without JavaScript.
 * The basket itself is the root loader's (docs/decisions/030); both read it once (`viewerBasket`).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.viewer.user;
  const [stores, seo, points] = await Promise.all([
    context.services.catalog.listStores(),
    loadSeo(context.services.content, '/basket'),
    user
      ? viewerBasket(context, user._id)
          .then((basket) => {
            const ids = Object.keys(basket);
            return ids.length > 0 ? context.services.catalog.listPoints(ids) : [];
          })
          .catch((error: unknown) => {
            context.log.error({ err: error }, 'the basket’s points failed to load');
            return [];
          })
      : [],
  ]);
  return { stores, seo, points };
}

/** The page's own forms (before and without JavaScript): a line's step or removal, 'Удалить все'. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  return runAction(() => runBasketPageIntent(context, form));
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(data?.seo, {
    title: 'Корзина',
    description: 'Товары, которые вы выбрали, сгруппированные по магазинам.',
  }),
  { name: 'robots', content: 'noindex' },
];

/**
 * The points of the basket's groups: those the loader read, and any other (a guest's basket, a group added
 * since) from GET /api/points/list, asked for whenever the set changes.
 */
function usePoints(pointIds: readonly string[], loaded: readonly Point[]): Map<string, Point> {
  const [fetched, setFetched] = useState<readonly Point[]>([]);
  const points = useMemo(
    () => new Map([...loaded, ...fetched].map((point) => [point._id, point])),
    [loaded, fetched],
  );
  const missing = pointIds.filter((id) => !points.has(id)).sort();
  const key = missing.join(',');
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    api
      .get(`/api/points/list?points=${encodeURIComponent(key)}`, undefined, controller.signal)
      .then((answer) => {
        if (Array.isArray(answer)) setFetched((known) => [...known, ...(answer as Point[])]);
      })
      .catch(() => {
        // Without the points the groups still show their shops; the next visit tries again.
      });
    return () => controller.abort();
  }, [key]);
  return points;
}

/**
 * A guest's basket with today's prices and stock, once per visit of the page: the device's copy is posted to
 * the basket's resource route (the basket service's preview, nothing stored; only a read, so no loader runs
 * again), and its clientAction takes the answer unless the basket changed meanwhile (basket-changes.ts). A
 * signed-in basket is the root loader's, read again whenever the customer comes to this page.
 */
function useTodaysGuestPrices(isGuest: boolean, isReady: boolean): void {
  const { submit } = useFetcher<typeof basketAction>();
  const isSent = useRef(false);
  useEffect(() => {
    if (!isGuest || !isReady || isSent.current) return;
    const basket = guestBasket.getSnapshot();
    if (Object.keys(basket).length === 0) return;
    isSent.current = true;
    notePreview(basket);
    void submit(
      { [BASKET_FIELD.intent]: 'preview', [BASKET_FIELD.data]: JSON.stringify(toBasketData(basket)) },
      { method: 'post', action: BASKET_ACTION, defaultShouldRevalidate: false },
    );
  }, [isGuest, isReady, submit]);
}

/** /basket in the 'back' layout: the basket grouped by point, each group its own order. */
export default function BasketPage({
  loaderData: { stores, points: loadedPoints },
  actionData,
}: Route.ComponentProps) {
  const isAuthenticated = useOptionalUser() !== null;
  const { basket, isReady, hasFailed } = useBasket();
  const pointIds = Object.keys(basket);
  const points = usePoints(pointIds, loadedPoints);
  const storesById = useMemo(() => new Map(stores.map((shop) => [shop._id, shop])), [stores]);
  const storeOf = (items: readonly BasketItem[]) => storesById.get(items[0]?.product.store._id ?? '');
  useTodaysGuestPrices(!isAuthenticated, isReady);
  const failure = failureOf(actionData);
  const removing =
    actionData && 'intent' in actionData && actionData.intent === 'confirm-remove-point'
      ? actionData.pointId
      : null;

  const lines = countLines(basket);
  return (
    <div className="mx-auto max-w-[960px] px-4 pt-6 sm:px-6 sm:pt-8">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Корзина</h1>
      <GuestLoginNotice />
      {failure ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-red-800">
          {failure.message}
        </p>
      ) : null}
      {hasFailed ? (
        <p role="alert" className="mt-6 text-[15px] font-medium text-berry">
          Не удалось загрузить корзину. Обновите страницу.
        </p>
      ) : !isReady ? (
        <>
          <p role="status" className="needs-script mt-6 text-muted">
            Загружаем корзину…
          </p>
          {/* A guest's basket lives in the browser (SPEC §4): without JavaScript it cannot be read (ADR 043). */}
          <noscript>
            <p className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-[15px] font-medium text-amber-900">
              Без JavaScript корзина гостя недоступна: она хранится в этом браузере. Войдите — и корзина
              сохранится в вашем профиле и будет работать на любой странице.
            </p>
          </noscript>
        </>
      ) : lines === 0 ? (
        <section
          aria-labelledby="empty-basket-title"
          className="mt-6 flex flex-col items-center rounded-3xl bg-white px-6 py-12 text-center shadow-card"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon name="shopping-basket" className="size-10" />
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
            {formatCount(lines, PRODUCTS_FORMS)} из {formatCount(pointIds.length, SHOP_FORMS)}. Каждый магазин
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
                isAskingToRemove={removing === pointId}
              />
            ))}
            <BasketSummary basket={basket} storeOf={storeOf} />
          </div>
        </>
      )}
    </div>
  );
}
