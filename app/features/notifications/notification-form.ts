import type { Notification } from '@core/contracts/notifications';
import { SUPPORT_CHAT_HREF } from '~/lib/site-links';

/**
 * The notifications' resource route (ADR 033): its path, the intents its action understands and the names of
 * the form fields. Shared by the cabinet tab (browser) and the action (server); no Zod here.
 */

/** POST: open one (read, then go to its link), read them all, or keep this browser's push subscription. */
export const NOTIFICATIONS_ACTION = '/resources/notifications';
/** The cabinet tab of the list (SPEC §2 /lk?active=notification). */
export const NOTIFICATIONS_TAB_HREF = '/lk?active=notification';

export const NOTIFICATION_INTENTS = ['open', 'read-all', 'subscribe'] as const;
export type NotificationIntent = (typeof NOTIFICATION_INTENTS)[number];

export const NOTIFICATION_FIELD = {
  intent: 'intent',
  /** open: the notification's id. */
  id: 'id',
  /** subscribe: a PushSubscription's endpoint and keys (its toJSON()). */
  endpoint: 'endpoint',
  p256dh: 'p256dh',
  auth: 'auth',
} as const;

/** SPEC §4: the label of an unread notification. */
export const UNREAD_LABEL = 'Не прочитано';
export const READ_ALL_LABEL = 'Прочитать все';

/** Where a notification leads (SPEC §4): its link; a chat message's, the chat; else the list. */
export function notificationHref(notification: Pick<Notification, 'link' | 'chat_id' | 'type'>): string {
  if (notification.link) return notification.link;
  if (notification.chat_id || notification.type === 'chat_message') return SUPPORT_CHAT_HREF;
  return NOTIFICATIONS_TAB_HREF;
}
