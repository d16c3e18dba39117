/**
 * The recipe page's action (issue 27) as the page posts it: a guest's fetch is refused 401 before the form is
 * read, a guest's document post goes to the login page and back, an unknown intent is bad input, and a
 * customer's press redirects back to the page (post, redirect, get) with what went into the basket in the
 * address, which the loader words. The service's own rules are in
 * server/modules/content/recipe-to-basket.test.ts.
 */
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

  it('answers a customer’s press with a redirect saying what went in, and an unknown intent with 400', async () => {
    const customer = await signIn(t, newPhone());
    const context = pageContext(t, customer.user);
    expect(await post(context, { intent: 'nonsense' })).toMatchObject({
      kind: 'data',
      status: 400,
      data: { message: 'Неизвестное действие' },
    });
    for (const asDocument of [false, true]) {
      const before = Object.values(await context.services.basket.getBasket(customer.user._id)).flat();
      const answer = await post(context, { intent: RECIPE_INTENT, servings: '6' }, asDocument);
      expect(answer).toMatchObject({ kind: 'redirect', status: 303 });
      const location = new URL('location' in answer ? String(answer.location) : '', 'http://fresh.test');
      expect(location.pathname).toBe(PATH);
      expect(location.hash).toBe('#recipe-basket');
      expect(location.searchParams.get('servings')).toBe('6');
      const added = Number(location.searchParams.get('added'));
      expect(added).toBeGreaterThan(0);
      const after = Object.values(await context.services.basket.getBasket(customer.user._id)).flat();
      // The first press opens the lines; the second raises them (the same lines, within their stock).
      expect(after).toHaveLength(asDocument ? before.length : added);
    }
  });
});
