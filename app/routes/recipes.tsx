import { data } from 'react-router';
import { readPageParam } from '~/features/content/list-url.server';
import { listPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { RECIPES_LEAD, RECIPES_PATH, RECIPES_TITLE, RecipeListView } from '~/features/content/recipe-views';
import { loadSeo } from '~/lib/seo';
import type { Route } from './+types/recipes';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = readPageParam(new URL(request.url).searchParams);
  if (page === null) throw data(null, { status: 404 });
  const { content } = context.services;
  const [list, seo] = await Promise.all([content.listRecipes({ page }), loadSeo(content, RECIPES_PATH)]);
  if (page > list.total_pages) throw data(null, { status: 404 });
  return { list, seo, origin: context.publicBaseUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? listPageMeta(
        loaderData.seo,
        { title: RECIPES_TITLE, description: RECIPES_LEAD },
        { origin: loaderData.origin, path: RECIPES_PATH, page: loaderData.list.page },
      )
    : NOT_FOUND_META;

export default function Recipes({ loaderData }: Route.ComponentProps) {
  return <RecipeListView list={loaderData.list} />;
}
