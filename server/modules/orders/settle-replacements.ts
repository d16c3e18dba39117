/**
 * Substitutions at assembly (issue 27, ADR 055), the answer: the customer accepts or rejects an offered
 * replacement within the shop's time; past it, or when the order leaves assembly first, the line's choice
 * answers (core/rules/substitution.ts). A rejected replacement's stock goes back to sale; the missing
 * product's does not. Every answer is a step in the order's history and changes its total.
 */
import type { Order, ReplacementAnswer } from '@core/contracts/orders';
import { formatRoubles } from '@core/rules/price';
import {
  answerByDefault,
  isAnswerable,
  lineChoice,
  type SubstitutionDecider,
} from '@core/rules/substitution';
import type { Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { nowOf, type OrdersDeps } from './orders.deps';
import { findOrderItems, findOrders, insertOrderEvent, type OrderRow } from './orders.repository';
import { getOrder, ORDER_NOT_FOUND } from './read-orders';
import { recomputeMoney } from './substitute-line';
import {
  findOrdersWithExpiredOffers,
  findSubstitutions,
  type SubstitutionRow,
  settleSubstitution,
} from './substitutions.repository';

export const NOTHING_TO_ANSWER = 'Замену этого товара уже не нужно подтверждать: обновите страницу';
export const ANSWER_TOO_LATE = 'Время на ответ вышло: замену решили, как вы выбрали при заказе';

/** Orders the sweep settles at most per run. */
const SWEEP_BATCH = 50;

type SettleDeps = Pick<OrdersDeps, 'db' | 'clock' | 'catalog' | 'notifications'>;

/** One offer settled in the caller's transaction (the order's row locked); answers its history line. */
async function settle(
  deps: SettleDeps,
  tx: Executor,
  row: OrderRow,
  substitution: SubstitutionRow,
  originalName: string,
  state: 'accepted' | 'rejected',
  decidedBy: SubstitutionDecider,
): Promise<string> {
  const now = nowOf(deps);
  await settleSubstitution(
    tx,
    { orderId: row.id, productId: substitution.productId },
    { state, decidedBy, decidedAt: now },
  );
  if (state === 'rejected' && substitution.replacementId && substitution.quantity) {
    await deps.catalog.stock.putBack(tx, [
      { pointId: row.pointId, productId: substitution.replacementId, quantity: substitution.quantity },
    ]);
  }
  const how = decidedBy === 'customer' ? '' : ' (без ответа — как выбрано при заказе)';
  const detail =
    state === 'accepted'
      ? `Замена «${originalName}» на «${substitution.name}» принята${how}`
      : `Замена «${originalName}» на «${substitution.name}» отклонена, товар убран из заказа${how}`;
  await insertOrderEvent(tx, { orderId: row.id, status: row.status, at: now, detail });
  return detail;
}

/**
 * Settles by default every offer of a locked order that is past its time (`all`: every offer still open, as
 * the order leaves assembly), tells the customer, and answers whether any was.
 */
export async function settleOpenOffers(
  deps: SettleDeps,
  tx: Executor,
  row: OrderRow,
  options: { all: boolean },
): Promise<boolean> {
  const now = nowOf(deps);
  const open = (await findSubstitutions(tx, [row.id])).filter(
    (substitution) =>
      substitution.state === 'offered' &&
      (options.all || !isAnswerable(substitution.state, substitution.expiresAt, now)),
  );
  if (open.length === 0) return false;
  const items = await findOrderItems(tx, [row.id]);
  const details: string[] = [];
  for (const substitution of open) {
    const item = items.find((line) => line.productId === substitution.productId);
    const choice = lineChoice(item?.onMissing, row.onMissing);
    details.push(
      await settle(deps, tx, row, substitution, item?.name ?? '', answerByDefault(choice), 'default'),
    );
  }
  const total = await recomputeMoney(deps, tx, row);
  await deps.notifications.add(tx, {
    userId: row.userId,
    type: 'link_message',
    title: `Заказ №${row.number}`,
    content: `${details.join('. ')}. Сумма заказа ${formatRoubles(total)}`,
    link: `/order/${row.number}`,
    createdAt: now,
  });
  return true;
}

const MINUTE_MS = 60_000;
/**
 * A customer's answers a minute (habit 14): an order's replacements answered twice over; and one address's.
 * An answer is final (a second one is 409), so the rates stop a script probing orders and products.
 */
export const REPLACEMENT_ANSWERS_PER_MINUTE = 30;
export const REPLACEMENT_ANSWERS_PER_ADDRESS_MINUTE = 90;
const ANSWER_RATE_MESSAGE = 'Слишком много ответов подряд. Повторите через';

/** POST /api/orders/{slug}/replacements/{product} and the order page: the customer's answer. */
export async function answerReplacement(
  deps: SettleDeps & Pick<OrdersDeps, 'rates'>,
  userId: string,
  number: number,
  productId: string,
  answer: ReplacementAnswer,
  ip: string,
): Promise<Order> {
  await deps.rates.take([
    {
      key: `replacement-answer:user-minute:${userId}`,
      limit: REPLACEMENT_ANSWERS_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: ANSWER_RATE_MESSAGE,
    },
    {
      key: `replacement-answer:ip-minute:${ip}`,
      limit: REPLACEMENT_ANSWERS_PER_ADDRESS_MINUTE,
      windowMs: MINUTE_MS,
      message: ANSWER_RATE_MESSAGE,
    },
  ]);
  const { row, isLate } = await withRetries(deps.db, async (tx) => {
    const [row] = await findOrders(tx, { userId, number }, { forUpdate: true });
    if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
    const substitution = (await findSubstitutions(tx, [row.id])).find(
      (candidate) => candidate.productId === productId,
    );
    if (substitution?.state !== 'offered') throw new AppError('conflict', NOTHING_TO_ANSWER);
    if (!isAnswerable(substitution.state, substitution.expiresAt, nowOf(deps))) {
      // Too late: the default answers now (the sweep would have), and the customer is told so.
      await settleOpenOffers(deps, tx, row, { all: false });
      return { row, isLate: true };
    }
    const [item] = (await findOrderItems(tx, [row.id])).filter((line) => line.productId === productId);
    await settle(
      deps,
      tx,
      row,
      substitution,
      item?.name ?? '',
      answer === 'accept' ? 'accepted' : 'rejected',
      'customer',
    );
    await recomputeMoney(deps, tx, row);
    return { row, isLate: false };
  });
  await deps.notifications.announceOrders([{ userId, number, status: row.status, storeId: row.storeId }]);
  if (isLate) throw new AppError('conflict', ANSWER_TOO_LATE);
  return getOrder(deps, userId, number);
}

/**
 * The sweep (every few seconds, on any process): offers past their time are settled by the line's choice.
 * Each order under its own lock; answers how many orders changed.
 */
export async function settleExpiredOffers(deps: SettleDeps): Promise<number> {
  const due = await findOrdersWithExpiredOffers(deps.db, nowOf(deps), SWEEP_BATCH);
  let settled = 0;
  for (const { number } of due) {
    const row = await withRetries(deps.db, async (tx) => {
      const [locked] = await findOrders(tx, { number }, { forUpdate: true });
      if (!locked) return null;
      return (await settleOpenOffers(deps, tx, locked, { all: false })) ? locked : null;
    });
    if (!row) continue;
    settled += 1;
    await deps.notifications.announceOrders([
      { userId: row.userId, number, status: row.status, storeId: row.storeId },
    ]);
  }
  return settled;
}
