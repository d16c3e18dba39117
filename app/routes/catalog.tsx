import { catalogSearchString } from '@core/rules/catalog';
import { formatCount } from '@core/rules/plural';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type BreadcrumbItem, Breadcrumbs, CATALOG_CRUMB } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { Pagination } from '~/components/ui/pagination';
import { CatalogFilters } from '~/features/catalog/catalog-filters';
import { CategoryNav } from '~/features/catalog/category-nav';
import {
  type CategoryLink,
  categoryLinks,
  packCard,
  productCards,
  storeOptions,
  unpackCard,
} from '~/features/catalog/page-data';
import { ProductGrid } from '~/features/catalog/product-card';
import { PRODUCTS_FORMS } from '~/features/content/words';
import { pointServes, StoreNotServing } from '~/features/delivery/store-not-serving';
import { parseCatalogSearchParams } from '~/lib/contracts.server';
import { orNotFound } from '~/lib/loader-errors.server';
import { shopperLocation } from '~/lib/location.server';
import { loadSeo, seoMeta } from '~/lib/seo';
import type { Route } from './+types/catalog';

/** /catalog, /catalog/{store}, /catalog/{store}/{point}, /catalog/{store}/{point}/{slug} (one module). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseCatalogSearchParams(url.searchParams);
  const { catalog, content } = context.services;
  const path = params as { store?: string; point?: string; slug?: string };
  const resolved = await orNotFound(
    catalog.resolveCatalog({ store: path.store, point: path.point, category: path.slug }, query),
  );
  const location = await shopperLocation(context);
  const { scope } = location;
  const storeId = resolved.store?._id ?? resolved.point?.store._id;
  const [page, categories, stores, seo, storePoints] = await Promise.all([
    catalog.listProducts(resolved, scope),
    // A shop's page lists only its categories with products in the area (issue 21).
    storeId
      ? catalog.listStoreCategories({ storeId, pointId: resolved.point?._id }, scope)
      : catalog.listCategories(),
    resolved.store ? undefined : catalog.listStores(),
    resolved.store ? null : loadSeo(content, '/catalog'),
    storeId ? catalog.listStorePoints(storeId) : [],
  ]);
  // A shop (or point) that cannot serve the shopper says so, with its pickup points, instead of looking empty.
  const serving = resolved.point
    ? pointServes(resolved.point, scope)
    : storePoints.some((point) => pointServes(point, scope));
  const notServing = storeId && !serving ? notServingKind(context.area?.mode, location.isCityOnly) : null;
  // Only what the page renders goes into its HTML as loader data (ADR 044): the filter's shops are options,
  // the navigation's categories those it shows, the cards tuples sharing their shops.
  return {
    ...resolved,
    page: { ...page, products: productCards(page.products).map(packCard) },
    categories: categoryLinks(categories, resolved.category?.slug),
    stores: stores ? storeOptions(stores) : undefined,
    seo,
    pathname: url.pathname,
    notServing,
    pickupPoints: notServing ? storePoints.filter((point) => point.is_pickup) : [],
  };
}

function notServingKind(mode: 'delivery' | 'pickup' | undefined, isCityOnly: boolean) {
  if (isCityOnly) return 'city' as const;
  return mode === 'pickup' ? ('pickup' as const) : ('address' as const);
}

/** Whether the shopper narrowed the list (a category, a price, discounts): then 'уберите фильтры' makes sense. */
function isFiltered(data: Route.ComponentProps['loaderData']): boolean {
  const { query } = data;
  return Boolean(data.category || query.min !== undefined || query.max !== undefined || query.discount);
}

function headingOf(data: Route.ComponentProps['loaderData']): string {
  if (data.point) return data.category ? `${data.category.name} — ${data.point.name}` : data.point.name;
  if (data.store) return data.category ? `${data.category.name} — ${data.store.name}` : data.store.name;
  return data.category ? data.category.name : 'Каталог';
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const heading = headingOf(data);
  return seoMeta(data.store ? null : data.seo, {
    title: data.store ? `${heading}: каталог` : heading,
    description: data.store
      ? `${data.store.description.slice(0, 150)} Заказ с доставкой и самовывозом во Фреш.`
      : 'Каталог свежих продуктов от фермеров и магазинов: молочное, мясо, овощи, выпечка с доставкой.',
  });
};

export default function CatalogPage({ loaderData: data }: Route.ComponentProps) {
  const { query, page, store, point, category, categories } = data;
  const products = useMemo(() => page.products.map(unpackCard), [page.products]);
  const pointBase = store && point ? `/catalog/${store.slug}/${point.slug}` : undefined;
  const baseWithoutCategory = pointBase ?? (store ? `/catalog/${store.slug}` : '/catalog');
  const filterQuery = pointBase ? { ...query, category: undefined } : query;
  const categoryHref = (item: CategoryLink) =>
    pointBase
      ? `${pointBase}/${item.slug}${catalogSearchString(filterQuery, { page: undefined })}`
      : `${baseWithoutCategory}${catalogSearchString(query, { category: item.slug, page: undefined })}`;
  const allHref = `${baseWithoutCategory}${catalogSearchString(filterQuery, { category: undefined, page: undefined })}`;
  const crumbs: BreadcrumbItem[] = [store || category ? CATALOG_CRUMB : { label: 'Каталог' }];
  if (store)
    crumbs.push(
      point || category ? { label: store.name, href: `/catalog/${store.slug}` } : { label: store.name },
    );
  if (store && point) crumbs.push(category ? { label: point.name, href: pointBase } : { label: point.name });
  if (category) crumbs.push({ label: category.name });

  return (
    <div className="mx-auto max-w-[1360px] px-4 pt-4 pb-6 sm:px-6 sm:pt-6">
      <Breadcrumbs items={crumbs} />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{headingOf(data)}</h1>
        <p className="text-[15px] text-muted">{formatCount(page.total, PRODUCTS_FORMS)}</p>
      </div>
      {point ? (
        <p className="mt-2 text-[15px] text-muted">
          {point.address} ·{' '}
          <Link to={`/store/${store?.slug}`} className="font-medium text-brand-700 hover:underline">
            О магазине
          </Link>
        </p>
      ) : null}
      {/* One copy of the categories and the filters for every width (ADR 044): chips and a drawer on phones,
          the sidebar from lg (.cat-nav and .filters in app.css). */}
      <div className="mt-4 grid gap-6 lg:mt-6 lg:grid-cols-[260px_minmax(0,1fr)] lg:gap-8">
        <aside className="flex min-w-0 flex-col gap-3 lg:gap-6">
          <CategoryNav
            categories={categories}
            activeSlug={category?.slug}
            hrefFor={categoryHref}
            allHref={allHref}
            isOwnRoute={!store}
          />
          <details className="filters">
            <summary>Сортировка и фильтры</summary>
            <CatalogFilters query={filterQuery} stores={data.stores} action={data.pathname} />
          </details>
        </aside>
        <section aria-labelledby="catalog-products-title">
          {/* The cards are h3: an h2 between them and the page's h1 keeps the outline in order. */}
          <h2 id="catalog-products-title" className="sr-only">
            Товары
          </h2>
          {data.notServing ? (
            <StoreNotServing kind={data.notServing} pickupPoints={data.pickupPoints} />
          ) : products.length > 0 ? (
            <ProductGrid
              products={products}
              eagerCount={4}
              className="lg:grid-cols-3 xl:grid-cols-4"
              idPrefix="p"
            />
          ) : !isFiltered(data) ? (
            <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center shadow-card">
              <Icon name="package-search" className="size-12 text-brand-600" />
              <h2 className="mt-4 text-xl font-bold">Сейчас здесь нет товаров в наличии</h2>
              <p className="mt-2 max-w-sm text-[15px] text-muted">
                Загляните позже или выберите другой магазин.
              </p>
              <Link to="/catalog" className="mt-5 font-semibold text-brand-700 hover:underline">
                Весь каталог
              </Link>
            </div>
          ) : (
            <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center shadow-card">
              <Icon name="package-search" className="size-12 text-brand-600" />
              <h2 className="mt-4 text-xl font-bold">Ничего не нашлось</h2>
              <p className="mt-2 max-w-sm text-[15px] text-muted">
                Попробуйте убрать часть фильтров или выбрать другую категорию.
              </p>
              <Link to={baseWithoutCategory} className="mt-5 font-semibold text-brand-700 hover:underline">
                Сбросить фильтры
              </Link>
            </div>
          )}
          <Pagination
            label="Страницы каталога"
            page={page.page}
            totalPages={page.pages}
            hrefFor={(n) => `${data.pathname}${catalogSearchString(filterQuery, { page: n })}`}
          />
        </section>
      </div>
    </div>
  );
}
