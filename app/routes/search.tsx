import { formatCount } from '@core/rules/plural';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@core/rules/search-text';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { ProductGrid } from '~/features/catalog/product-card';
import { PRODUCTS_FORMS } from '~/features/content/words';
import { shopperLocation } from '~/lib/location.server';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/search';

const RESULTS_LIMIT = 48;

/** The results page the header search opens on Enter: /search?q=… */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const { search, catalog } = context.services;
  const { scope } = await shopperLocation(context);
  const found = await search.search(q, { scope, stores: 6, products: RESULTS_LIMIT });
  const products = await catalog.listProductsByIds(
    found.products.map((hit) => hit.id),
    scope,
  );
  return { q, stores: found.stores, products };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta(null, {
    title: data?.q ? `«${data.q}» — поиск` : 'Поиск товаров',
    description: 'Поиск товаров во Фреш: продукты от фермеров и магазинов вашего города.',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function SearchPage({ loaderData: { q, stores, products } }: Route.ComponentProps) {
  const isTooShort = q.length < SEARCH_MIN_LENGTH;
  return (
    <div className="mx-auto max-w-[1360px] px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Поиск' }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
        {q ? <>Поиск: «{q}»</> : 'Поиск товаров'}
      </h1>
      {!isTooShort && products.length > 0 ? (
        <p className="mt-2 text-[15px] text-muted">Найдено {formatCount(products.length, PRODUCTS_FORMS)}</p>
      ) : null}
      {stores.length > 0 ? (
        <section aria-label="Магазины" className="mt-5">
          <ul className="flex flex-wrap gap-2">
            {stores.map((store) => (
              <li key={store.id}>
                <Link
                  to={`/catalog/${store.id}`}
                  className="inline-flex h-10 items-center rounded-full bg-white px-4 text-sm font-semibold text-brand-700 shadow-card hover:bg-brand-50"
                >
                  Каталог: {store.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {products.length > 0 ? (
        <section aria-labelledby="search-products-title">
          <h2 id="search-products-title" className="sr-only">
            Найденные товары
          </h2>
          <ProductGrid products={products} eagerCount={4} className="mt-6" label="Найденные товары" />
        </section>
      ) : (
        <div className="mt-6 flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center shadow-card">
          <Icon name="search-x" className="size-12 text-brand-600" />
          <h2 className="mt-4 text-xl font-bold">
            {isTooShort ? `Введите не меньше ${SEARCH_MIN_LENGTH} символов` : 'Ничего не нашлось'}
          </h2>
          <p className="mt-2 max-w-sm text-[15px] text-muted">
            Проверьте написание или поищите в каталоге по категориям.
          </p>
          <Link to="/catalog" className="mt-5 font-semibold text-brand-700 hover:underline">
            Перейти в каталог
          </Link>
        </div>
      )}
    </div>
  );
}
