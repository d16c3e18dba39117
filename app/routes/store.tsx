import { PageNumberSchema } from '@core/contracts/content';
import { formatPhone } from '@core/rules/phone';
import { formatRoubles } from '@core/rules/price';
import { formatSchedule } from '@core/rules/schedule';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { LinkButton } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { Thumb } from '~/components/ui/thumb';
import { productCards } from '~/features/catalog/page-data';
import { ProductGrid } from '~/features/catalog/product-card';
import { pointServes, StoreNotServing } from '~/features/delivery/store-not-serving';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { REVIEWS_ANCHOR, REVIEWS_PAGE_PARAM } from '~/features/reviews/review-links';
import { StoreReviews } from '~/features/reviews/store-reviews';
import { orNotFound } from '~/lib/loader-errors.server';
import { shopperLocation } from '~/lib/location.server';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/store';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { catalog, reviews } = context.services;
  const store = await orNotFound(catalog.getStoreDetail(params.id));
  // The reviews' page (`?reviews=2`); a page past the end shows an empty page with the pager back.
  const reviewsPage = PageNumberSchema.catch(1).parse(
    new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM) ?? undefined,
  );
  const user = context.viewer.user;
  const [reviewList, myReview] = await Promise.all([
    reviews.listReviews(store._id, { page: reviewsPage, type: 'store' }),
    user ? reviews.getOwnReview(user._id, store._id) : null,
  ]);
  const { scope, isCityOnly } = await shopperLocation(context);
  const popular = await catalog.listShelf({ order: 'popular', limit: 10, storeId: store._id }, scope);
  // Issue 21: a shop that cannot serve the shopper says so (and how to collect instead), not an empty shelf.
  const isServing = store.points.some((point) => pointServes(point, scope));
  const notServing = isServing
    ? null
    : isCityOnly
      ? ('city' as const)
      : context.area?.mode === 'pickup'
        ? ('pickup' as const)
        : ('address' as const);
  return { store, popular: productCards(popular), notServing, reviewList, myReview };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(null, { title: data.store.name, description: data.store.description.slice(0, 200) }) : [];

export default function StorePage({
  loaderData: { store, popular, notServing, reviewList, myReview },
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-[1360px] px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Магазины', href: '/shops' }, { label: store.name }]} />
      <section className="mt-4 flex flex-col gap-6 rounded-3xl bg-white p-6 shadow-card sm:flex-row sm:items-center sm:p-8">
        <Thumb
          src={store.logo}
          size={112}
          tone="none"
          placeholder="none"
          loading="eager"
          className="size-28 rounded-full"
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{store.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-[15px] text-muted">
            <span className="inline-flex items-center gap-1">
              <Icon name="star" className="size-4 fill-sun text-sun" />
              <span className="sr-only">Рейтинг </span>
              {/* The reviews' own numbers: the catalogue's copy may be a few seconds behind (its cache). */}
              <a href={`#${REVIEWS_ANCHOR}`} className="hover:text-brand-700">
                {reviewList.summary.rating.toFixed(1)} · {reviewList.summary.count} отз.
              </a>
            </span>
            {store.min_order > 0 ? <span>Минимальный заказ {formatRoubles(store.min_order)}</span> : null}
            <span>
              Доставка {store.delivery_fee > 0 ? formatRoubles(store.delivery_fee) : 'бесплатно'}
              {store.free_delivery_from !== null
                ? `, бесплатно от ${formatRoubles(store.free_delivery_from)}`
                : ''}
            </span>
          </p>
          <p className="mt-3 max-w-3xl text-[15px] leading-relaxed">{store.description}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <LinkButton to={`/catalog/${store.slug}`} size="lg">
            <Icon name="store" className="size-5" />
            Каталог магазина
          </LinkButton>
          <FavouriteButton type="store" id={store._id} name={store.name} variant="labelled" />
        </div>
      </section>

      {notServing ? (
        <StoreNotServing
          kind={notServing}
          pickupPoints={store.points.filter((point) => point.is_pickup)}
          className="mt-6"
        />
      ) : null}

      <section aria-labelledby="points-title" className="mt-10">
        <h2 id="points-title" className="text-2xl font-extrabold tracking-tight">
          Точки продаж и самовывоза
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {store.points.map((point) => (
            <li key={point._id} className="rounded-3xl bg-white p-5 shadow-card">
              <h3 className="text-lg font-bold">
                <Link to={`/catalog/${store.slug}/${point.slug}`} className="hover:text-brand-700">
                  {point.name}
                </Link>
              </h3>
              <p className="mt-2 flex items-start gap-2 text-[15px]">
                <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                {point.address}
              </p>
              <p className="mt-1.5 flex items-start gap-2 text-[15px] text-muted">
                <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                {formatSchedule(point.schedule)}
              </p>
              {point.phone ? (
                <p className="mt-1.5 flex items-center gap-2 text-[15px]">
                  <Icon name="phone" className="size-4 shrink-0 text-brand-600" />
                  <a
                    href={`tel:${point.phone}`}
                    className="whitespace-nowrap tabular-nums hover:text-brand-700"
                  >
                    {formatPhone(point.phone)}
                  </a>
                </p>
              ) : null}
              <p className="mt-3 text-sm font-medium text-brand-700">
                {point.is_pickup ? 'Есть самовывоз' : 'Только доставка'}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <StoreReviews
        store={store}
        list={reviewList}
        mine={myReview}
        pageHref={(page) =>
          page > 1 ? `?${REVIEWS_PAGE_PARAM}=${page}#${REVIEWS_ANCHOR}` : `#${REVIEWS_ANCHOR}`
        }
      />

      {popular.length > 0 ? (
        <section aria-labelledby="popular-title" className="mt-12">
          <h2 id="popular-title" className="text-2xl font-extrabold tracking-tight">
            Популярное в магазине
          </h2>
          <ProductGrid products={popular} className="mt-5" />
        </section>
      ) : null}
    </div>
  );
}
