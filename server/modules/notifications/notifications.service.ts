import type { BadgeCounts, Notification, PushSubscriptionInput } from '@core/contracts/notifications';
import { NOTIFICATION_LIST_LIMIT } from '@core/rules/chat';
import { PUSH_SUBSCRIPTIONS_MAX } from '@core/rules/push';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../limits/rate-limit';
import type { Realtime } from '../../realtime/realtime';
import {
  announceOrders,
  type OrderChange,
  publishBadges as publishBadgesTo,
  publishNotification,
  pushPayloadOf,
} from './delivery';
import { presentNotification } from './notifications.presenter';
import {
  countBadges,
  countUnreadNotifications,
  insertNotification,
  listNotifications,
  listNotificationsSince,
  markAllNotificationsRead,
  markChatNotificationsRead,
  markNotificationRead,
  type NewNotification,
  type NotificationRow,
  savePushSubscription,
  takePendingNotifications,
} from './notifications.repository';
import type { PushSender } from './push';
import { createPushDelivery } from './push-delivery';

export type NotificationsDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  /** Web push; absent, nothing is pushed (a tool without keys). */
  push?: PushSender;
  /** Rates per customer and per address (push subscriptions). */
  rates: RateLimiter;
  log?: { warn(details: object, message: string): void };
};

export const NOTIFICATION_NOT_FOUND = 'Уведомление не найдено';
export const PUSH_UNAVAILABLE = 'Push-уведомления сейчас недоступны';
export const PUSH_ENDPOINT_REFUSED =
  'Адрес подписки не принимается: нужен https-адрес службы push-уведомлений браузера';
export const PUSH_ENDPOINT_TAKEN = 'Этот браузер уже получает уведомления другого аккаунта';
/** Subscriptions a customer may hand over, and from one address (a NAT's customers share it). */
export const PUSH_SUBSCRIBES_PER_USER = 10;
export const PUSH_SUBSCRIBES_PER_ADDRESS = 30;
export const PUSH_SUBSCRIBE_WINDOW_MS = 10 * 60_000;
export { PUSH_FAILURES_MAX } from './push-delivery';

/** Most events one catch-up returns; a client away longer reloads its lists instead. */
const MISSED_LIMIT = 200;

export type NewNotificationInput = {
  type: Notification['type'];
  title: string;
  content: string;
  link?: string | null;
  chatId?: string | null;
};

export type { OrderChange } from './delivery';

/**
 * The customer's notifications (SPEC §3, §4): the list, reading them, and delivery of new ones — over the
 * socket of every process (the realtime bus) and, when the customer has no socket open anywhere, by web push.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const now = () => new Date(deps.clock.now());
  const pushes = createPushDelivery(deps);

  function badges(userId: string): Promise<BadgeCounts> {
    return countBadges(deps.db, userId);
  }

  const publishBadges = (userId: string): Promise<void> => publishBadgesTo(deps, userId);

  async function deliver(row: NotificationRow): Promise<Notification> {
    const notification = await publishNotification(deps, row);
    pushes.pushIfAway(row.userId, pushPayloadOf(row));
    return notification;
  }

  async function open(userId: string, id: string): Promise<Notification> {
    const row = await markNotificationRead(deps.db, userId, id);
    if (!row) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
    await publishBadges(userId);
    return presentNotification(row);
  }

  return {
    badges,
    publishBadges,

    /** GET /api/notification: newest first, with the unread count. */
    async list(userId: string): Promise<{ notifications: Notification[]; unread: number }> {
      const [rows, unread] = await Promise.all([
        listNotifications(deps.db, userId, NOTIFICATION_LIST_LIMIT),
        countUnreadNotifications(deps.db, userId),
      ]);
      return { notifications: rows.map(presentNotification), unread };
    },

    /** Marks one read (another user's is 'not found'); the badge follows on every tab. */
    async markRead(userId: string, id: string): Promise<number> {
      await open(userId, id);
      return countUnreadNotifications(deps.db, userId);
    },

    /** The customer clicked a notification: it is read, and its link is where they go (the cabinet list). */
    open,

    async markAllRead(userId: string): Promise<void> {
      await markAllNotificationsRead(deps.db, userId);
      await publishBadges(userId);
    },

    /** The customer read the chat: its message notifications are read too. */
    async markChatRead(userId: string, chatId: string): Promise<void> {
      if ((await markChatNotificationsRead(deps.db, userId, chatId)) > 0) await publishBadges(userId);
    },

    /** Stores a notification and delivers it (socket, push, badge). */
    async create(userId: string, input: NewNotificationInput): Promise<Notification> {
      const row = await insertNotification(deps.db, {
        userId,
        type: input.type,
        title: input.title,
        content: input.content,
        link: input.link ?? null,
        chatId: input.chatId ?? null,
        createdAt: now(),
        deliveredAt: now(),
      });
      const notification = await deliver(row);
      await publishBadges(userId);
      return notification;
    },

    /**
     * Stores a notification inside the caller's transaction `tx` (an order's status change: both or neither).
     * It goes out when the caller, after the commit, calls `deliverPending` (or `announceOrders`).
     */
    add: async (tx: Executor, notification: Omit<NewNotification, 'deliveredAt'>): Promise<void> => {
      await insertNotification(tx, { ...notification, deliveredAt: null });
    },

    /** Sends the user's notifications stored by others and not yet delivered (each once, on any process). */
    async deliverPending(userId: string): Promise<void> {
      for (const row of await takePendingNotifications(deps.db, userId, now())) await deliver(row);
    },

    /** Orders changed and committed: their notifications, statuses and badges go out (delivery.ts). */
    announceOrders: (changes: readonly OrderChange[]): Promise<void> => announceOrders(deps, pushes, changes),

    /** The socket's catch-up: notifications since a time, oldest first. */
    async listSince(userId: string, since: Date): Promise<Notification[]> {
      return (await listNotificationsSince(deps.db, userId, since, MISSED_LIMIT)).map(presentNotification);
    },

    /**
     * POST /api/notification/subscribe: this browser gets pushes for this user from now on (ADR 037). Only an
     * endpoint at a public push service; at most PUSH_SUBSCRIPTIONS_MAX per customer (the oldest goes); a
     * rate per customer and per address; another account's endpoint only with its own keys (409 otherwise).
     */
    async subscribe(
      userId: string,
      subscription: PushSubscriptionInput,
      origin: { ip: string },
    ): Promise<void> {
      const push = deps.push;
      if (!push) throw new AppError('unavailable', PUSH_UNAVAILABLE);
      if (!push.acceptsEndpoint(subscription.endpoint)) {
        throw new AppError('bad_request', PUSH_ENDPOINT_REFUSED, {
          fields: { 'subscription.endpoint': PUSH_ENDPOINT_REFUSED },
        });
      }
      const message = 'Слишком много подписок на уведомления. Повторите через';
      await deps.rates.take([
        {
          key: `push-subscribe:user:${userId}`,
          limit: PUSH_SUBSCRIBES_PER_USER,
          windowMs: PUSH_SUBSCRIBE_WINDOW_MS,
          message,
        },
        {
          key: `push-subscribe:ip:${origin.ip}`,
          limit: PUSH_SUBSCRIBES_PER_ADDRESS,
          windowMs: PUSH_SUBSCRIBE_WINDOW_MS,
          message,
        },
      ]);
      const isSaved = await savePushSubscription(
        deps.db,
        {
          userId,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          createdAt: now(),
        },
        PUSH_SUBSCRIPTIONS_MAX,
      );
      if (!isSaved) throw new AppError('conflict', PUSH_ENDPOINT_TAKEN);
    },

    /** The application server key browsers subscribe with (null: push is off). */
    vapidPublicKey: (): string | null => deps.push?.publicKey ?? null,

    /** Resolves when the pushes under way are sent (tests, and a CLI before it exits). */
    whenIdle: (): Promise<void> => pushes.whenIdle(),

    /** The app closes: the pushes under way finish (each within its timeout), then their connections close. */
    async close(): Promise<void> {
      await pushes.whenIdle();
      deps.push?.close();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type { NewNotification } from './notifications.repository';
