/**
 * The basket's point swap (issue 21, ADR 038): for lines at a point that cannot serve the shopper's address,
 * the same products' offers in their area (the card's rule: the point with the most stock, ADR 014); and the
 * signed-in basket's move of one line to such a point, in one call of the basket service.
 */
import type { BasketProduct } from '@core/contracts/basket';
import type { Point } from '@core/contracts/catalog';
import { z } from '@core/contracts/z';
import type { LoadContext } from '@server/services';
import { formText, parseWith } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { shopperLocation } from '~/lib/location.server';
import { SWAP_FIELD } from './swap-point-form';

/** Where a product can be had in the shopper's area instead: the point, and the product as its line shows it. */
export type SwapOffer = { point: Pick<Point, '_id' | 'name' | 'address'>; product: BasketProduct };

/** Product id → its offer in the area; a product missing from it has none there. */
export type SwapOffers = Record<string, SwapOffer>;

/** The most lines one question asks about: a basket's group is far smaller (BASKET_MAX_LINES in all). */
const SWAP_PRODUCTS_MAX = 100;

const ProductsSchema = z
  .array(z.uuid('Некорректный идентификатор товара'))
  .max(SWAP_PRODUCTS_MAX, `Не больше ${SWAP_PRODUCTS_MAX} товаров за раз`);
const MoveSchema = z.object({
  product: z.uuid('Некорректный идентификатор товара'),
  from: z.uuid('Некорректный идентификатор точки продаж'),
  to: z.uuid('Некорректный идентификатор точки продаж'),
});

type Context = Pick<LoadContext, 'services' | 'area' | 'visitorPlace' | 'log' | 'viewer'>;

/** The offers in the shopper's delivery area or pickup point; none before an address is chosen. */
export async function findSwapOffers(context: Context, products: string): Promise<SwapOffers> {
  const ids = parseWith(ProductsSchema, products === '' ? [] : products.split(','));
  const location = await shopperLocation(context);
  if (location.isCityOnly || ids.length === 0) return {};
  const { catalog } = context.services;
  const cards = (await catalog.listProductsByIds(ids, location.scope)).filter((card) => card.offer);
  const points = new Map(
    (await catalog.listPoints([...new Set(cards.map((card) => card.offer?.point ?? ''))])).map((point) => [
      point._id,
      point,
    ]),
  );
  const offers: SwapOffers = {};
  for (const card of cards) {
    const point = card.offer ? points.get(card.offer.point) : undefined;
    if (!card.offer || !point) continue;
    offers[card._id] = {
      point: { _id: point._id, name: point.name, address: point.address },
      product: {
        _id: card._id,
        slug: card.slug,
        name: card.name,
        img: card.img,
        price: card.offer.price,
        discount: card.discount,
        weight: card.weight,
        store: card.store,
        count: card.offer.count,
      },
    };
  }
  return offers;
}

/** Moves a signed-in customer's line to the offered point (a guest's basket moves in the browser). */
export async function moveBasketLine(
  context: Context,
  request: Request,
): Promise<{ ok: true; intent: 'move' }> {
  const user = requireUser(context);
  const form = await request.formData();
  const move = parseWith(MoveSchema, {
    product: formText(form, SWAP_FIELD.product),
    from: formText(form, SWAP_FIELD.from),
    to: formText(form, SWAP_FIELD.to),
  });
  await context.services.basket.moveLine(user._id, { productId: move.product, from: move.from, to: move.to });
  return { ok: true, intent: 'move' };
}
