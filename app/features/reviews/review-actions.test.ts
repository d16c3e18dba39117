import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as operatorReviewsAction } from '~/routes/operator-reviews';
import { action as reviewsAction } from '~/routes/resources/reviews';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { placePickupOrder, signInOperator } from '../../../tests/setup/realtime';

const nextPhone = phoneSequence('8925');

/**
 * The 'Оставить отзыв' popup and 'Оцените магазин' post to /resources/reviews, the console's review forms to
 * /operator/reviews (ADR 045): who first (401, 403), then the contract (SPEC §5's message), then the service.
 */
describe.each(TEST_DATABASE_KINDS)('review page actions on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (who: SignedInCustomer | null, form: Record<string, string>) =>
    reviewsAction(
      actionArgs(formPost('/resources/reviews', form), pageContext(t, who?.user ?? null), {
        params: {},
        pattern: '/resources/reviews',
      }),
    );

  const moderate = (who: SignedInCustomer | null, form: Record<string, string>) =>
    operatorReviewsAction(
      actionArgs(formPost('/operator/reviews?status=hidden', form), pageContext(t, who?.user ?? null), {
        params: {},
        pattern: '/operator/reviews',
      }),
    );

  async function buyer() {
    const customer = await signIn(t, nextPhone(), 'Зоя Петрова');
    const order = await placePickupOrder(t, customer);
    for (const to of ['confirmed', 'assembling', 'ready', 'done'] as const) {
      await t.app.services.orders.moveOrder(order.number, to);
    }
    return { customer, storeId: order.store._id };
  }

  it('refuses a guest with 401 before it reads the form', async () => {
    expect(outcomeOf(await post(null, { intent: 'review' }))).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
  });

  it("says SPEC §8's 'Заполните обязательные поля' without a rating or text, and saves a buyer's review", async () => {
    const { customer, storeId } = await buyer();
    for (const form of <Record<string, string>[]>[
      { intent: 'review', store: storeId, text: 'Хорошо' },
      { intent: 'review', store: storeId, rating: '5' },
    ]) {
      expect(outcomeOf(await post(customer, form))).toMatchObject({
        kind: 'data',
        status: 400,
        data: { ok: false, message: 'Заполните обязательные поля' },
      });
    }
    const saved = outcomeOf(
      await post(customer, { intent: 'review', store: storeId, rating: '5', text: 'Спасибо' }),
    );
    expect(saved).toMatchObject({ kind: 'data', status: 200, data: { ok: true, intent: 'review' } });
    const mine = await t.app.services.reviews.getOwnReview(customer.user._id, storeId);
    expect(mine.review).toMatchObject({ rating: 5, text: 'Спасибо', author: 'Зоя' });
  });

  it("dismisses 'Оцените магазин' for the shop", async () => {
    const { customer, storeId } = await buyer();
    expect(outcomeOf(await post(customer, { intent: 'dismiss', store: storeId }))).toMatchObject({
      kind: 'data',
      data: { ok: true, intent: 'dismiss' },
    });
    expect(await t.app.services.reviews.shouldAskForReview(customer.user._id, storeId)).toBe(false);
  });

  it('lets only an operator hide a review, with a reason, and goes back to the same list', async () => {
    const { customer, storeId } = await buyer();
    const saved = await t.app.services.reviews.saveReview(
      customer.user._id,
      storeId,
      { rating: 1, text: 'Плохо', type: 'store' },
      '198.51.100.7',
    );
    const id = saved.review._id;
    expect(outcomeOf(await moderate(customer, { intent: 'hide', review: id, reason: 'Спам' }))).toMatchObject(
      {
        kind: 'data',
        status: 403,
      },
    );
    const operator = await signInOperator(t, nextPhone());
    expect(outcomeOf(await moderate(operator, { intent: 'hide', review: id, reason: '' }))).toMatchObject({
      kind: 'data',
      status: 400,
      data: { message: 'Укажите причину' },
    });
    expect(outcomeOf(await moderate(operator, { intent: 'hide', review: id, reason: 'Спам' }))).toMatchObject(
      {
        kind: 'redirect',
        location: '/operator/reviews?status=hidden',
      },
    );
    const mine = await t.app.services.reviews.getOwnReview(customer.user._id, storeId);
    expect(mine.review?.hidden?.reason).toBe('Спам');
  });
});
