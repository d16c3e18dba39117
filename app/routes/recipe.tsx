import { clampServings } from '@core/rules/recipe';
import { AppError } from '@server/errors';
import { itemPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { RECIPE_INTENT } from '~/features/content/recipe-basket';
import { RecipeView } from '~/features/content/recipe-views';
import { recipeJsonLd } from '~/features/content/structured-data';
import { formText, runAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { isDocumentPost, redirectToLogin } from '~/lib/document-post.server';
import { orNotFound } from '~/lib/loader-errors.server';
import { shopperLocation } from '~/lib/location.server';
import type { Route } from './+types/recipe';

const UNKNOWN_INTENT_MESSAGE = 'Неизвестное действие';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { scope, isCityOnly } = await shopperLocation(context);
  const recipe = await orNotFound(context.services.content.getRecipe(params.slug, scope));
  // ?servings scales the ingredients (1–24; anything else is the recipe's own).
  const servings = clampServings(new URL(request.url).searchParams.get('servings'), recipe.servings);
  return { recipe, servings, isCityOnly, origin: context.publicBaseUrl };
}

/**
 * 'Добавить в корзину' (issue 27): the ingredients the shopper's area has, in the packs the servings need, into
 * the signed-in customer's basket; the answer names what was not added. A guest's basket lives in the browser
 * (the page adds there with JavaScript); a guest's post without it goes to the login page (ADR 043).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!context.viewer.user && isDocumentPost(request)) return redirectToLogin(form, request);
  return runAction(async () => {
    const user = requireUser(context);
    if (formText(form, 'intent') !== RECIPE_INTENT) throw new AppError('bad_request', UNKNOWN_INTENT_MESSAGE);
    const { scope } = await shopperLocation(context);
    return context.services.content.addRecipeToBasket({
      userId: user._id,
      ip: context.clientIp,
      slug: params.slug,
      servings: formText(form, 'servings'),
      scope,
    });
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? itemPageMeta(
        loaderData.recipe,
        { origin: loaderData.origin, path: `/recipes/${loaderData.recipe.slug}` },
        recipeJsonLd(loaderData.recipe, loaderData.origin),
      )
    : NOT_FOUND_META;

export default function RecipePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecipeView
      recipe={loaderData.recipe}
      servings={loaderData.servings}
      isCityOnly={loaderData.isCityOnly}
      result={actionData && 'message' in actionData ? actionData : undefined}
    />
  );
}
