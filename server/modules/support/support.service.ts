/**
 * The support module's public surface: the customer's chat (one conversation per customer) and the operator
 * console — messages, read state, typing, closing, the order board — as its routes, the app's page actions,
 * the socket and the CLI call it. Each use case lives in its own file and takes the module's dependencies
 * first (ADR 026, 041): reading (read-conversations.ts), writing (post-message.ts, chat-rates.ts), reading
 * marks (mark-read.ts), typing and closing (typing-and-closing.ts), operators and their reach by shop
 * (operators.ts, ADR 034), the assembly actions' rates (assembly-rates.ts) and the shop's time to answer a
 * replacement (replacement-time.ts, ADR 055), and what each change tells both sides' sockets (announce.ts).
 */
import type {
  Assembly,
  BoardOrder,
  ChatHistory,
  ChatMessage,
  ConversationDetail,
  ConversationSummary,
  MovedOrder,
  Role,
  StoreReplacementTime,
  SubstitutedOrder,
  SubstituteLine,
  WeighedOrder,
  WeighLine,
} from '@core/contracts/support';
import type { OrderStatus } from '@core/rules/orders';
import { readAsCustomer, readAsOperator } from './mark-read';
import {
  assembly,
  board,
  grantOperator,
  moveOrder,
  requireOperator,
  revokeOperator,
  roleOf,
  storesOf,
  substituteLine,
  weighLine,
} from './operators';
import { type MessageInput, type PostOrigin, reply, sendAsCustomer } from './post-message';
import {
  getChat,
  getConversation,
  type HistoryCursor,
  listConversations,
  listMessagesSince,
} from './read-conversations';
import { listReplacementTimes, setReplacementMinutes } from './replacement-time';
import type { SupportDeps } from './support.deps';
import { closeConversation, isTyping, typing } from './typing-and-closing';
import { writeToCustomer } from './write-to-customer';

export {
  ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE,
  ASSEMBLY_ACTIONS_PER_MINUTE,
  ASSEMBLY_RATE_MESSAGE,
  assemblyRates,
} from './assembly-rates';
export {
  CHAT_ADDRESS_FACTOR,
  CHAT_MESSAGES_PER_DAY,
  OPERATOR_REPLIES_PER_ADDRESS_MINUTE,
  OPERATOR_REPLIES_PER_MINUTE,
} from './chat-rates';
export {
  CHAT_KEY_REUSED,
  IMAGE_NOT_YOURS,
  type MessageInput,
  ORDER_NOT_YOURS,
  type PostOrigin,
  SUPPORT_TITLE,
} from './post-message';
export { CONVERSATION_NOT_FOUND, OPERATORS_ONLY, type SupportDeps } from './support.deps';

export function createSupportService(deps: SupportDeps) {
  return {
    roleOf: (userId: string): Promise<Role> => roleOf(deps, userId),
    /** 403 for anyone but an operator: the console and its API are theirs alone. */
    requireOperator: (userId: string): Promise<void> => requireOperator(deps, userId),
    /** `npm run user:role`: grants the operator role (with the shops of its board; none: all shops). */
    grantOperator: (userId: string, storeIds: readonly string[]): Promise<void> =>
      grantOperator(deps, userId, storeIds),
    revokeOperator: (userId: string): Promise<void> => revokeOperator(deps, userId),
    /** The shops whose orders the operator's board shows; null: every shop. */
    storesOf: (userId: string): Promise<string[] | null> => storesOf(deps, userId),
    /** The customer's chat: a page of its history (the newest without `before`), oldest first. */
    getChat: (customerId: string, cursor?: HistoryCursor): Promise<ChatHistory> =>
      getChat(deps, customerId, cursor),
    /** The customer writes to support (rates, a repeat under the same Idempotency-Key answered once). */
    sendAsCustomer: (customerId: string, input: MessageInput, origin: PostOrigin): Promise<ChatMessage> =>
      sendAsCustomer(deps, customerId, input, origin),
    /** The chat is on the customer's screen: the operators' messages and their notifications are read. */
    readAsCustomer: (customerId: string): Promise<void> => readAsCustomer(deps, customerId),
    /** Someone is typing: the other side sees it for TYPING_TTL_MS unless it is repeated. */
    typing: (userId: string, role: Role, conversationId?: string): Promise<void> =>
      typing(deps, userId, role, conversationId),
    /** Whether the other side is typing now (a page opened mid-sentence shows it). */
    isTyping: (conversationId: string, author: 'customer' | 'operator'): Promise<boolean> =>
      isTyping(deps, conversationId, author),
    /** Operators: the conversations within their reach, newest first, with unread counts. */
    listConversations: (
      operatorId: string,
      status: 'open' | 'closed' | 'all',
    ): Promise<ConversationSummary[]> => listConversations(deps, operatorId, status),
    /** Operators: one conversation, a page of it and the customer's orders of their shops; marks nothing read. */
    getConversation: (operatorId: string, id: string, cursor?: HistoryCursor): Promise<ConversationDetail> =>
      getConversation(deps, operatorId, id, cursor),
    /** An operator answers; the customer gets it live, or as a push. */
    reply: (operatorId: string, conversationId: string, input: MessageInput, origin: PostOrigin) =>
      reply(deps, operatorId, conversationId, input, origin),
    /** An operator answers a customer's feedback question in their chat (opened for it; ADR 045). */
    writeToCustomer: (
      operatorId: string,
      customerId: string,
      text: string,
      ip: string,
    ): Promise<ChatMessage> => writeToCustomer(deps, operatorId, customerId, text, ip),
    /** The conversation is on the operator's screen: the customer's messages are read ('Прочитано'). */
    readAsOperator: (operatorId: string, conversationId: string): Promise<void> =>
      readAsOperator(deps, operatorId, conversationId),
    close: (operatorId: string, conversationId: string): Promise<ConversationSummary> =>
      closeConversation(deps, operatorId, conversationId),
    /** The socket's catch-up: chat messages since a time, within the operator's reach (`storeIds`). */
    listMessagesSince: (
      userId: string,
      role: Role,
      since: Date,
      storeIds: readonly string[] | null = null,
    ): Promise<ChatMessage[]> => listMessagesSince(deps, userId, role, since, storeIds),
    /** The operator's board: active orders of their shops. */
    board: (operatorId: string): Promise<BoardOrder[]> => board(deps, operatorId),
    /** Moves an order of the operator's shops; the orders module notifies the customer. */
    moveOrder: (operatorId: string, number: number, to: OrderStatus): Promise<MovedOrder> =>
      moveOrder(deps, operatorId, number, to),
    /**
     * Weighs a line of an order of the operator's shops (ADR 054); the customer is told the difference. The
     * assembly rates (per operator and per the client's address, `ip`) first.
     */
    weighLine: (operatorId: string, number: number, input: WeighLine, ip: string): Promise<WeighedOrder> =>
      weighLine(deps, operatorId, number, input, ip),
    /** A line missing, or a replacement offered, in an order of the operator's shops (ADR 055); rates first. */
    substituteLine: (
      operatorId: string,
      number: number,
      input: SubstituteLine,
      ip: string,
    ): Promise<SubstitutedOrder> => substituteLine(deps, operatorId, number, input, ip),
    /** The shops of the operator's board with their times to answer a replacement (ADR 055). */
    listReplacementTimes: (operatorId: string): Promise<StoreReplacementTime[]> =>
      listReplacementTimes(deps, operatorId),
    /** Sets a shop's time to answer a replacement: its operators only, rates first; answers the minutes. */
    setReplacementMinutes: (
      operatorId: string,
      storeId: string,
      minutes: number,
      ip: string,
    ): Promise<number> => setReplacementMinutes(deps, operatorId, storeId, minutes, ip),
    /** An order of the operator's shops as the picker assembles it (ADR 055). */
    assembly: (operatorId: string, number: number): Promise<Assembly> => assembly(deps, operatorId, number),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
