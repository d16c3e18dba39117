/**
 * Weighing at assembly (issue 27, ADR 054): the picker enters a weighed line's actual grams on the operator's
 * board. The line's price follows the weight (core/rules/sold-by-weight.ts), the order's money is computed
 * again by the one totals rule, the stock follows the difference, and the customer is told what changed.
 */
import type { WeighedOrder, WeighLine } from '@core/contracts/support';
import { formatRoubles } from '@core/rules/price';
import {
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  formatDifference,
  isWithinTolerance,
  maxWeighedKopecks,
  weighedPriceKopecks,
} from '@core/rules/sold-by-weight';
import { isBeingAssembled } from '@core/rules/substitution';
import { formatWeight } from '@core/rules/weight';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { nowOf, type OrdersDeps } from './orders.deps';
import { substitutionsOf, weighedTotals } from './orders.presenter';
import { findOrderItems, findOrders, updateItemWeight, updateOrderMoney } from './orders.repository';
import { ORDER_NOT_FOUND } from './read-orders';
import { findSubstitutions } from './substitutions.repository';

export const NOT_WEIGHABLE = 'Взвесить можно только заказ в сборке';
export const NOT_WEIGHED_LINE = 'Этот товар в заказе не весовой';
export const SUBSTITUTED_LINE = 'Этого товара не оказалось: его не нужно взвешивать';

/** The operator's refusal past the tolerance: what to do instead. */
export function overToleranceMessage(name: string, maxKopecks: number, percent: number): string {
  return (
    `«${name}»: вес больше заказанного более чем на ${percent} % (не дороже ${formatRoubles(maxKopecks)}). ` +
    'Положите меньше или согласуйте с покупателем'
  );
}

export async function weighLine(
  deps: Pick<OrdersDeps, 'db' | 'clock' | 'catalog' | 'notifications' | 'weightTolerancePercent'>,
  number: number,
  input: WeighLine,
  scope: { storeIds: readonly string[] | null } = { storeIds: null },
): Promise<WeighedOrder> {
  const tolerance = deps.weightTolerancePercent ?? DEFAULT_WEIGHT_TOLERANCE_PERCENT;
  const result = await withRetries(deps.db, async (tx) => {
    const [row] = await findOrders(
      tx,
      { number, ...(scope.storeIds ? { storeIds: scope.storeIds } : {}) },
      { forUpdate: true },
    );
    if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
    if (!isBeingAssembled(row.status)) throw new AppError('conflict', NOT_WEIGHABLE);
    const [items, substitutionRows] = await Promise.all([
      findOrderItems(tx, [row.id]),
      findSubstitutions(tx, [row.id]),
    ]);
    const substitutions = substitutionsOf(substitutionRows, row.id);
    const item = items.find((line) => line.productId === input.product);
    if (!item) throw new AppError('not_found', 'Такого товара в заказе нет');
    if (item.soldBy !== 'weight') throw new AppError('bad_request', NOT_WEIGHED_LINE);
    // A line found missing (ADR 055) is not in the bag to weigh.
    if (substitutions.has(item.productId)) throw new AppError('conflict', SUBSTITUTED_LINE);
    const estimate = weighedPriceKopecks(item.priceKopecks, item.quantity);
    const final = weighedPriceKopecks(item.priceKopecks, input.grams);
    // Per line: the order's weighed total then stays within the tolerance of its estimate too.
    if (!isWithinTolerance(estimate, final, tolerance)) {
      throw new AppError(
        'conflict',
        overToleranceMessage(item.name, maxWeighedKopecks(estimate, tolerance), tolerance),
        { fields: { grams: 'Положите меньше или согласуйте с покупателем' } },
      );
    }
    const before = weighedTotals(items, row.deliveryFeeKopecks, substitutions).totals;
    const weighed = items.map((line) => (line === item ? { ...line, actualGrams: input.grams } : line));
    const after = weighedTotals(weighed, row.deliveryFeeKopecks, substitutions).totals;
    const discounts = row.promoKopecks + row.bonusKopecks;
    const totalBefore = Math.max(0, before.total - discounts);
    const total = Math.max(0, after.total - discounts);
    await updateItemWeight(tx, row.id, item.productId, input.grams);
    await updateOrderMoney(tx, row.id, {
      itemsKopecks: after.goods,
      savingsKopecks: after.savings,
      totalKopecks: total,
      updatedAt: nowOf(deps),
    });
    // The stock took the grams ordered (or the last weighing's): the shelf now holds the difference.
    await deps.catalog.stock.adjustWeighed(tx, {
      pointId: row.pointId,
      productId: item.productId,
      grams: (item.actualGrams ?? item.quantity) - input.grams,
    });
    const difference = total - totalBefore;
    await deps.notifications.add(tx, {
      userId: row.userId,
      type: 'link_message',
      title: `Заказ №${number}`,
      content:
        `«${item.name}» взвесили: ${formatWeight(input.grams)}, ${formatRoubles(final)}. ` +
        `Сумма заказа ${formatRoubles(total)} (${formatDifference(difference)})`,
      link: `/order/${number}`,
      createdAt: nowOf(deps),
    });
    return { row, total, difference };
  });
  const { row, total, difference } = result;
  await deps.notifications.announceOrders([
    { userId: row.userId, number, status: row.status, storeId: row.storeId },
  ]);
  return { number, total, difference };
}
