/**
 * Marking the other side's messages read: an action each side posts when the conversation is on screen —
 * the cabinet's chat tab, the console's open conversation (ADR 033, 041) — never a loader. Both sides see
 * 'Прочитано', the operators' unread counts follow.
 */
import { announceConversation, announceRead } from './announce';
import { audienceOf, visibleConversation } from './operators';
import { nowOf, type SupportDeps } from './support.deps';
import { findConversationOfCustomer, markMessagesRead } from './support.repository';

/** The customer opened the chat: the operators' messages are read, and so are their notifications. */
export async function readAsCustomer(
  deps: Pick<SupportDeps, 'db' | 'clock' | 'realtime' | 'orders' | 'notifications'>,
  customerId: string,
): Promise<void> {
  const row = await findConversationOfCustomer(deps.db, customerId);
  if (!row) return;
  const at = nowOf(deps);
  const read = await markMessagesRead(deps.db, row.id, 'operator', at);
  await deps.notifications.markChatRead(customerId, row.id);
  if (read === 0) return;
  await announceRead(deps, row, 'customer', at, audienceOf(deps, customerId));
}

/** An operator has the conversation on screen: the customer's messages are read. */
export async function readAsOperator(
  deps: Pick<SupportDeps, 'db' | 'clock' | 'realtime' | 'orders' | 'customers'>,
  operatorId: string,
  conversationId: string,
): Promise<void> {
  const { row, audience } = await visibleConversation(deps, operatorId, conversationId);
  const at = nowOf(deps);
  if ((await markMessagesRead(deps.db, row.id, 'customer', at)) === 0) return;
  await announceRead(deps, row, 'operator', at, audience);
  await announceConversation(deps, row, audience);
}
