/**
 * The basket's rules (SPEC §4 Basket, §5 Quantity, DESIGN.md §3 Basket), the same in the browser (the guest
 * basket in local storage) and on the server (the signed-in basket).
 *
 * A basket maps a point (warehouse) id to its lines `{ product, quantity }`; `product` is the product's id in
 * what is stored and uploaded, or the product itself in what the API shows. Functions here never mutate
 * their input: they return a new basket, or the same one when nothing changed.
 */
import { capAmount, PIECE_UNIT, type SaleUnit, saleUnitOf, type WeightTerms } from './sold-by-weight';

/** Lines (point × product) one basket may hold; more is refused, the merge at login stops there. */
export const BASKET_MAX_LINES = 200;

export type BasketLineLike = { product: string | { _id: string }; quantity: number };

/** Point id → its lines, in the order they were added. */
export type BasketMap<Line extends BasketLineLike = BasketLineLike> = Record<string, Line[]>;

/** How a quantity changes: set to a number (the spec's PATCH), or stepped by − / +. */
export type QuantityChange = { quantity: number } | { delta: number };

export function productIdOf(line: BasketLineLike): string {
  return typeof line.product === 'string' ? line.product : line.product._id;
}

/**
 * SPEC §5: a quantity is a whole number 0–999 and never above the stock of the point it is bought from.
 * Goods sold by weight (`unit`, ADR 054) count grams: whole steps from their minimum, capped the same way.
 */
export function capQuantity(wanted: number, stock: number, unit: SaleUnit = PIECE_UNIT): number {
  return capAmount(wanted, stock, unit);
}

/**
 * The quantity a change leads to, capped at the stock. A line whose stock has fallen below its quantity is
 * capped by whatever its next change is, a step down included. A step up from below a weighed product's
 * minimum goes to the minimum (the first '+' of '300 г' minimum adds 300 г); a step down below it removes.
 */
export function nextQuantity(
  current: number,
  change: QuantityChange,
  stock: number,
  unit: SaleUnit = PIECE_UNIT,
): number {
  let wanted = 'quantity' in change ? change.quantity : current + change.delta;
  if ('delta' in change && change.delta > 0 && wanted < unit.min) wanted = unit.min;
  return capQuantity(wanted, stock, unit);
}

export function findLine<Line extends BasketLineLike>(
  basket: BasketMap<Line>,
  pointId: string,
  productId: string,
): Line | undefined {
  return basket[pointId]?.find((line) => productIdOf(line) === productId);
}

/** Lines in the basket: what the header badge counts (each product of each point once, whatever its quantity). */
export function countLines(basket: BasketMap): number {
  let lines = 0;
  for (const group of Object.values(basket)) lines += group.length;
  return lines;
}

/** Stock fell below what the customer wants: the line is shown with what is left and capped on its next change. */
export function isOverStock(quantity: number, stock: number): boolean {
  return quantity > Math.max(0, stock);
}

/**
 * SPEC §4: puts `line` (with its final, capped quantity) into the basket. Quantity 0 removes the line and a
 * point left without lines is dropped; 0 for a line that is not there changes nothing. A new line goes to
 * the end of its point's group; a new point to the end of the basket.
 */
export function setLine<Line extends BasketLineLike>(
  basket: BasketMap<Line>,
  pointId: string,
  line: Line,
): BasketMap<Line> {
  const productId = productIdOf(line);
  const group = basket[pointId] ?? [];
  const index = group.findIndex((item) => productIdOf(item) === productId);
  if (line.quantity <= 0) {
    if (index === -1) return basket;
    const rest = group.filter((_, position) => position !== index);
    if (rest.length > 0) return { ...basket, [pointId]: rest };
    const { [pointId]: _dropped, ...others } = basket;
    return others;
  }
  const nextGroup =
    index === -1 ? [...group, line] : group.map((item, position) => (position === index ? line : item));
  return { ...basket, [pointId]: nextGroup };
}

/** Removes a point's whole group. */
export function removePoint<Line extends BasketLineLike>(
  basket: BasketMap<Line>,
  pointId: string,
): BasketMap<Line> {
  if (!(pointId in basket)) return basket;
  const { [pointId]: _dropped, ...others } = basket;
  return others;
}

/**
 * DESIGN.md §3, at login: the guest basket merged into the signed-in one. Nothing is lost: every line of
 * either survives, and a line in both takes the larger quantity. Lines the guest brings are capped at the
 * point's stock (`stockOf`); one the point has nothing left of cannot be bought and is not added. Lines
 * only the signed-in basket has are left exactly as they were. Guest lines beyond BASKET_MAX_LINES are
 * not added.
 */
export function mergeBaskets<Line extends BasketLineLike>(
  into: BasketMap<Line>,
  incoming: BasketMap<Line>,
  stockOf: (pointId: string, productId: string) => number,
  maxLines = BASKET_MAX_LINES,
  unitOf: (pointId: string, productId: string) => SaleUnit = () => PIECE_UNIT,
): BasketMap<Line> {
  let merged = into;
  let lines = countLines(into);
  for (const [pointId, group] of Object.entries(incoming)) {
    for (const line of group) {
      const productId = productIdOf(line);
      const existing = findLine(merged, pointId, productId);
      if (!existing && lines >= maxLines) continue;
      const quantity = capQuantity(
        Math.max(existing?.quantity ?? 0, line.quantity),
        stockOf(pointId, productId),
        unitOf(pointId, productId),
      );
      if (existing) {
        if (quantity !== existing.quantity) merged = setLine(merged, pointId, { ...existing, quantity });
      } else if (quantity > 0) {
        merged = setLine(merged, pointId, { ...line, quantity });
        lines += 1;
      }
    }
  }
  return merged;
}

/** The compact form that is stored and uploaded: product ids and quantities. */
export function toBasketData(basket: BasketMap): BasketMap<{ product: string; quantity: number }> {
  const data: BasketMap<{ product: string; quantity: number }> = {};
  for (const [pointId, group] of Object.entries(basket)) {
    data[pointId] = group.map((line) => ({ product: productIdOf(line), quantity: line.quantity }));
  }
  return data;
}

/**
 * Pieces in a group that can be bought: a line above the point's stock counts only what is left. A weighed
 * line (grams) counts as one piece while any of it can be bought.
 */
export function countPieces(
  group: readonly {
    quantity: number;
    product: { count: number; by_weight?: WeightTerms | null | undefined };
  }[],
): number {
  let pieces = 0;
  for (const line of group) {
    const payable = Math.min(line.quantity, Math.max(0, line.product.count));
    pieces += line.product.by_weight ? Math.min(1, payable) : payable;
  }
  return pieces;
}

/**
 * A change of the signed-in basket on its way to the server, as its form says it (docs/decisions/043): a
 * line stepped or set (`change`; a set to 0 removes it), or a point's whole group removed (`productId` null).
 */
export type PendingBasketChange = {
  pointId: string;
  productId: string | null;
  change: QuantityChange;
  /** How the product is bought when the form says (a weighed product's steps); pieces otherwise. */
  unit?: SaleUnit;
};

/**
 * The basket as it will be once `changes` (oldest first) are done, over the server's last answer (ADR 043,
 * Hydrogen's optimistic cart): a line takes its step or set, capped at the stock the answer gave (0 removes
 * it, a point left empty is dropped); a point's removal drops its group. A line the answer did not have
 * cannot be shown there without its product: its quantity comes back in `added` (its counter and the header
 * badge show it), keyed `point:product`.
 */
export function withPendingChanges<
  Line extends {
    product: { _id: string; count: number; by_weight?: WeightTerms | null | undefined };
    quantity: number;
  },
>(
  basket: BasketMap<Line>,
  changes: readonly PendingBasketChange[],
): { basket: BasketMap<Line>; added: Map<string, number> } {
  let result = basket;
  const added = new Map<string, number>();
  for (const { pointId, productId, change, unit } of changes) {
    if (productId === null) {
      result = removePoint(result, pointId);
      for (const key of added.keys()) if (key.startsWith(`${pointId}:`)) added.delete(key);
      continue;
    }
    const key = `${pointId}:${productId}`;
    const line = findLine(result, pointId, productId) ?? findLine(basket, pointId, productId);
    if (line) {
      const current = findLine(result, pointId, productId)?.quantity ?? 0;
      // A line above a fallen stock keeps what it has until a change, which caps it (as the server does).
      result = setLine(result, pointId, {
        ...line,
        quantity: nextQuantity(current, change, line.product.count, saleUnitOf(line.product.by_weight)),
      });
      continue;
    }
    // Stock is not known for a line the basket does not have yet: the unit's own cap stands in for it.
    const lineUnit = unit ?? PIECE_UNIT;
    const quantity = nextQuantity(added.get(key) ?? 0, change, lineUnit.max, lineUnit);
    if (quantity > 0) added.set(key, quantity);
    else added.delete(key);
  }
  return { basket: result, added };
}
