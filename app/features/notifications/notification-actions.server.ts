/**
 * The notifications' changes from the cabinet (resource route /resources/notifications, ADR 033): a post read
 * by NotificationFormSchema (ADR 042), then the same service calls as POST /api/notification/:id/read,
 * …/read-all and …/subscribe.
 */
import type { NotificationFormSchema } from '@core/contracts/notifications';
import type { z } from '@core/contracts/z';
import type { Services } from '@server/services';
import { notificationHref } from './notification-links';

export type NotificationPost = z.output<typeof NotificationFormSchema>;

export type NotificationActionResult =
  /** Where the opened notification leads (its link, or the chat). */
  { ok: true; intent: 'open'; href: string } | { ok: true; intent: 'read-all' | 'subscribe' };

/**
 * Runs one post for the signed-in customer; AppErrors (not found, too many) go to the form. `origin.ip`: the
 * client's address, which the subscriptions' rate counts as the API does.
 */
export async function runNotificationIntent(
  notifications: Services['notifications'],
  userId: string,
  input: NotificationPost,
  origin: { ip: string },
): Promise<NotificationActionResult> {
  switch (input.intent) {
    case 'open': {
      const notification = await notifications.open(userId, input.id);
      return { ok: true, intent: input.intent, href: notificationHref(notification) };
    }
    case 'read-all':
      await notifications.markAllRead(userId);
      return { ok: true, intent: input.intent };
    case 'subscribe':
      await notifications.subscribe(userId, input.subscription, origin);
      return { ok: true, intent: input.intent };
  }
}
