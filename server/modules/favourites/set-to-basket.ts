/** 'Добавить товары в корзину': a set's lines into the basket, with what did not fit and why. */
import type { SetToBasketResult } from '@core/contracts/favourites';
import type { AssortmentScope } from '@core/rules/delivery-area';
import { describeShortfalls, type SetLineShortfall } from '@core/rules/favourites';
import { portionsAmount } from '@core/rules/sold-by-weight';
import { AppError } from '../../errors';
import type { FavouritesDeps } from './favourites.deps';
import { getSet } from './read-sets';

export const EMPTY_SET_MESSAGE = 'В наборе нет товаров';

/**
 * Every line at its in-area offer — the point of the shopper's area with the most stock (ADR 014) — on top
 * of what the basket holds, capped at that point's stock by the basket. What could not go in whole is
 * reported with its reason: no point of the area has it, the point has fewer, or the basket has no room for
 * another line.
 */
export async function addSetToBasket(
  deps: Pick<FavouritesDeps, 'db' | 'catalog' | 'basket'>,
  userId: string,
  setId: string,
  scope?: AssortmentScope,
): Promise<SetToBasketResult> {
  const set = await getSet(deps, userId, setId, scope);
  if (set.products.length === 0) throw new AppError('bad_request', EMPTY_SET_MESSAGE);
  const shortfalls: (SetLineShortfall & { id: string })[] = [];
  const additions: { pointId: string; productId: string; quantity: number }[] = [];
  const names = new Map(set.products.map(({ product }) => [product._id, product.name]));
  // Goods sold by weight go in portions of their least amount (ADR 054): shortfalls are said in portions too.
  const portion = new Map(
    set.products.map(({ product }) => [product._id, portionsAmount(1, product.by_weight)]),
  );
  for (const { product, count } of set.products) {
    if (product.offer)
      additions.push({
        pointId: product.offer.point,
        productId: product._id,
        quantity: portionsAmount(count, product.by_weight),
      });
    else
      shortfalls.push({
        id: product._id,
        name: product.name,
        reason: 'unavailable',
        requested: count,
        added: 0,
      });
  }
  const results = await deps.basket.addItems(userId, additions);
  for (const result of results) {
    if (!result.shortfall) continue;
    shortfalls.push({
      id: result.productId,
      // Stryker disable next-line StringLiteral: every addition comes from the set's own products
      name: names.get(result.productId) ?? '',
      reason: result.shortfall,
      requested: Math.round(result.quantity / (portion.get(result.productId) ?? 1)),
      added: Math.floor(result.added / (portion.get(result.productId) ?? 1)),
    });
  }
  const order = new Map(set.products.map(({ product }, index) => [product._id, index]));
  shortfalls.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return {
    success: true,
    added: results.filter((result) => result.added > 0).length,
    shortfalls: shortfalls.map(({ id, name, reason, requested, added }) => ({
      product: { _id: id, name },
      reason,
      requested,
      added,
    })),
    message: describeShortfalls(shortfalls),
  };
}
