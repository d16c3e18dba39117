import { itemPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { RecipeView } from '~/features/content/recipe-views';
import { recipeJsonLd } from '~/features/content/structured-data';
import { orNotFound } from '~/lib/loader-errors.server';
import { shopperLocation } from '~/lib/location.server';
import type { Route } from './+types/recipe';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { scope } = await shopperLocation(context);
  const recipe = await orNotFound(context.services.content.getRecipe(params.slug, scope));
  return { recipe, origin: context.publicBaseUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? itemPageMeta(
        loaderData.recipe,
        { origin: loaderData.origin, path: `/recipes/${loaderData.recipe.slug}` },
        recipeJsonLd(loaderData.recipe, loaderData.origin),
      )
    : NOT_FOUND_META;

export default function RecipePage({ loaderData }: Route.ComponentProps) {
  return <RecipeView recipe={loaderData.recipe} />;
}
