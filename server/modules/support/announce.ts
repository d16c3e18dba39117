/**
 * What a change of a conversation tells the sockets of both sides, on every process (ADR 027): the customer
 * by user, the operators by the conversation's audience (operators.ts), looked up once per change.
 */
import type { ChatMessage, ConversationSummary } from '@core/contracts/support';
import type { LazyAudience } from './operators';
import { summaryOf } from './read-conversations';
import type { SupportDeps } from './support.deps';
import type { ConversationRow } from './support.repository';

/** A new message: the customer's tabs and the operators who see the conversation. */
export async function announceMessage(
  deps: Pick<SupportDeps, 'realtime'>,
  row: ConversationRow,
  message: ChatMessage,
  operators: LazyAudience,
): Promise<void> {
  const event = { type: 'chat.message', conversation: row.id, message, at: message.created_at } as const;
  await Promise.all([
    deps.realtime.publish({ users: [row.customerId] }, event),
    operators().then((audience) => deps.realtime.publish(audience, event)),
  ]);
}

/** The conversation as the operators' list shows it (a new message, a read, a close); answers the summary. */
export async function announceConversation(
  deps: Pick<SupportDeps, 'db' | 'customers' | 'realtime' | 'clock'>,
  row: ConversationRow,
  operators: LazyAudience,
): Promise<ConversationSummary> {
  const [conversation, audience] = await Promise.all([summaryOf(deps, row), operators()]);
  await deps.realtime.publish(audience, {
    type: 'chat.conversation',
    conversation,
    at: new Date(deps.clock.now()).toISOString(),
  });
  return conversation;
}

/** One side read the other's messages: both sides see 'Прочитано' and the unread counts follow. */
export async function announceRead(
  deps: Pick<SupportDeps, 'realtime'>,
  row: ConversationRow,
  reader: 'customer' | 'operator',
  at: Date,
  operators: LazyAudience,
): Promise<void> {
  const event = { type: 'chat.read', conversation: row.id, reader, at: at.toISOString() } as const;
  await Promise.all([
    deps.realtime.publish({ users: [row.customerId] }, event),
    operators().then((audience) => deps.realtime.publish(audience, event)),
  ]);
}
