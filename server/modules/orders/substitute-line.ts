/**
 * Substitutions at assembly (issue 27, ADR 055), the picker's side: a line whose product is not on the shelf
 * is marked missing, or a replacement is offered — the customer's pick, or one of the similar products the
 * order's point has (the catalogue's 'similar'). The replacement's stock is taken at once, atomically; the
 * missing product's is not returned to sale. The customer hears of it live and in a notification.
 */
import type { Assembly, SubstitutedOrder, SubstituteLine } from '@core/contracts/support';
import { formatMoscowTime } from '@core/rules/date';
import { formatRoubles } from '@core/rules/price';
import { linePriceKopecks } from '@core/rules/sold-by-weight';
import {
  answerDeadline,
  canOfferReplacement,
  DEFAULT_REPLACEMENT_MINUTES,
  formatReplacementAmount,
  isBeingAssembled,
  lineChoice,
  replacementQuantity,
} from '@core/rules/substitution';
import type { Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { nowOf, type OrdersDeps } from './orders.deps';
import { substitutionsOf, weighedTotals } from './orders.presenter';
import {
  findOrderItems,
  findOrders,
  insertOrderEvent,
  type OrderItemRow,
  type OrderRow,
  updateOrderMoney,
} from './orders.repository';
import { ORDER_NOT_FOUND } from './read-orders';
import { findSubstitutions, insertSubstitution } from './substitutions.repository';

export const NOT_ASSEMBLING = 'Заменить или убрать товар можно только в заказе на сборке';
export const LINE_NOT_FOUND = 'Такого товара в заказе нет';
export const ALREADY_SUBSTITUTED = 'С этим товаром уже разобрались: обновите страницу';
export const REMOVE_ASKED = 'Покупатель просил убрать этот товар, если его не будет: отметьте, что его нет';
export const NOT_SIMILAR = 'Выберите замену из похожих товаров, которые есть в точке';
export const REPLACEMENT_GONE = 'Этой замены в точке уже нет — выберите другую';

/** How many similar products the picker is offered for a line. */
const SIMILAR_PER_LINE = 8;

type Scope = { storeIds: readonly string[] | null };
type SubstituteDeps = Pick<OrdersDeps, 'db' | 'clock' | 'catalog' | 'notifications'>;

async function findScoped(tx: Executor, number: number, scope: Scope, forUpdate: boolean) {
  const [row] = await findOrders(
    tx,
    { number, ...(scope.storeIds ? { storeIds: scope.storeIds } : {}) },
    { forUpdate },
  );
  if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
  return row;
}

/**
 * The similar products the order's point has for each of these lines, less what the order holds already;
 * read outside any transaction (on PGlite's one connection a read beside an open transaction would wait).
 */
async function similarFor(
  deps: SubstituteDeps,
  row: OrderRow,
  items: readonly OrderItemRow[],
): Promise<Map<string, { product: string; name: string; price: number }[]>> {
  const inOrder = new Set(items.map((item) => item.productId));
  const similar = await deps.catalog.listSimilar(
    items.map((item) => item.productId),
    { pointId: row.pointId },
    SIMILAR_PER_LINE + items.length,
  );
  return new Map(
    items.map((item) => [
      item.productId,
      (similar.get(item.productId) ?? [])
        .filter((card) => !inOrder.has(card._id))
        .slice(0, SIMILAR_PER_LINE)
        .map((card) => ({ product: card._id, name: card.name, price: card.price })),
    ]),
  );
}

/** The order's money again, after a line changed: the one totals rule, less the checkout's discounts. */
export async function recomputeMoney(
  deps: Pick<OrdersDeps, 'clock'>,
  tx: Executor,
  row: OrderRow,
): Promise<number> {
  const [items, substitutions] = await Promise.all([
    findOrderItems(tx, [row.id]),
    findSubstitutions(tx, [row.id]),
  ]);
  const { totals } = weighedTotals(items, row.deliveryFeeKopecks, substitutionsOf(substitutions, row.id));
  const total = Math.max(0, totals.total - row.promoKopecks - row.bonusKopecks);
  await updateOrderMoney(tx, row.id, {
    itemsKopecks: totals.goods,
    savingsKopecks: totals.savings,
    totalKopecks: total,
    updatedAt: nowOf(deps),
  });
  return total;
}

/** GET /api/operator/orders/{number}/assembly: the order's lines as the picker sees them. */
export async function getAssembly(deps: SubstituteDeps, number: number, scope: Scope): Promise<Assembly> {
  const row = await findScoped(deps.db, number, scope, false);
  const [items, substitutions] = await Promise.all([
    findOrderItems(deps.db, [row.id]),
    findSubstitutions(deps.db, [row.id]),
  ]);
  const chosenIds = items.flatMap((item) => (item.chosenReplacementId ? [item.chosenReplacementId] : []));
  const [similar, chosen] = await Promise.all([
    isBeingAssembled(row.status) ? similarFor(deps, row, items) : new Map(),
    deps.catalog.stock.read(
      deps.db,
      chosenIds.map((productId) => ({ pointId: row.pointId, productId, quantity: 1 })),
    ),
  ]);
  const byProduct = substitutionsOf(substitutions, row.id);
  return {
    number: row.number,
    status: row.status,
    total: row.totalKopecks,
    can_substitute: isBeingAssembled(row.status),
    lines: items.map((item) => {
      const substitution = byProduct.get(item.productId);
      const picked = chosen.find((stockRow) => stockRow.productId === item.chosenReplacementId);
      return {
        product: item.productId,
        name: item.name,
        quantity: item.quantity,
        sold_by: item.soldBy,
        on_missing: lineChoice(item.onMissing, row.onMissing),
        chosen: picked ? { product: picked.productId, name: picked.name } : null,
        state: substitution?.state ?? null,
        replacement:
          substitution?.replacementId && substitution.quantity
            ? {
                product: substitution.replacementId,
                name: substitution.name ?? '',
                quantity: substitution.quantity,
              }
            : null,
        expires_at: substitution?.expiresAt?.toISOString() ?? null,
        similar: similar.get(item.productId) ?? [],
      };
    }),
  };
}

/**
 * POST /api/operator/orders/{number}/substitute: the line is missing, or (with `replacement`) a replacement is
 * offered for the customer to answer within the shop's time.
 */
export async function substituteLine(
  deps: SubstituteDeps,
  number: number,
  input: SubstituteLine,
  scope: Scope = { storeIds: null },
): Promise<SubstitutedOrder> {
  // What the replacement may be is read first, outside the transaction: the customer's pick or a similar
  // product of the point; the transaction checks the rest under the order's lock.
  const unlocked = await findScoped(deps.db, number, scope, false);
  const replacementId = input.replacement;
  let minutes = DEFAULT_REPLACEMENT_MINUTES;
  if (replacementId) {
    const items = await findOrderItems(deps.db, [unlocked.id]);
    const item = items.find((line) => line.productId === input.product);
    if (!item) throw new AppError('not_found', LINE_NOT_FOUND);
    const similar = (await similarFor(deps, unlocked, [item])).get(item.productId) ?? [];
    const isAllowed =
      (item.chosenReplacementId === replacementId && replacementId !== item.productId) ||
      similar.some((card) => card.product === replacementId);
    if (!isAllowed) {
      throw new AppError('bad_request', NOT_SIMILAR, { fields: { replacement: NOT_SIMILAR } });
    }
    const [point] = await deps.catalog.listCheckoutPoints([unlocked.pointId]);
    minutes = point?.replacementMinutes ?? DEFAULT_REPLACEMENT_MINUTES;
  }
  const { row, total } = await withRetries(deps.db, async (tx) => {
    const row = await findScoped(tx, number, scope, true);
    if (!isBeingAssembled(row.status)) throw new AppError('conflict', NOT_ASSEMBLING);
    const items = await findOrderItems(tx, [row.id]);
    const item = items.find((line) => line.productId === input.product);
    if (!item) throw new AppError('not_found', LINE_NOT_FOUND);
    const substitutions = await findSubstitutions(tx, [row.id]);
    if (substitutions.some((substitution) => substitution.productId === item.productId)) {
      throw new AppError('conflict', ALREADY_SUBSTITUTED);
    }
    if (replacementId && items.some((line) => line.productId === replacementId)) {
      throw new AppError('bad_request', NOT_SIMILAR, { fields: { replacement: NOT_SIMILAR } });
    }
    const choice = lineChoice(item.onMissing, row.onMissing);
    const now = nowOf(deps);
    let message: string;
    let notice = '';
    if (replacementId) {
      if (!canOfferReplacement(choice)) throw new AppError('conflict', REMOVE_ASKED);
      const expiresAt = answerDeadline(now, minutes);
      message = await offerReplacement(deps, tx, row, item, replacementId, expiresAt);
      notice = `. Примите или откажитесь до ${formatMoscowTime(expiresAt)} на странице заказа`;
    } else {
      await insertSubstitution(tx, {
        orderId: row.id,
        productId: item.productId,
        state: 'missing',
        createdAt: now,
      });
      message = `«${item.name}»: нет в наличии, убрали из заказа`;
    }
    await insertOrderEvent(tx, { orderId: row.id, status: row.status, at: now, detail: message });
    const total = await recomputeMoney(deps, tx, row);
    await deps.notifications.add(tx, {
      userId: row.userId,
      type: 'link_message',
      title: `Заказ №${number}`,
      content: `${message}${notice}. Сумма заказа ${formatRoubles(total)}`,
      link: `/order/${number}`,
      createdAt: now,
    });
    return { row, total };
  });
  await deps.notifications.announceOrders([
    { userId: row.userId, number, status: row.status, storeId: row.storeId },
  ]);
  return { number, total };
}

/** Takes the replacement's stock (all of it or nothing) and records the offer; answers its history line. */
async function offerReplacement(
  deps: SubstituteDeps,
  tx: Executor,
  row: OrderRow,
  item: OrderItemRow,
  replacementId: string,
  expiresAt: Date,
): Promise<string> {
  const [product] = await deps.catalog.stock.read(tx, [
    { pointId: row.pointId, productId: replacementId, quantity: 1 },
  ]);
  if (!product) throw new AppError('conflict', REPLACEMENT_GONE);
  const quantity = replacementQuantity(item, product);
  const line = { pointId: row.pointId, productId: replacementId, quantity };
  const [taken] = await deps.catalog.stock.lockAndTake(tx, [line]);
  if (!taken?.taken) throw new AppError('conflict', REPLACEMENT_GONE);
  await insertSubstitution(tx, {
    orderId: row.id,
    productId: item.productId,
    state: 'offered',
    replacementId,
    name: product.name,
    slug: product.slug,
    image: product.image,
    weightGrams: product.weightGrams,
    // The price as the lock found it: what the stock was taken at.
    priceKopecks: taken.priceKopecks,
    discountPercent: product.discountPercent,
    quantity,
    vatCode: product.vatCode,
    soldBy: product.soldBy,
    stepGrams: product.stepGrams,
    pieceGrams: product.pieceGrams,
    expiresAt,
    createdAt: nowOf(deps),
  });
  const sum = linePriceKopecks(taken.priceKopecks, quantity, product.soldBy === 'weight');
  return (
    `«${item.name}»: нет в наличии, предложена замена: «${product.name}», ` +
    `${formatReplacementAmount(product.soldBy, quantity)} за ${formatRoubles(sum)}`
  );
}
