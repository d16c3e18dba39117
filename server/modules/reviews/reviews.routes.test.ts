/**
 * Store reviews through app.inject() on PGlite and PostgreSQL (issue 24, ADR 045): 401 before 400, a verified
 * purchase only, SPEC §5's messages, one review per customer per shop (edited, never doubled), the list newest
 * first with the author's first name, the operator's reply, hiding with a reason, the rates, the order page's
 * prompt — and the star counts and the catalogue's rating recomputed from the rows after every kind of change.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import type { Order } from '@core/contracts/orders';
import {
  MyReviewSchema,
  OperatorReviewAnswerSchema,
  OperatorReviewListSchema,
  ReviewListSchema,
  SavedReviewSchema,
} from '@core/contracts/reviews';
import { averageOf, NO_STARS, type Star } from '@core/rules/reviews';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  phoneSequence,
  type SignedInCustomer,
  signIn,
  testClientAddress,
} from '../../../tests/setup/identity';
import { placePickupOrder, signInOperator } from '../../../tests/setup/realtime';
import { products, reviewTotals, storeReviews, stores } from '../../db/schema/index';
import { REVIEWS_PER_MINUTE } from './reviews.service';

const nextPhone = phoneSequence('8924');

describe.each(TEST_DATABASE_KINDS)('store reviews on %s', (kind) => {
  let t: TestApp;
  let operator: SignedInCustomer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signInOperator(t, nextPhone());
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (
    who: SignedInCustomer | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    remoteAddress = testClientAddress(),
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: who ? who.headers : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const message = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).message;

  /** A customer with an order of the shop taken through to done (or left at `status`). */
  async function buyer(name = 'Мария Ивановна', storeId?: string, done = true) {
    const customer = await signIn(t, nextPhone(), name);
    const order = await placePickupOrder(t, customer, storeId);
    if (done) {
      for (const to of ['confirmed', 'assembling', 'ready', 'done'] as const) {
        await t.app.services.orders.moveOrder(order.number, to);
      }
    }
    return { customer, order };
  }

  /** The stored counts, the catalogue's numbers and what the rows make must agree (ADR 045: no drift). */
  async function expectNoDrift(storeId: string, productId: string | null = null) {
    const rows = await t.db.db
      .select({ rating: storeReviews.rating })
      .from(storeReviews)
      .where(
        and(
          eq(storeReviews.storeId, storeId),
          productId ? eq(storeReviews.productId, productId) : isNull(storeReviews.productId),
          isNull(storeReviews.hiddenAt),
        ),
      );
    const fromRows = { ...NO_STARS };
    for (const row of rows) fromRows[row.rating as Star] += 1;
    const key = productId ? `product:${productId}` : `store:${storeId}`;
    const [totals] = await t.db.db.select().from(reviewTotals).where(eq(reviewTotals.subject, key));
    expect({
      1: totals?.stars1 ?? 0,
      2: totals?.stars2 ?? 0,
      3: totals?.stars3 ?? 0,
      4: totals?.stars4 ?? 0,
      5: totals?.stars5 ?? 0,
    }).toEqual(fromRows);
    const [catalogue] = productId
      ? await t.db.db
          .select({ rating: products.rating, count: products.reviewsCount })
          .from(products)
          .where(eq(products.id, productId))
      : await t.db.db
          .select({ rating: stores.rating, count: stores.reviewsCount })
          .from(stores)
          .where(eq(stores.id, storeId));
    expect(catalogue).toEqual({ rating: averageOf(fromRows), count: rows.length });
  }

  const list = async (storeId: string, query = '') => {
    const response = await call(null, 'GET', `/api/store/${storeId}/reviews${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ReviewListSchema.parse(response.json());
  };

  it('answers a guest 401 before reading the body, and a customer 403 on the console', async () => {
    const [store] = await t.db.db.select().from(stores).limit(1);
    for (const [method, url] of [
      ['POST', `/api/store/${store?.id}/rating`],
      ['GET', `/api/store/${store?.id}/rating/mine`],
      ['POST', `/api/store/${store?.id}/rating/dismiss`],
      ['GET', '/api/operator/reviews'],
      ['POST', '/api/operator/reviews/nope/hide'],
    ] as const) {
      const response = await call(null, method, url, method === 'POST' ? { rating: 'bad' } : undefined);
      expect(response.statusCode, url).toBe(401);
      expect(message(response.body)).toBe('Необходимо авторизоваться');
    }
    const customer = await signIn(t, nextPhone());
    for (const [method, url] of [
      ['GET', '/api/operator/reviews'],
      ['POST', '/api/operator/reviews/nope/reply'],
    ] as const) {
      const response = await call(customer, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('takes a review only from a customer with a done order of the shop', async () => {
    const stranger = await signIn(t, nextPhone());
    const { customer: waiting, order } = await buyer('Пётр', undefined, false);
    for (const who of [stranger, waiting]) {
      const response = await call(who, 'POST', `/api/store/${order.store._id}/rating`, {
        rating: 5,
        text: 'Отлично',
        type: 'store',
      });
      expect(response.statusCode).toBe(403);
      expect(message(response.body)).toBe('Оставить отзыв можно после выполненного заказа в этом магазине');
    }
    const mine = MyReviewSchema.parse(
      (await call(waiting, 'GET', `/api/store/${order.store._id}/rating/mine`)).json(),
    );
    expect(mine).toEqual({ success: true, can_review: false, review: null });
  });

  it('refuses missing, too long and hostile input with SPEC §5 messages, and an unknown shop with 404', async () => {
    const { customer, order } = await buyer();
    const url = `/api/store/${order.store._id}/rating`;
    const cases: [unknown, string][] = [
      [{ text: 'Хорошо', type: 'store' }, 'Заполните обязательные поля'],
      [{ rating: 4, type: 'store' }, 'Заполните обязательные поля'],
      [{ rating: 4, text: '   ' }, 'Заполните обязательные поля'],
      [{ rating: 0, text: 'Плохо' }, 'Заполните обязательные поля'],
      [{ rating: 6, text: 'Супер' }, 'Заполните обязательные поля'],
      [{ rating: 4.5, text: 'Супер' }, 'Заполните обязательные поля'],
      [{ rating: 4, text: 'я'.repeat(1001) }, 'Отзыв — не длиннее 1000 символов'],
      [{ rating: 4, text: 'при\u0000вет' }, 'Текст содержит недопустимые символы'],
      [{ rating: 4, text: 'Вкусно', type: 'product' }, 'Выберите товар, о котором отзыв'],
      [{ rating: 4, text: 'Вкусно', type: 'shop' }, 'Неизвестный тип отзыва'],
    ];
    for (const [payload, expected] of cases) {
      const response = await call(customer, 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(message(response.body)).toBe(expected);
    }
    const tooLarge = await call(customer, 'POST', url, { rating: 4, text: 'я'.repeat(20_000) });
    expect(tooLarge.statusCode).toBe(413);
    const unknown = await call(customer, 'POST', '/api/store/no-such-shop/rating', { rating: 4, text: 'Да' });
    expect(unknown.statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/store/no-such-shop/reviews')).statusCode).toBe(404);
    const badPage = await call(null, 'GET', `/api/store/${order.store._id}/reviews?page=0`);
    expect(badPage.statusCode).toBe(400);
  });

  it('keeps one review per customer per shop, edited in place, newest first with first names', async () => {
    const first = await buyer('Ольга Петровна');
    const storeId = first.order.store._id;
    const second = await buyer('Иван', storeId);
    const url = `/api/store/${storeId}/rating`;
    const saved = await call(first.customer, 'POST', url, {
      rating: 2,
      text: 'Долго собирали',
      type: 'store',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { review, summary } = SavedReviewSchema.parse(saved.json());
    expect(review).toMatchObject({ author: 'Ольга', rating: 2, text: 'Долго собирали', hidden: null });
    expect(summary.count).toBeGreaterThanOrEqual(1);
    await call(second.customer, 'POST', url, { rating: 5, text: 'Всё свежее, <a href="x">ссылка</a>' });
    const edited = SavedReviewSchema.parse(
      (await call(first.customer, 'POST', url, { rating: 4, text: 'Исправились, спасибо' })).json(),
    );
    expect(edited.review._id).toBe(review._id);
    const page = await list(storeId);
    const ours = page.reviews.filter((item) => [review._id].includes(item._id) || item.author === 'Иван');
    expect(ours.map((item) => [item.author, item.rating, item.text])).toEqual([
      ['Иван', 5, 'Всё свежее, <a href="x">ссылка</a>'],
      ['Ольга', 4, 'Исправились, спасибо'],
    ]);
    const rows = await t.db.db
      .select()
      .from(storeReviews)
      .where(and(eq(storeReviews.storeId, storeId), eq(storeReviews.customerId, first.customer.user._id)));
    expect(rows).toHaveLength(1);
    const mine = MyReviewSchema.parse((await call(first.customer, 'GET', `${url}/mine`)).json());
    expect(mine.can_review).toBe(true);
    expect(mine.review?.text).toBe('Исправились, спасибо');
    await expectNoDrift(storeId);
  });

  it('lets the operator reply in public and hide with a reason; a hidden review stops counting', async () => {
    const { customer, order } = await buyer('Анна');
    const storeId = order.store._id;
    const { review } = SavedReviewSchema.parse(
      (await call(customer, 'POST', `/api/store/${storeId}/rating`, { rating: 1, text: 'Ужасно!!!' })).json(),
    );
    const before = (await list(storeId)).summary;
    const replied = await call(operator, 'POST', `/api/operator/reviews/${review._id}/reply`, {
      text: 'Простите, разберёмся',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(OperatorReviewAnswerSchema.parse(replied.json()).review.reply?.text).toBe('Простите, разберёмся');
    expect((await list(storeId)).reviews.find((item) => item._id === review._id)?.reply?.text).toBe(
      'Простите, разберёмся',
    );
    const noReason = await call(operator, 'POST', `/api/operator/reviews/${review._id}/hide`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(message(noReason.body)).toBe('Укажите причину');
    const hidden = await call(operator, 'POST', `/api/operator/reviews/${review._id}/hide`, {
      reason: 'Оскорбления',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await list(storeId);
    expect(after.reviews.some((item) => item._id === review._id)).toBe(false);
    expect(after.summary.count).toBe(before.count - 1);
    expect(after.summary.distribution[1]).toBe(before.distribution[1] - 1);
    await expectNoDrift(storeId);
    // The author still sees it, with the reason; an edit keeps it hidden and uncounted.
    const mine = MyReviewSchema.parse(
      (await call(customer, 'GET', `/api/store/${storeId}/rating/mine`)).json(),
    );
    expect(mine.review?.hidden?.reason).toBe('Оскорбления');
    await call(customer, 'POST', `/api/store/${storeId}/rating`, { rating: 2, text: 'Без оскорблений' });
    expect((await list(storeId)).summary.count).toBe(before.count - 1);
    await expectNoDrift(storeId);
    const listed = OperatorReviewListSchema.parse(
      (await call(operator, 'GET', '/api/operator/reviews?status=hidden')).json(),
    );
    expect(listed.reviews.find((item) => item._id === review._id)?.hidden?.reason).toBe('Оскорбления');
    await call(operator, 'POST', `/api/operator/reviews/${review._id}/show`);
    expect((await list(storeId)).summary.count).toBe(before.count);
    await expectNoDrift(storeId);
  });

  it("keeps an operator of other shops away from a shop's reviews", async () => {
    const { customer, order } = await buyer('Вера');
    const storeId = order.store._id;
    const { review } = SavedReviewSchema.parse(
      (await call(customer, 'POST', `/api/store/${storeId}/rating`, { rating: 3, text: 'Нормально' })).json(),
    );
    const [other] = await t.db.db
      .select()
      .from(stores)
      .where(and(eq(stores.id, stores.id)));
    const otherStore = (await t.db.db.select().from(stores)).find((store) => store.id !== storeId) ?? other;
    const narrow = await signInOperator(t, nextPhone(), [otherStore?.id ?? '']);
    const hide = await call(narrow, 'POST', `/api/operator/reviews/${review._id}/hide`, { reason: 'Спам' });
    expect(hide.statusCode).toBe(404);
    const listed = OperatorReviewListSchema.parse(
      (await call(narrow, 'GET', '/api/operator/reviews')).json(),
    );
    expect(listed.reviews.every((item) => item.store._id === otherStore?.id)).toBe(true);
  });

  it('counts right when many customers review and edit at once', async () => {
    const buyers = await Promise.all(['Лев', 'Мирон', 'Нина', 'Олег'].map((name) => buyer(name)));
    const storeId = (buyers[0] as { order: Order }).order.store._id;
    const more = await Promise.all(['Поля', 'Рома'].map((name) => buyer(name, storeId)));
    const everyone = [...buyers.filter((item) => item.order.store._id === storeId), ...more];
    await Promise.all(
      everyone.flatMap(({ customer }, index) =>
        [1, 2, 3].map((round) =>
          call(customer, 'POST', `/api/store/${storeId}/rating`, {
            rating: ((index + round) % 5) + 1,
            text: `Раунд ${round}`,
          }),
        ),
      ),
    );
    for (const { customer } of everyone) {
      const rows = await t.db.db
        .select()
        .from(storeReviews)
        .where(and(eq(storeReviews.storeId, storeId), eq(storeReviews.customerId, customer.user._id)));
      expect(rows).toHaveLength(1);
    }
    await expectNoDrift(storeId);
    for (const { order } of buyers) await expectNoDrift(order.store._id);
  });

  it("reviews a bought product on the product's own rating, not the shop's", async () => {
    const { customer, order } = await buyer('Семён');
    const product = order.items[0]?.product ?? '';
    const storeBefore = (await list(order.store._id)).summary;
    const saved = await call(customer, 'POST', `/api/store/${order.store._id}/rating`, {
      rating: 5,
      text: 'Очень вкусно',
      type: 'product',
      product,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(SavedReviewSchema.parse(saved.json()).review.type).toBe('product');
    expect((await list(order.store._id)).summary).toEqual(storeBefore);
    const productList = await list(order.store._id, `?type=product&product=${product}`);
    expect(productList.reviews.map((item) => item.text)).toEqual(['Очень вкусно']);
    await expectNoDrift(order.store._id, product);
    const [notBought] = await t.db.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.storeId, order.store._id))
      .limit(2);
    const otherProduct = notBought?.id === product ? undefined : notBought?.id;
    if (otherProduct) {
      const refused = await call(customer, 'POST', `/api/store/${order.store._id}/rating`, {
        rating: 5,
        text: 'Не покупал',
        type: 'product',
        product: otherProduct,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('asks once on the order page, until dismissed or reviewed', async () => {
    const { customer, order } = await buyer('Тамара');
    const { reviews } = t.app.services;
    expect(await reviews.shouldAskForReview(customer.user._id, order.store._id)).toBe(true);
    const dismissed = await call(customer, 'POST', `/api/store/${order.store._id}/rating/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await reviews.shouldAskForReview(customer.user._id, order.store._id)).toBe(false);
    const other = await buyer('Ульяна');
    await call(other.customer, 'POST', `/api/store/${other.order.store._id}/rating`, {
      rating: 5,
      text: 'Да',
    });
    expect(await reviews.shouldAskForReview(other.customer.user._id, other.order.store._id)).toBe(false);
  });

  it('refuses a customer past the rate with 429 and Retry-After, storing nothing more', async () => {
    const { customer, order } = await buyer('Фёдор');
    const address = testClientAddress();
    const answers = [];
    for (let i = 0; i < REVIEWS_PER_MINUTE + 2; i += 1) {
      answers.push(
        await call(
          customer,
          'POST',
          `/api/store/${order.store._id}/rating`,
          { rating: 5, text: `#${i}` },
          address,
        ),
      );
    }
    expect(answers.slice(0, REVIEWS_PER_MINUTE).every((answer) => answer.statusCode === 200)).toBe(true);
    const refused = answers[REVIEWS_PER_MINUTE];
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(message(refused?.body ?? '{}')).toMatch(/^Слишком много отзывов подряд. Повторите через/);
    const mine = MyReviewSchema.parse(
      (await call(customer, 'GET', `/api/store/${order.store._id}/rating/mine`)).json(),
    );
    expect(mine.review?.text).toBe(`#${REVIEWS_PER_MINUTE - 1}`);
  });
});
