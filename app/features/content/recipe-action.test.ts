/**
 * The recipe page's action (issue 27) as the page posts it: a guest's fetch is refused 401 before the form is
 * read, a guest's document post goes to the login page and back, an unknown intent is bad input, and a
 * customer's press answers what went into the basket. The service's own rules are in
 * server/modules/content/recipe-to-basket.test.ts.
 */
import { RecipeToBasketResultSchema } from '@core/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action } from '~/routes/recipe';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, signIn } from '../../../tests/setup/identity';
import { RECIPE_INTENT } from './recipe-basket';

const newPhone = phoneSequence('8927');
const SLUG = 'syrniki-so-smetanoy';
const PATH = `/recipes/${SLUG}`;

describe.each(TEST_DATABASE_KINDS)('the recipe page’s action on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (
    context: ReturnType<typeof pageContext>,
    form: Record<string, string>,
    asDocument = false,
  ) => {
    const request = formPost(PATH, form);
    if (asDocument) request.headers.set('accept', 'text/html');
    return action(actionArgs(request, context, { params: { slug: SLUG }, pattern: '/recipes/:slug' })).then(
      outcomeOf,
    );
  };

  it('refuses a guest 401 before it reads the form, and sends a guest’s own post to the login page', async () => {
    const guest = pageContext(t, null);
    expect(await post(guest, { intent: 'nonsense' })).toMatchObject({ kind: 'data', status: 401 });
    // The page's form names itself with its servings: the login comes back to them.
    const back = `${PATH}?servings=6`;
    expect(await post(guest, { intent: RECIPE_INTENT, servings: '6', redirectTo: back }, true)).toMatchObject(
      {
        kind: 'redirect',
        status: 303,
        location: `/login?${new URLSearchParams({ redirectTo: back })}`,
      },
    );
  });

  it('answers a customer’s press with what went into the basket, and an unknown intent with 400', async () => {
    const customer = await signIn(t, newPhone());
    const context = pageContext(t, customer.user);
    expect(await post(context, { intent: 'nonsense' })).toMatchObject({
      kind: 'data',
      status: 400,
      data: { message: 'Неизвестное действие' },
    });
    const answer = await post(context, { intent: RECIPE_INTENT, servings: '6' });
    expect(answer).toMatchObject({ kind: 'data' });
    const result = RecipeToBasketResultSchema.parse('data' in answer ? answer.data : undefined);
    expect(result.servings).toBe(6);
    const basket = await context.services.basket.getBasket(customer.user._id);
    expect(Object.values(basket).flat()).toHaveLength(result.added);
  });
});
