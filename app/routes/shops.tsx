import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { StoreCard } from '~/features/catalog/store-card';
import { shopperLocation } from '~/lib/location.server';
import { loadSeo, seoMeta } from '~/lib/seo';
import type { Route } from './+types/shops';

/** How each shop stands with the shopper's area (issue 21): what /shops says under its card. */
type Reach = 'delivers' | 'not-delivering' | 'pickup' | 'not-in-city' | null;

/**
 * The shops, and — once the shopper has an address, a pickup point or a city — which of them serve it: a
 * shop that does not deliver to the address is marked, so its page's notice is no surprise.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, content } = context.services;
  const location = await shopperLocation(context);
  const [stores, seo, serving] = await Promise.all([
    catalog.listStores(),
    loadSeo(content, '/shops'),
    location.scope ? catalog.listStoreIdsServing(location.scope) : null,
  ]);
  const mode = location.isCityOnly ? 'city' : context.area?.mode;
  const reachOf = (storeId: string): Reach => {
    if (!serving) return null;
    const isServing = serving.has(storeId);
    if (mode === 'delivery') return isServing ? 'delivers' : 'not-delivering';
    if (mode === 'pickup') return isServing ? 'pickup' : null;
    return isServing ? null : 'not-in-city';
  };
  return { stores: stores.map((store) => ({ store, reach: reachOf(store._id) })), seo };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta(data?.seo, {
    title: 'Магазины и фермы',
    description: 'Фермы, пекарни, молочные и мясные лавки вашего города во Фреш: доставка и самовывоз.',
  });

const REACH_TEXT: Record<Exclude<Reach, null>, string> = {
  delivers: 'Доставляет по вашему адресу',
  'not-delivering': 'Не доставляет по вашему адресу',
  pickup: 'Ваш пункт самовывоза',
  'not-in-city': 'Нет в вашем городе',
};

export default function ShopsPage({ loaderData: { stores } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-[1360px] px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Магазины' }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Магазины</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stores.map(({ store, reach }) => (
          <li key={store._id} className="flex flex-col gap-2">
            <StoreCard store={store} />
            {reach ? (
              <p
                className={
                  reach === 'delivers' || reach === 'pickup'
                    ? 'flex items-center gap-1.5 px-2 text-sm font-semibold text-brand-700'
                    : 'flex items-center gap-1.5 px-2 text-sm font-semibold text-amber-800'
                }
              >
                {reach === 'delivers' || reach === 'pickup' ? (
                  <Icon name="circle-check" className="size-4 shrink-0" />
                ) : (
                  <Icon name="map-pin-off" className="size-4 shrink-0" />
                )}
                {REACH_TEXT[reach]}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
