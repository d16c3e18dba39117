/** Reading the chat: the customer's history, the operators' list and one conversation, the socket's catch-up. */
import type {
  ChatHistory,
  ChatMessage,
  ConversationDetail,
  ConversationSummary,
  Role,
} from '@core/contracts/support';
import { CHAT_PAGE_SIZE } from '@core/rules/chat';
import { AppError } from '../../errors';
import { storesOf, visibleConversation } from './operators';
import { CONVERSATION_NOT_FOUND, type SupportDeps } from './support.deps';
import { presentConversation, presentMessage } from './support.presenter';
import {
  type ConversationRow,
  findConversationIdsOfCustomers,
  findConversationOfCustomer,
  listConversations as findConversations,
  listMessagesSince as findMessagesSince,
  listMessages,
  withUnreadAndLast,
} from './support.repository';

const CONVERSATION_LIST_LIMIT = 100;
const MISSED_LIMIT = 200;

export type HistoryCursor = { before?: number; limit?: number };

/** A conversation as the operators' list shows it: the customer's name, unread count and last message. */
export async function summaryOf(
  deps: Pick<SupportDeps, 'db' | 'customers'>,
  row: ConversationRow,
): Promise<ConversationSummary> {
  const [[listed], names] = await Promise.all([
    withUnreadAndLast(deps.db, [row]),
    deps.customers.listNames([row.customerId]),
  ]);
  if (!listed) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  return presentConversation(listed, names.get(row.customerId) ?? '');
}

/** A page of a conversation, oldest first: the newest without `before`. */
async function page(
  deps: Pick<SupportDeps, 'db'>,
  conversationId: string,
  { before, limit = CHAT_PAGE_SIZE }: HistoryCursor,
): Promise<{ messages: ChatMessage[]; next_before: number | null }> {
  // One more than asked tells whether an older page exists.
  const rows = await listMessages(deps.db, conversationId, before, limit + 1);
  const hasOlder = rows.length > limit;
  const messages = (hasOlder ? rows.slice(1) : rows).map(presentMessage);
  return { messages, next_before: hasOlder ? (messages[0]?.seq ?? null) : null };
}

/** The customer's chat: a page of its history (the newest without `before`), oldest first. */
export async function getChat(
  deps: Pick<SupportDeps, 'db'>,
  customerId: string,
  cursor: HistoryCursor = {},
): Promise<ChatHistory> {
  const row = await findConversationOfCustomer(deps.db, customerId);
  if (!row) return { success: true, chat: null, messages: [], next_before: null };
  return { success: true, chat: { _id: row.id, status: row.status }, ...(await page(deps, row.id, cursor)) };
}

/** Operators: the conversations within their reach, newest first, with unread counts and names. */
export async function listConversations(
  deps: Pick<SupportDeps, 'db' | 'orders' | 'customers'>,
  operatorId: string,
  status: 'open' | 'closed' | 'all',
): Promise<ConversationSummary[]> {
  const storeIds = await storesOf(deps, operatorId);
  const customerIds = storeIds ? await deps.orders.listStoreCustomers(storeIds) : null;
  const rows = await findConversations(deps.db, status, CONVERSATION_LIST_LIMIT, customerIds);
  const names = await deps.customers.listNames([...new Set(rows.map((row) => row.customerId))]);
  return rows.map((row) => presentConversation(row, names.get(row.customerId) ?? ''));
}

/**
 * Operators: one conversation, a page of its messages and the customer's orders of the operator's shops
 * (numbers and statuses; nothing else of theirs). Reading it marks nothing read: that is `readAsOperator`,
 * which the console posts when the conversation is on screen (ADR 041).
 */
export async function getConversation(
  deps: Pick<SupportDeps, 'db' | 'orders' | 'customers'>,
  operatorId: string,
  id: string,
  cursor: HistoryCursor = {},
): Promise<ConversationDetail> {
  const { row, storeIds } = await visibleConversation(deps, operatorId, id);
  const [conversation, messages, orders] = await Promise.all([
    summaryOf(deps, row),
    page(deps, id, cursor),
    deps.orders.listOrderLinks(row.customerId, storeIds),
  ]);
  return { success: true, conversation, ...messages, orders };
}

/**
 * The socket's catch-up: chat messages since a time (a customer: theirs; an operator: the conversations
 * within reach of their shops, `storeIds`; null: every conversation).
 */
export async function listMessagesSince(
  deps: Pick<SupportDeps, 'db' | 'orders'>,
  userId: string,
  role: Role,
  since: Date,
  storeIds: readonly string[] | null = null,
): Promise<ChatMessage[]> {
  let ids: string[] | null = null;
  if (role !== 'operator') {
    const row = await findConversationOfCustomer(deps.db, userId);
    ids = row ? [row.id] : [];
  } else if (storeIds) {
    // An operator of some shops: the conversations within their reach.
    ids = await findConversationIdsOfCustomers(deps.db, await deps.orders.listStoreCustomers(storeIds));
  }
  return (await findMessagesSince(deps.db, ids, since, MISSED_LIMIT)).map(presentMessage);
}
