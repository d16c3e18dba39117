import type { Notification } from '@core/contracts/notifications';
import { SUPPORT_CHAT_HREF } from '~/lib/site-links';

/**
 * The notifications' resource route (ADR 033) and the words of the list. What its posts carry is
 * NotificationFormSchema's (core/contracts/notifications, ADR 042).
 */

/** POST: open one (read, then go to its link), read them all, or keep this browser's push subscription. */
export const NOTIFICATIONS_ACTION = '/resources/notifications';
/** The cabinet tab of the list (SPEC §2 /lk?active=notification). */
export const NOTIFICATIONS_TAB_HREF = '/lk?active=notification';

/** SPEC §4: the label of an unread notification. */
export const UNREAD_LABEL = 'Не прочитано';
export const READ_ALL_LABEL = 'Прочитать все';

/** Where a notification leads (SPEC §4): its link; a chat message's, the chat; else the list. */
export function notificationHref(notification: Pick<Notification, 'link' | 'chat_id' | 'type'>): string {
  if (notification.link) return notification.link;
  if (notification.chat_id || notification.type === 'chat_message') return SUPPORT_CHAT_HREF;
  return NOTIFICATIONS_TAB_HREF;
}
