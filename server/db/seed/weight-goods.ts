/**
 * Marks the demo products sold by weight (data/weight-goods.ts, ADR 054) once the plan has them as packs:
 * the price becomes per kilogram, the stock grams, and the product gets its step and minimum. A pass of its
 * own, so the packs' random draws (and so every other product's demo data) stay as they were.
 */
// Relative, not '@core/…', as the rest of the seed.
import { GRAMS_PER_KG } from '../../../core/rules/sold-by-weight';
import type { ProductRow, StockRow } from './common';
import { WEIGHT_GOODS } from './data/weight-goods';

const perKg = (kopecks: number, grams: number) => Math.round((kopecks * GRAMS_PER_KG) / grams);

export function markWeightGoods(products: ProductRow[], stock: StockRow[]): void {
  const byId = new Map<string, ProductRow>();
  const found = new Set<string>();
  for (const product of products) {
    const terms = WEIGHT_GOODS[product.name];
    if (!terms || !product.id) continue;
    found.add(product.name);
    const grams = product.weightGrams;
    if (terms.min % terms.step !== 0)
      throw new Error(`seed: ${product.name}: the minimum is not whole steps`);
    product.soldBy = 'weight';
    product.stepGrams = terms.step;
    product.minGrams = terms.min;
    product.pieceGrams = terms.piece ?? null;
    product.priceKopecks = perKg(product.priceKopecks, grams);
    byId.set(product.id, product);
  }
  const missing = Object.keys(WEIGHT_GOODS).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`seed: weight goods not among the products: ${missing.join(', ')}`);
  for (const row of stock) {
    const product = byId.get(row.productId);
    if (!product) continue;
    // So many packs of the product's pack weight, in grams.
    row.count *= product.weightGrams;
    if (row.priceKopecks != null) row.priceKopecks = perKg(row.priceKopecks, product.weightGrams);
  }
}
