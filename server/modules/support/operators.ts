/**
 * Operators and their reach (ADR 034): the role, the shops of an operator's board, and which conversations
 * they see. An operator of every shop sees every conversation; an operator of some shops sees those of the
 * customers who have ordered from them. A conversation's events go to the same operators: its audience,
 * looked up once per message, read or close and shared by what that one change publishes.
 */
import type {
  Assembly,
  BoardOrder,
  MovedOrder,
  Role,
  SubstitutedOrder,
  SubstituteLine,
  WeighedOrder,
  WeighLine,
} from '@core/contracts/support';
import type { OrderStatus } from '@core/rules/orders';
import { AppError } from '../../errors';
import { isOperatorAudience } from '../../realtime/bus';
import { assemblyRates } from './assembly-rates';
import { CONVERSATION_NOT_FOUND, OPERATORS_ONLY, type SupportDeps } from './support.deps';
import {
  type ConversationRow,
  findConversation,
  findOperatorStores,
  findRoles,
  grantRole,
  revokeRole,
} from './support.repository';

/** The operators a conversation's events go to: those of every shop and of its customer's shops. */
export type OperatorAudience = { role: 'operator'; storeIds: readonly string[] };

/** A conversation's audience, looked up on first use and then shared (one look-up per change). */
export type LazyAudience = () => Promise<OperatorAudience>;

export function audienceOf(deps: Pick<SupportDeps, 'orders'>, customerId: string): LazyAudience {
  let audience: Promise<OperatorAudience> | undefined;
  return () => {
    audience ??= deps.orders
      .listCustomerStores(customerId)
      .then((storeIds) => ({ role: 'operator', storeIds }) as const);
    return audience;
  };
}

export async function roleOf(deps: Pick<SupportDeps, 'db'>, userId: string): Promise<Role> {
  return (await findRoles(deps.db, userId)).includes('operator') ? 'operator' : 'customer';
}

/** 403 for anyone but an operator: the console and its API are theirs alone. */
export async function requireOperator(deps: Pick<SupportDeps, 'db'>, userId: string): Promise<void> {
  if ((await roleOf(deps, userId)) !== 'operator') throw new AppError('forbidden', OPERATORS_ONLY);
}

/** `npm run user:role`: grants the operator role (with the shops of its board; none: all shops). */
export const grantOperator = (deps: Pick<SupportDeps, 'db'>, userId: string, storeIds: readonly string[]) =>
  grantRole(deps.db, userId, 'operator', storeIds);

export const revokeOperator = (deps: Pick<SupportDeps, 'db'>, userId: string) =>
  revokeRole(deps.db, userId, 'operator');

/** The shops whose orders the operator's board shows; null: every shop. */
export async function storesOf(deps: Pick<SupportDeps, 'db'>, userId: string): Promise<string[] | null> {
  const stores = await findOperatorStores(deps.db, userId);
  return stores.length > 0 ? stores : null;
}

/** Whether an operator of these shops (null: every shop) may see the conversation of this audience. */
export async function reaches(storeIds: readonly string[] | null, audience: LazyAudience): Promise<boolean> {
  return storeIds === null || isOperatorAudience(storeIds, await audience());
}

/** A conversation the operator may see, with the operator's shops and its audience; any other is not found. */
export async function visibleConversation(
  deps: Pick<SupportDeps, 'db' | 'orders'>,
  operatorId: string,
  id: string,
): Promise<{ row: ConversationRow; storeIds: string[] | null; audience: LazyAudience }> {
  const [row, storeIds] = await Promise.all([findConversation(deps.db, id), storesOf(deps, operatorId)]);
  if (!row) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  const audience = audienceOf(deps, row.customerId);
  if (!(await reaches(storeIds, audience))) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  return { row, storeIds, audience };
}

/** The operator's board: active orders of their shops. */
export async function board(
  deps: Pick<SupportDeps, 'db' | 'orders'>,
  operatorId: string,
): Promise<BoardOrder[]> {
  return deps.orders.listBoard(await storesOf(deps, operatorId));
}

/**
 * Weighs a line of an order of the operator's shops (ADR 054); the orders module notifies the customer. The
 * assembly rates (per operator and per `ip`, the client's address) are taken first.
 */
export async function weighLine(
  deps: Pick<SupportDeps, 'db' | 'orders' | 'rates'>,
  operatorId: string,
  number: number,
  input: WeighLine,
  ip: string,
): Promise<WeighedOrder> {
  await deps.rates.take(assemblyRates(operatorId, ip));
  return deps.orders.weighLine(number, input, { storeIds: await storesOf(deps, operatorId) });
}

/**
 * Marks a line of an order of the operator's shops missing, or offers a replacement (ADR 055), after the
 * assembly rates.
 */
export async function substituteLine(
  deps: Pick<SupportDeps, 'db' | 'orders' | 'rates'>,
  operatorId: string,
  number: number,
  input: SubstituteLine,
  ip: string,
): Promise<SubstitutedOrder> {
  await deps.rates.take(assemblyRates(operatorId, ip));
  return deps.orders.substituteLine(number, input, { storeIds: await storesOf(deps, operatorId) });
}

/** An order of the operator's shops as the picker assembles it (ADR 055). */
export async function assembly(
  deps: Pick<SupportDeps, 'db' | 'orders'>,
  operatorId: string,
  number: number,
): Promise<Assembly> {
  return deps.orders.getAssembly(number, { storeIds: await storesOf(deps, operatorId) });
}

/** Moves an order of the operator's shops; the orders module notifies the customer. */
export async function moveOrder(
  deps: Pick<SupportDeps, 'db' | 'orders'>,
  operatorId: string,
  number: number,
  to: OrderStatus,
): Promise<MovedOrder> {
  return deps.orders.moveOrder(number, to, { storeIds: await storesOf(deps, operatorId) });
}
