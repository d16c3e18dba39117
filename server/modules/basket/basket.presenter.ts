import type { Basket, BasketItem } from '@core/contracts/basket';
import { isOverStock } from '@core/rules/basket';
import type { BasketRow } from './basket.repository';

export function presentBasketItem(row: BasketRow): BasketItem {
  return {
    product: {
      _id: row.productId,
      slug: row.slug,
      name: row.name,
      img: row.images[0] ?? null,
      price: row.priceKopecks,
      discount: row.discountPercent,
      weight: row.weightGrams,
      store: { _id: row.storeId, name: row.storeName, slug: row.storeSlug },
      count: row.count,
      ...(row.weightTerms ? { by_weight: row.weightTerms } : {}),
    },
    quantity: row.quantity,
    is_over_stock: isOverStock(row.quantity, row.count),
    on_missing: row.onMissing,
    replacement:
      row.replacementId && row.replacementName !== null
        ? { product: row.replacementId, name: row.replacementName }
        : null,
  };
}

/** Rows in the order of the lines → the spec's map; a point's group comes where its first line was added. */
export function presentBasket(rows: readonly BasketRow[]): Basket {
  const basket: Basket = {};
  for (const row of rows) {
    const item = presentBasketItem(row);
    const group = basket[row.pointId];
    if (group) group.push(item);
    else basket[row.pointId] = [item];
  }
  return basket;
}
