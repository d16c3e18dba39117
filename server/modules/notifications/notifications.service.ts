import type { Db, Executor } from '../../db/client';
import {
  countUnreadNotifications,
  insertNotification,
  type NewNotification,
} from './notifications.repository';

export type NotificationsDeps = { db: Db };

/**
 * The customer's notifications. For now only their unread count, the header's 'Кабинет' badge; the list
 * (GET /api/notification), reading them and the socket come with the notifications issue.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  return {
    countUnread: (userId: string): Promise<number> => countUnreadNotifications(deps.db, userId),

    /** Stores a notification inside the caller's transaction `tx` (an order's status change: both or neither). */
    add: (tx: Executor, notification: NewNotification): Promise<void> => insertNotification(tx, notification),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type { NewNotification } from './notifications.repository';
