import type { Db } from '../../db/client';
import { countUnreadNotifications } from './notifications.repository';

export type NotificationsDeps = { db: Db };

/**
 * The customer's notifications. For now only their unread count, the header's 'Кабинет' badge; the list
 * (GET /api/notification), reading them and the socket come with the notifications issue.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  return {
    countUnread: (userId: string): Promise<number> => countUnreadNotifications(deps.db, userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
