/** Notifications (SPEC §3 Notification, §7 GET /api/notification, POST /api/notification/subscribe; issue 15). */
import type { FormFields } from './form-fields';
import { z } from './z';

export const NotificationTypeSchema = z.enum(['message', 'link_message', 'chat_message']);

/** SPEC §3: type, title, content, chat_id, link, is_read, is_closeble, id; and when it came. */
export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  chat_id: z.string().nullable(),
  is_read: z.boolean(),
  is_closeble: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notification: newest first, and how many are unread (the cabinet badge). */
export const NotificationListSchema = z.object({
  success: z.literal(true),
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationIdParamsSchema = z.object({ id: z.uuid('Уведомление не найдено') });

/** The header's live badges: unread notifications ('Кабинет') and active orders ('Заказы'). */
export const BadgeCountsSchema = z.object({ cabinet: z.number().int(), orders: z.number().int() });
export type BadgeCounts = z.infer<typeof BadgeCountsSchema>;

export const UnreadCountSchema = z.object({ success: z.literal(true), unread: z.number().int() });

const SUBSCRIPTION_MESSAGE = 'Некорректная подписка на уведомления';
const key = () => z.line(SUBSCRIPTION_MESSAGE).min(16, SUBSCRIPTION_MESSAGE).max(256, SUBSCRIPTION_MESSAGE);

/**
 * A browser's PushSubscription.toJSON(): the push service's https endpoint and the keys to encrypt for. Which
 * hosts an endpoint may name is the push sender's rule (core/rules/push.ts, ADR 037), checked by the service.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: SUBSCRIPTION_MESSAGE }).max(2048, SUBSCRIPTION_MESSAGE),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: key(), auth: key().min(8, SUBSCRIPTION_MESSAGE) },
    { error: SUBSCRIPTION_MESSAGE },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** POST /api/notification/subscribe (SPEC §7: `subscription`). */
export const SubscribeRequestSchema = z.object({
  subscription: PushSubscriptionSchema,
});

/**
 * The cabinet's notification posts to /resources/notifications (ADR 033, 042): open one (read, then go to its
 * link), read them all, or keep this browser's push subscription (SubscribeRequestSchema's
 * `subscription.endpoint`, `subscription.keys.p256dh` …).
 */
export const NotificationFormSchema = z.discriminatedUnion(
  'intent',
  [
    NotificationIdParamsSchema.extend({ intent: z.literal('open') }),
    z.object({ intent: z.literal('read-all') }),
    SubscribeRequestSchema.extend({ intent: z.literal('subscribe') }),
  ],
  { error: 'Неизвестное действие с уведомлениями' },
);
/** A notification post's fields as a form or a fetcher sends them (text). */
export type NotificationForm = FormFields<z.input<typeof NotificationFormSchema>>;

/** GET /api/notification/vapid: the application server key a browser subscribes with. */
export const VapidKeySchema = z.object({ success: z.literal(true), publicKey: z.string() });

/** What a push message carries to the service worker. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
