import { data } from 'react-router';
import { listPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { VACANCY_LEAD, VACANCY_PATH, VACANCY_TITLE, VacancyListView } from '~/features/content/vacancy-views';
import { VacancyListQuerySchema } from '~/lib/contracts.server';
import { loadSeo } from '~/lib/seo';
import type { Route } from './+types/vacancy';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = VacancyListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 404 });
  const city = query.data.city || undefined;
  const { content } = context.services;
  const [list, seo] = await Promise.all([content.listVacancies({ city }), loadSeo(content, VACANCY_PATH)]);
  return { list, city, seo, origin: context.publicBaseUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? listPageMeta(
        loaderData.seo,
        { title: VACANCY_TITLE, description: VACANCY_LEAD },
        { origin: loaderData.origin, path: VACANCY_PATH },
      )
    : NOT_FOUND_META;

export default function Vacancies({ loaderData }: Route.ComponentProps) {
  return <VacancyListView list={loaderData.list} city={loaderData.city} />;
}
