/** The notifications' queries (SPEC §3 Notification). */
import { and, count, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { notifications } from '../../db/schema/index';

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.value ?? 0;
}

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'type' | 'title' | 'content' | 'link' | 'createdAt'
>;

export async function insertNotification(tx: Executor, notification: NewNotification): Promise<void> {
  await tx.insert(notifications).values(notification);
}
