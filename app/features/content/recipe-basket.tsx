/**
 * A recipe into the basket (issue 27): the servings to cook for (a GET form: it works without JavaScript and
 * the address keeps it), what the chosen servings cost in the shopper's area, and 'Добавить в корзину'. A
 * signed-in customer's press posts the page's action (the server adds the lines and redirects back saying what
 * it could not);
 * a guest's basket lives in the browser, so with JavaScript the same lines go there, and without it the post
 * leads to the login page, as every basket control's does (ADR 043).
 */
import type { Recipe } from '@core/contracts/content';
import { formatRoubles } from '@core/rules/price';
import type { RecipeForServings } from '@core/rules/recipe';
import { RECIPE_MAX_SERVINGS, RECIPE_MIN_SERVINGS } from '@core/rules/recipe-servings';
import { type FormEvent, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { useBasket } from '~/features/basket/basket-context';
import { locationHref } from '~/features/delivery/delivery-context';
import { useRootData } from '~/lib/root-data';

export const RECIPE_INTENT = 'recipe-to-basket';
/** The page has one 'Порций' field. */
const SERVINGS_ID = 'recipe-servings';

/**
 * 'Порций' and 'Пересчитать': a GET form, so the servings are in the address and the page is worked out on the
 * server, with or without JavaScript.
 */
export function ServingsForm({ servings }: { servings: number }) {
  return (
    <Form method="get" preventScrollReset replace className="flex flex-wrap items-end gap-2">
      <label htmlFor={SERVINGS_ID} className="flex flex-col gap-1 text-sm font-semibold">
        Порций
        <input
          id={SERVINGS_ID}
          type="number"
          name="servings"
          inputMode="numeric"
          min={RECIPE_MIN_SERVINGS}
          max={RECIPE_MAX_SERVINGS}
          required
          defaultValue={servings}
          className="h-11 w-20 rounded-xl border border-line bg-white px-3 text-[15px]"
        />
      </label>
      <button type="submit" className={buttonStyles({ variant: 'secondary', size: 'md' })}>
        Пересчитать
      </button>
    </Form>
  );
}

/** The total for the chosen servings and 'Добавить в корзину', with what the last press did. */
export function RecipeBasketPanel({
  recipe,
  servings,
  view,
  isCityOnly,
  message,
}: {
  recipe: Recipe;
  servings: number;
  view: RecipeForServings;
  /** No address or pickup point chosen yet: the page asks for one. */
  isCityOnly: boolean;
  /** What the last press did (the address it redirected to), or why it was refused. */
  message: string | null;
}) {
  const isGuest = !useRootData()?.user;
  const basket = useBasket();
  const navigation = useNavigation();
  const [guestMessage, setGuestMessage] = useState<string | null>(null);
  const isAdding = navigation.state === 'submitting' && navigation.formData?.get('intent') === RECIPE_INTENT;
  const here = `/recipes/${recipe.slug}?servings=${servings}`;

  // A guest's basket is on this device: the lines go there under the basket's caps, as the server's basket
  // service applies them to a customer's (recipe-guest-basket.ts, loaded on the press).
  const addForGuest = (event: FormEvent<HTMLFormElement>) => {
    if (!isGuest || !basket.isReady) return;
    event.preventDefault();
    void import('./recipe-guest-basket').then(({ addRecipeForGuest }) =>
      setGuestMessage(addRecipeForGuest(basket, recipe, servings)),
    );
  };

  return (
    <div id="recipe-basket" className="mt-5 flex flex-col gap-3 rounded-2xl bg-brand-50 p-4">
      {isCityOnly ? (
        <p className="text-[15px]">
          Цены и наличие — по вашему городу.{' '}
          <a href={locationHref(here)} className="font-semibold text-brand-800 underline">
            Укажите адрес или пункт самовывоза
          </a>
          , чтобы узнать, что из рецепта можно привезти.
        </p>
      ) : null}
      <p className="ing-head">
        <span>Итого за продукты</span>
        <span className="text-xl font-extrabold" data-testid="recipe-total">
          {formatRoubles(view.totalKopecks)}
        </span>
      </p>
      <Form method="post" preventScrollReset onSubmit={addForGuest}>
        <input type="hidden" name="intent" value={RECIPE_INTENT} />
        <input type="hidden" name="servings" value={servings} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          disabled={!view.hasLines || isAdding}
          className={buttonStyles({ variant: 'primary', size: 'lg', className: 'w-full' })}
        >
          {isAdding ? 'Добавляем…' : 'Добавить в корзину'}
        </button>
      </Form>
      <p role="status" className="min-h-5 text-sm" data-testid="recipe-basket-result">
        {guestMessage ?? message}
      </p>
    </div>
  );
}
