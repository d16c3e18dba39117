import {
  BASKET_FULL_MESSAGE,
  type Basket,
  type BasketChange,
  type BasketData,
  QUANTITY_MESSAGE,
} from '@core/contracts/basket';
import {
  BASKET_MAX_LINES,
  type BasketMap,
  mergeBaskets,
  nextQuantity,
  productIdOf,
  type QuantityChange,
  setLine,
} from '@core/rules/basket';
import { COUNTER_MAX } from '@core/rules/counter';
import { saleUnitOf, type WeightTerms, weightAmountError } from '@core/rules/sold-by-weight';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { POINT_NOT_FOUND, PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import { presentBasket } from './basket.presenter';
import {
  deleteLine,
  deleteLines,
  deletePointLines,
  findBasketRows,
  findLineState,
  findLines,
  findPointAndProduct,
  findPreviewRows,
  findStock,
  type LinePair,
  type LineWrite,
  lockBasket,
  upsertLine,
  upsertLines,
} from './basket.repository';
import { NOT_SOLD_AT_POINT } from './basket-messages';
import { chooseLineOnMissing, type LineChoice, type LineChoiceDeps, listReplacements } from './line-choice';
import { type LineMove, moveLine } from './move-line';

/** The catalogue: a line's similar products, which its replacement is picked from (ADR 055). */
export type BasketDeps = { db: Db; catalog: LineChoiceDeps['catalog']; rates: LineChoiceDeps['rates'] };

export { NOT_IN_BASKET, NOT_SOLD_AT_POINT, SOLD_OUT_AT_POINT } from './basket-messages';

type Line = { product: string; quantity: number };

/**
 * What is wrong with a quantity for this product (400): pieces are SPEC §5's 0–999, goods sold by weight
 * whole steps from their minimum up to the cap (ADR 054). A delta is a number of pieces, or whole steps.
 */
function assertAmount(terms: WeightTerms | null, change: { quantity?: number; delta?: number }): void {
  if (!terms) {
    const wanted = change.quantity ?? change.delta ?? 0;
    if (Math.abs(wanted) > COUNTER_MAX) {
      const field = change.quantity === undefined ? 'delta' : 'quantity';
      throw new AppError('bad_request', QUANTITY_MESSAGE, { fields: { [field]: QUANTITY_MESSAGE } });
    }
    return;
  }
  if (change.quantity !== undefined) {
    const message = weightAmountError(change.quantity, terms);
    if (message) throw new AppError('bad_request', message, { fields: { quantity: message } });
  } else if (change.delta !== undefined) {
    const message = weightAmountError(Math.abs(change.delta), { ...terms, min: 0 });
    if (message) throw new AppError('bad_request', message, { fields: { delta: message } });
  }
}

/** A line to add to the basket on top of what it holds (a set's 'Добавить товары в корзину'). */
export type LineAddition = LinePair & { quantity: number };

/** What an addition did: how many pieces went in, and why fewer than asked when so. */
export type LineAdded = LineAddition & {
  added: number;
  /** 'limited': the point has fewer left; 'basket_full': no room for another line (BASKET_MAX_LINES). */
  shortfall: 'limited' | 'basket_full' | null;
};

const pairKey = (pointId: string, productId: string) => `${pointId}:${productId}`;

function toMap(lines: readonly LineWrite[]): BasketMap<Line> {
  const map: BasketMap<Line> = {};
  for (const line of lines) {
    const group = map[line.pointId];
    const entry = { product: line.productId, quantity: line.quantity };
    if (group) group.push(entry);
    else map[line.pointId] = [entry];
  }
  return map;
}

/** Uploaded data as ids; a product repeated in one group keeps its larger quantity (the merge's rule). */
function normaliseData(data: BasketData): BasketMap<Line> {
  let map: BasketMap<Line> = {};
  for (const [pointId, group] of Object.entries(data)) {
    for (const line of group) {
      const product = productIdOf(line);
      const existing = map[pointId]?.find((item) => item.product === product);
      // Stryker disable next-line EqualityOperator: an equal quantity sets the line to what it already is
      if (line.quantity > (existing?.quantity ?? 0))
        map = setLine(map, pointId, { product, quantity: line.quantity });
    }
  }
  return map;
}

function pairsOf(map: BasketMap<Line>): LinePair[] {
  return Object.entries(map).flatMap(([pointId, group]) =>
    group.map((line) => ({ pointId, productId: line.product })),
  );
}

/**
 * The signed-in basket (SPEC §4 Basket, DESIGN.md §3). Every change runs in one transaction that first
 * locks the customer's basket row and only then reads, so concurrent changes of one basket take turns: none
 * is lost and none lifts a line above the stock. Answers are the whole basket, read after the commit.
 */
export function createBasketService(deps: BasketDeps) {
  const getBasket = async (userId: string): Promise<Basket> =>
    presentBasket(await findBasketRows(deps.db, userId));

  return {
    getBasket,

    /** PATCH: sets or steps one line, capped at the point's stock; 0 removes it. */
    async changeItem(userId: string, change: BasketChange): Promise<Basket> {
      const pair = { pointId: change.warehouse_id, productId: change.product_id };
      const stepOrSet: QuantityChange =
        change.delta !== undefined ? { delta: change.delta } : { quantity: change.quantity ?? 0 };
      await deps.db.transaction(async (tx) => {
        await lockBasket(tx, userId);
        const state = await findLineState(tx, userId, pair);
        const current = state.quantity ?? 0;
        const wanted = change.delta !== undefined ? current + change.delta : (change.quantity ?? 0);
        if (state.quantity === null && wanted <= 0) return; // SPEC §5: 0 of a line not in the basket does nothing
        if (state.stock === null && state.quantity === null) {
          const known = await findPointAndProduct(tx, pair);
          if (!known.hasPoint) throw new AppError('not_found', POINT_NOT_FOUND);
          if (!known.hasProduct) throw new AppError('not_found', PRODUCT_NOT_FOUND);
          throw new AppError('bad_request', NOT_SOLD_AT_POINT);
        }
        assertAmount(state.weightTerms, change);
        const quantity = nextQuantity(current, stepOrSet, state.stock ?? 0, saleUnitOf(state.weightTerms));
        if (quantity === 0) {
          // Stryker disable next-line ConditionalExpression: deleting a line that is not there deletes nothing
          if (state.quantity !== null) await deleteLine(tx, userId, pair);
          return;
        }
        // Stryker disable next-line ConditionalExpression: rewriting a line's own quantity changes nothing seen
        if (quantity === state.quantity) return;
        if (state.quantity === null && state.lines >= BASKET_MAX_LINES) {
          throw new AppError('bad_request', BASKET_FULL_MESSAGE);
        }
        await upsertLine(tx, userId, { ...pair, quantity });
      });
      return getBasket(userId);
    },

    /**
     * Adds lines on top of what the basket holds, each capped at its point's stock, all under the basket's
     * lock in one transaction. A line never goes down (one already above a fallen stock stays as it is), a
     * point that does not sell the product adds nothing, and new lines stop at BASKET_MAX_LINES.
     */
    async addItems(userId: string, additions: readonly LineAddition[]): Promise<LineAdded[]> {
      // Stryker disable next-line ConditionalExpression: no additions answer no results either way
      if (additions.length === 0) return [];
      return deps.db.transaction(async (tx) => {
        await lockBasket(tx, userId);
        const existing = toMap(await findLines(tx, userId));
        const stockRows = await findStock(tx, additions);
        const stock = new Map(stockRows.map((row) => [pairKey(row.pointId, row.productId), row.count]));
        const units = new Map(
          stockRows.map((row) => [pairKey(row.pointId, row.productId), saleUnitOf(row.weightTerms)]),
        );
        let lines = Object.values(existing).reduce((total, group) => total + group.length, 0);
        const writes = new Map<string, LineWrite>();
        const results = additions.map((addition): LineAdded => {
          const key = pairKey(addition.pointId, addition.productId);
          const current =
            writes.get(key)?.quantity ??
            existing[addition.pointId]?.find((line) => line.product === addition.productId)?.quantity ??
            0;
          const isNew = current === 0 && !writes.has(key);
          if (isNew && lines >= BASKET_MAX_LINES) return { ...addition, added: 0, shortfall: 'basket_full' };
          const quantity = Math.max(
            current,
            nextQuantity(current, { delta: addition.quantity }, stock.get(key) ?? 0, units.get(key)),
          );
          const added = quantity - current;
          if (added > 0) {
            if (isNew) lines += 1;
            writes.set(key, { pointId: addition.pointId, productId: addition.productId, quantity });
          }
          return { ...addition, added, shortfall: added < addition.quantity ? 'limited' : null };
        });
        await upsertLines(tx, userId, [...writes.values()]);
        return results;
      });
    },

    /**
     * Checkout (the orders module), inside its transaction: takes the basket's lock — no change of this
     * basket runs beside the checkout — and answers the lines, in the order they were added.
     */
    async lockLines(tx: Executor, userId: string) {
      await lockBasket(tx, userId);
      return findLines(tx, userId);
    },

    /** Checkout, inside its transaction (after lockLines): a point's lines leave with its order. */
    removePointLines: (tx: Executor, userId: string, pointId: string): Promise<void> =>
      deletePointLines(tx, userId, pointId),

    /** DELETE: a point's whole group. */
    async removePoint(userId: string, pointId: string): Promise<Basket> {
      await deps.db.transaction(async (tx) => {
        await lockBasket(tx, userId);
        await deletePointLines(tx, userId, pointId);
      });
      return getBasket(userId);
    },

    /** Moves a line to another point selling the same product (move-line.ts). */
    async moveLine(userId: string, move: LineMove): Promise<Basket> {
      await moveLine(deps, userId, move);
      return getBasket(userId);
    },

    /** A line's choice for a missing item, and its replacement (line-choice.ts, ADR 055). */
    async chooseOnMissing(userId: string, choice: LineChoice, ip: string): Promise<Basket> {
      await chooseLineOnMissing(deps, userId, choice, ip);
      return getBasket(userId);
    },

    /** The similar products a line may be replaced with (line-choice.ts). */
    listReplacements: (userId: string, pair: LinePair, ip: string) =>
      listReplacements(deps, userId, pair, ip),

    /** PUT points: the guest basket merged in at login — nothing lost, the larger quantity wins, capped. */
    async mergeBasket(userId: string, data: BasketData): Promise<Basket> {
      const incoming = normaliseData(data);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: merging nothing changes nothing
      if (Object.keys(incoming).length > 0) {
        await deps.db.transaction(async (tx) => {
          await lockBasket(tx, userId);
          const existing = toMap(await findLines(tx, userId));
          const stockRows = await findStock(tx, pairsOf(incoming));
          const stock = new Map(stockRows.map((row) => [pairKey(row.pointId, row.productId), row.count]));
          const terms = new Map(
            stockRows.map((row) => [pairKey(row.pointId, row.productId), row.weightTerms]),
          );
          // Pieces above 999 are refused as the contract refuses them; grams are capped by the merge.
          for (const [pointId, group] of Object.entries(incoming)) {
            for (const line of group) {
              if (!terms.get(pairKey(pointId, line.product))) assertAmount(null, { quantity: line.quantity });
            }
          }
          const merged = mergeBaskets(
            existing,
            incoming,
            (pointId, productId) => Math.max(0, stock.get(pairKey(pointId, productId)) ?? 0),
            BASKET_MAX_LINES,
            (pointId, productId) => saleUnitOf(terms.get(pairKey(pointId, productId))),
          );
          const writes: LineWrite[] = [];
          for (const [pointId, group] of Object.entries(merged)) {
            for (const line of group) {
              // Only changed lines are written: an unchanged line rewritten with its own quantity keeps its
              // place and looks the same, so these mutants are equivalent (the check saves the writes).
              // Stryker disable next-line ArrowFunction,ConditionalExpression: see above
              const before = existing[pointId]?.find((item) => item.product === line.product);
              // Stryker disable next-line ConditionalExpression: see above
              if (before?.quantity !== line.quantity) {
                writes.push({ pointId, productId: line.product, quantity: line.quantity });
              }
            }
          }
          const removals = pairsOf(existing).filter(
            ({ pointId, productId }) => !merged[pointId]?.some((line) => line.product === productId),
          );
          await deleteLines(tx, userId, removals);
          await upsertLines(tx, userId, writes);
        });
      }
      return getBasket(userId);
    },

    /**
     * A guest basket (kept in the browser) with today's prices and stock, quantities as given: lines above
     * the stock are flagged, not cut. Lines of unknown products or points are left out.
     */
    async previewBasket(data: BasketData): Promise<Basket> {
      const lines = normaliseData(data);
      const rows = await findPreviewRows(deps.db, pairsOf(lines));
      const byPair = new Map(rows.map((row) => [pairKey(row.pointId, row.productId), row]));
      return presentBasket(
        Object.entries(lines).flatMap(([pointId, group]) =>
          group.flatMap((line) => {
            const row = byPair.get(pairKey(pointId, line.product));
            // A guest's line has no choice for a missing item: a guest signs in before the checkout.
            return row
              ? [
                  {
                    ...row,
                    quantity: line.quantity,
                    onMissing: null,
                    replacementId: null,
                    replacementName: null,
                  },
                ]
              : [];
          }),
        ),
      );
    },
  };
}

export type BasketService = ReturnType<typeof createBasketService>;
