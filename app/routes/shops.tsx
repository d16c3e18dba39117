import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { StoreCard } from '~/features/catalog/store-card';
import { loadSeo, seoMeta } from '~/lib/seo';
import type { Route } from './+types/shops';

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
            <StoreCard store={store} />
          </li>
        ))}
      </ul>
    </div>
  );
}
