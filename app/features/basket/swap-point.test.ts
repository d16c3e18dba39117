/**
 * The basket's point swap (issue 21 item 14, ADR 038), as React Router calls the resource route: where the
 * basket's products can be had in the shopper's area instead of a point that cannot serve it, and the
 * signed-in basket's move of a line there in one action (a guest: 401, before the form is read).
 */

import { points, pointZones, stock } from '@server/db/schema/index';
import { and, eq, gt, ne, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as swapAction, loader as swapLoader } from '~/routes/resources/basket-swap';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, signIn } from '../../../tests/setup/identity';

const nextPhone = phoneSequence('8923');

describe.each(TEST_DATABASE_KINDS)('the basket’s point swap on %s', (kind) => {
  let t: TestApp;
  /** A product stocked at `from`, which does not deliver to `zoneId`, and at `to`, which does. */
  let sample: { productId: string; from: string; to: string; zoneId: string; cityId: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const fromStock = alias(stock, 'from_stock');
    const toStock = alias(stock, 'to_stock');
    const served = alias(pointZones, 'served');
    const fromZones = alias(pointZones, 'from_zones');
    const [row] = await t.db.db
      .select({
        productId: fromStock.productId,
        from: fromStock.pointId,
        to: toStock.pointId,
        zoneId: served.zoneId,
        cityId: points.cityId,
      })
      .from(fromStock)
      .innerJoin(
        toStock,
        and(eq(toStock.productId, fromStock.productId), ne(toStock.pointId, fromStock.pointId)),
      )
      .innerJoin(served, eq(served.pointId, toStock.pointId))
      .innerJoin(points, eq(points.id, toStock.pointId))
      .where(
        and(
          gt(fromStock.count, 0),
          gt(toStock.count, 0),
          notExists(
            t.db.db
              .select()
              .from(fromZones)
              .where(and(eq(fromZones.pointId, fromStock.pointId), eq(fromZones.zoneId, served.zoneId))),
          ),
        ),
      )
      .limit(1);
    if (!row) throw new Error('the demo data has no product to swap');
    sample = row;
  });

  afterAll(async () => {
    await t?.close();
  });

  const inZone = (user: Parameters<typeof pageContext>[1]) => ({
    ...pageContext(t, user),
    area: { mode: 'delivery' as const, cityId: sample.cityId, zoneId: sample.zoneId },
  });
  const load = async (context: ReturnType<typeof pageContext>, products: string) =>
    outcomeOf(
      await swapLoader({
        request: new Request(`${TEST_ORIGIN}/resources/basket-swap?products=${encodeURIComponent(products)}`),
        params: {},
        context,
      } as unknown as Parameters<typeof swapLoader>[0]),
    );

  it('offers the product from a point of the shopper’s zone, with that point’s price and stock', async () => {
    const outcome = await load(inZone(null), sample.productId);
    expect(outcome.kind).toBe('data');
    const offers =
      outcome.kind === 'data'
        ? (outcome.data as { offers: Record<string, { point: { _id: string } }> }).offers
        : {};
    const offer = offers[sample.productId];
    expect(offer).toBeDefined();
    // The point offered delivers to the zone (not necessarily `to`: the one with the most stock there).
    const [serves] = await t.db.db
      .select()
      .from(pointZones)
      .where(and(eq(pointZones.pointId, offer?.point._id ?? ''), eq(pointZones.zoneId, sample.zoneId)));
    expect(serves).toBeDefined();
    expect(offer).toMatchObject({ product: { _id: sample.productId } });
  });

  it('offers nothing before an address is chosen, and refuses bad ids with 400 in Russian', async () => {
    expect(await load(pageContext(t, null), sample.productId)).toMatchObject({
      kind: 'data',
      data: { ok: true, offers: {} },
    });
    expect(await load(inZone(null), 'не-товар')).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: 'Некорректный идентификатор товара' },
    });
  });

  const move = async (context: ReturnType<typeof pageContext>, fields: Record<string, string>) =>
    outcomeOf(
      await swapAction(
        actionArgs(formPost('/resources/basket-swap', fields), context, {
          params: {},
          pattern: '/resources/basket-swap',
        }),
      ),
    );

  it('refuses a guest with 401 before it reads the form', async () => {
    expect(await move(inZone(null), { product: 'x' })).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
  });

  it('moves a signed-in customer’s line to the point that serves their zone, in one action', async () => {
    const customer = await signIn(t, nextPhone());
    await t.app.services.basket.changeItem(customer.user._id, {
      warehouse_id: sample.from,
      product_id: sample.productId,
      quantity: 1,
    });
    const outcome = await move(inZone(customer.user), {
      product: sample.productId,
      from: sample.from,
      to: sample.to,
    });
    expect(outcome).toMatchObject({ kind: 'data', status: 200, data: { ok: true, intent: 'move' } });
    const basket = await t.app.services.basket.getBasket(customer.user._id);
    expect(Object.keys(basket)).toEqual([sample.to]);
    expect(basket[sample.to]?.[0]).toMatchObject({ product: { _id: sample.productId }, quantity: 1 });
    // Again: the line is no longer there.
    const again = await move(inZone(customer.user), {
      product: sample.productId,
      from: sample.from,
      to: sample.to,
    });
    expect(again).toMatchObject({
      kind: 'data',
      status: 409,
      data: { message: 'Этого товара уже нет в корзине' },
    });
  });
});
