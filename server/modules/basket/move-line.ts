/**
 * Moves a line to another point selling the same product, in one transaction under the basket's lock
 * (issue 21: a point that cannot serve the shopper's address, swapped for one that can, in one action). The
 * quantity goes on top of what the other point's line holds, capped at its stock. The line's choice for a
 * missing item (ADR 055) goes with it unless the other point's line has its own; its picked replacement only
 * where that point has it on sale (otherwise the picker chooses among the similar ones).
 */
import { nextQuantity } from '@core/rules/basket';
import { saleUnitOf } from '@core/rules/sold-by-weight';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { POINT_NOT_FOUND } from '../catalog/catalog.service';
import {
  deleteLine,
  findLineChoice,
  findLineState,
  findPointAndProduct,
  lockBasket,
  updateLineChoice,
  upsertLine,
} from './basket.repository';
import { NOT_IN_BASKET, NOT_SOLD_AT_POINT, SOLD_OUT_AT_POINT } from './basket-messages';

export type LineMove = { productId: string; from: string; to: string };

export async function moveLine(deps: { db: Db }, userId: string, move: LineMove): Promise<void> {
  const from = { pointId: move.from, productId: move.productId };
  const to = { pointId: move.to, productId: move.productId };
  await deps.db.transaction(async (tx) => {
    await lockBasket(tx, userId);
    const moving = await findLineState(tx, userId, from);
    if (moving.quantity === null) throw new AppError('conflict', NOT_IN_BASKET);
    if (move.from === move.to) return;
    const target = await findLineState(tx, userId, to);
    if (target.stock === null) {
      const known = await findPointAndProduct(tx, to);
      if (!known.hasPoint) throw new AppError('not_found', POINT_NOT_FOUND);
      throw new AppError('bad_request', NOT_SOLD_AT_POINT);
    }
    const current = target.quantity ?? 0;
    const quantity = nextQuantity(
      current,
      { delta: moving.quantity },
      target.stock,
      saleUnitOf(target.weightTerms),
    );
    if (quantity <= current) throw new AppError('conflict', SOLD_OUT_AT_POINT);
    const choice = await findLineChoice(tx, userId, from, move.to);
    const kept = target.quantity === null ? null : await findLineChoice(tx, userId, to, move.to);
    await deleteLine(tx, userId, from);
    await upsertLine(tx, userId, { ...to, quantity });
    if (choice?.onMissing && !kept?.onMissing) {
      const replacementId = choice.isReplacementAt ? choice.replacementId : null;
      await updateLineChoice(tx, userId, to, { onMissing: choice.onMissing, replacementId });
    }
  });
}
