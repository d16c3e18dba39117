import { formatCount } from '@core/rules/plural';
import { formatRoubles } from '@core/rules/price';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { loadSeo, seoMeta } from '~/lib/seo';
import type { Route } from './+types/shops';

const POINT_FORMS = ['точка', 'точки', 'точек'] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const [stores, seo] = await Promise.all([
    context.services.catalog.listStores(),
    loadSeo(context.services.content, '/shops'),
  ]);
  return { stores, seo };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta(data?.seo, {
    title: 'Магазины и фермы',
    description: 'Фермы, пекарни, молочные и мясные лавки вашего города во Фреш: доставка и самовывоз.',
  });

export default function ShopsPage({ loaderData: { stores } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-[1360px] px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs items={[{ label: 'Магазины' }]} />
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Магазины</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stores.map((store) => (
          <li key={store._id}>
            <article className="relative flex h-full gap-4 rounded-3xl bg-white p-5 shadow-card">
              {store.logo ? (
                <img
                  src={store.logo}
                  alt=""
                  width={72}
                  height={72}
                  className="size-18 shrink-0 rounded-full"
                />
              ) : null}
              <div className="min-w-0">
                <h2 className="text-lg font-bold">
                  <Link
                    to={`/store/${store.slug}`}
                    className="after:absolute after:inset-0 after:rounded-3xl after:content-[''] hover:text-brand-700"
                  >
                    {store.name}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-muted">
                  <span className="inline-flex items-center gap-1">
                    <Star aria-hidden="true" className="size-4 fill-sun text-sun" />
                    <span className="sr-only">Рейтинг </span>
                    {store.rating.toFixed(1)}
                  </span>
                  <span>{formatCount(store.points_count, POINT_FORMS)}</span>
                  {store.min_order > 0 ? <span>заказ от {formatRoubles(store.min_order)}</span> : null}
                </p>
                <p className="mt-2 line-clamp-3 text-[15px] text-ink">{store.description}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
