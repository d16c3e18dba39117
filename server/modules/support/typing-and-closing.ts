/** Typing (shown to the other side for TYPING_TTL_MS) and an operator closing a conversation. */
import type { ConversationSummary, Role } from '@core/contracts/support';
import { TYPING_TTL_MS } from '@core/rules/chat';
import { AppError } from '../../errors';
import { announceConversation } from './announce';
import { audienceOf, reaches, storesOf, visibleConversation } from './operators';
import { CONVERSATION_NOT_FOUND, nowOf, type SupportDeps } from './support.deps';
import { findConversation, findConversationOfCustomer, setConversationStatus } from './support.repository';

/** Someone is typing: the other side sees it for TYPING_TTL_MS unless it is repeated. */
export async function typing(
  deps: Pick<SupportDeps, 'db' | 'clock' | 'realtime' | 'orders'>,
  userId: string,
  role: Role,
  conversationId?: string,
): Promise<void> {
  const row =
    role === 'operator' && conversationId
      ? await findConversation(deps.db, conversationId)
      : await findConversationOfCustomer(deps.db, userId);
  if (!row) return;
  const author = role === 'operator' && conversationId ? 'operator' : 'customer';
  const operators = audienceOf(deps, row.customerId);
  // An operator types only into conversations within their reach.
  if (author === 'operator' && !(await reaches(await storesOf(deps, userId), operators))) return;
  await deps.realtime.presence.setTyping(row.id, author, TYPING_TTL_MS);
  const event = {
    type: 'chat.typing',
    conversation: row.id,
    author,
    ttl_ms: TYPING_TTL_MS,
    at: nowOf(deps).toISOString(),
  } as const;
  await deps.realtime.publish(author === 'operator' ? { users: [row.customerId] } : await operators(), event);
}

/** Whether the other side is typing now (a page opened mid-sentence shows it). */
export const isTyping = (
  deps: Pick<SupportDeps, 'realtime'>,
  conversationId: string,
  author: 'customer' | 'operator',
): Promise<boolean> => deps.realtime.presence.isTyping(conversationId, author);

/** An operator closes the conversation; the customer's next message opens it again. */
export async function closeConversation(
  deps: Pick<SupportDeps, 'db' | 'clock' | 'realtime' | 'orders' | 'customers'>,
  operatorId: string,
  conversationId: string,
): Promise<ConversationSummary> {
  const { audience } = await visibleConversation(deps, operatorId, conversationId);
  const row = await setConversationStatus(deps.db, conversationId, 'closed');
  if (!row) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  return announceConversation(deps, row, audience);
}
