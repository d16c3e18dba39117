/**
 * The notifications' changes from the cabinet (resource route /resources/notifications, ADR 033): the form read
 * with the API's contracts, then the same service calls as POST /api/notification/:id/read, …/read-all and
 * …/subscribe.
 */
import { NotificationIdParamsSchema, SubscribeRequestSchema } from '@core/contracts/notifications';
import { z } from '@core/contracts/z';
import type { Services } from '@server/services';
import { formText, parseWith } from '~/lib/actions.server';
import { NOTIFICATION_FIELD, NOTIFICATION_INTENTS, notificationHref } from './notification-form';

const IntentSchema = z.enum(NOTIFICATION_INTENTS, { error: 'Неизвестное действие с уведомлениями' });

export type NotificationActionResult =
  /** Where the opened notification leads (its link, or the chat). */
  { ok: true; intent: 'open'; href: string } | { ok: true; intent: 'read-all' | 'subscribe' };

/**
 * Runs one intent for the signed-in customer; AppErrors (bad input, not found, too many) go to the form.
 * `origin.ip`: the client's address, which the subscriptions' rate counts as the API does.
 */
export async function runNotificationIntent(
  notifications: Services['notifications'],
  userId: string,
  form: FormData,
  origin: { ip: string },
): Promise<NotificationActionResult> {
  const intent = parseWith(IntentSchema, formText(form, NOTIFICATION_FIELD.intent));
  switch (intent) {
    case 'open': {
      const { id } = parseWith(NotificationIdParamsSchema, { id: formText(form, NOTIFICATION_FIELD.id) });
      const notification = await notifications.open(userId, id);
      return { ok: true, intent, href: notificationHref(notification) };
    }
    case 'read-all':
      await notifications.markAllRead(userId);
      return { ok: true, intent };
    case 'subscribe': {
      const { subscription } = parseWith(SubscribeRequestSchema, {
        subscription: {
          endpoint: formText(form, NOTIFICATION_FIELD.endpoint),
          keys: {
            p256dh: formText(form, NOTIFICATION_FIELD.p256dh),
            auth: formText(form, NOTIFICATION_FIELD.auth),
          },
        },
      });
      await notifications.subscribe(userId, subscription, origin);
      return { ok: true, intent };
    }
  }
}
