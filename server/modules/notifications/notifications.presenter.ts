import type { Notification } from '@core/contracts/notifications';
import type { NotificationRow } from './notifications.repository';

/** A row → SPEC §3 Notification (its field names, is_closeble spelt as the spec spells it). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    link: row.link,
    chat_id: row.chatId,
    is_read: row.isRead,
    is_closeble: row.isClosable,
    created_at: row.createdAt.toISOString(),
  };
}
