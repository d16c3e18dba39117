import { readRecipeOutcome, recipeForServings, recipeOutcomeSearch } from '@core/rules/recipe';
import { clampServings } from '@core/rules/recipe-servings';
import { AppError } from '@server/errors';
import { redirect } from 'react-router';
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
  const search = new URL(request.url).searchParams;
  // ?servings scales the ingredients (1–24; anything else is the recipe's own).
  const servings = clampServings(search.get('servings'), recipe.servings);
  // What the last press added, carried by the address it redirected to (the action below).
  const outcome = readRecipeOutcome(
    search,
    recipe.ingredients.map((ingredient) => ingredient.text),
  );
  // The amounts, offers and total for the servings, worked out here: the page's script only shows them.
  const view = recipeForServings(recipe, servings);
  return { recipe, servings, view, isCityOnly, outcome, origin: context.publicBaseUrl };
}

/**
 * 'Добавить в корзину' (issue 27): the ingredients the shopper's area has, in the packs the servings need, into
 * the signed-in customer's basket, then back to the page (post, redirect, get: with or without JavaScript, a
 * reload never posts again) with what was added in the address, which the loader words. A guest's basket
 * lives in the browser (the page adds there with JavaScript); a guest's post without it goes to the login
 * page (ADR 043).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!context.viewer.user && isDocumentPost(request)) return redirectToLogin(form, request);
  return runAction(async () => {
    const user = requireUser(context);
    if (formText(form, 'intent') !== RECIPE_INTENT) throw new AppError('bad_request', UNKNOWN_INTENT_MESSAGE);
    const { scope } = await shopperLocation(context);
    const result = await context.services.content.addRecipeToBasket({
      userId: user._id,
      ip: context.clientIp,
      slug: params.slug,
      servings: formText(form, 'servings'),
      scope,
    });
    const search = recipeOutcomeSearch(result.servings, result.added, result.not_added_at);
    return redirect(`/recipes/${encodeURIComponent(params.slug)}?${search}#recipe-basket`, 303);
  });
}

/** A refused press (a rate used up) says when to come back, as the API's 429 does. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

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
      view={loaderData.view}
      isCityOnly={loaderData.isCityOnly}
      // The outcome of the last press: a refusal (a rate used up) from the action, else the address's.
      message={actionData?.message ?? loaderData.outcome}
    />
  );
}
