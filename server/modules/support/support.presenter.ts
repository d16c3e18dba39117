import type { ChatMessage, ConversationSummary, StoreReplacementTime } from '@core/contracts/support';
import type { ConversationListRow, MessageRow } from './support.repository';

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    seq: row.seq,
    conversation: row.conversationId,
    author: row.authorRole,
    text: row.text,
    image: row.imageId && row.imagePath ? { _id: row.imageId, path: row.imagePath } : null,
    order: row.orderNumber,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    state: row.readAt ? 'read' : 'sent',
  };
}

export function presentConversation(row: ConversationListRow, customerName: string): ConversationSummary {
  return {
    _id: row.id,
    status: row.status,
    customer: { _id: row.customerId, name: customerName },
    last_message: row.lastMessage ? presentMessage(row.lastMessage) : null,
    last_message_at: row.lastMessageAt.toISOString(),
    unread: row.unread,
  };
}

/** A shop of the operator's board with its time to answer a replacement (ADR 055). */
export function presentReplacementTime(row: {
  id: string;
  name: string;
  minutes: number;
}): StoreReplacementTime {
  return { store: row.id, name: row.name, minutes: row.minutes };
}
