/** The notifications' queries (SPEC §3 Notification) and the web push subscriptions. */
import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { notifications, pushSubscriptions } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
/** What a module stores: the SPEC §3 fields it sets; `deliveredAt` null until it has gone out. */
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'type' | 'title' | 'content' | 'link' | 'chatId' | 'createdAt' | 'deliveredAt'
>;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.value ?? 0;
}

export function listNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Claims the user's notifications not yet delivered (oldest first): each is handed out exactly once. */
export async function takePendingNotifications(db: Db, userId: string, at: Date): Promise<NotificationRow[]> {
  const rows = await db
    .update(notifications)
    .set({ deliveredAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.deliveredAt)))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * When a notification became the user's to see: when it went out (`delivered_at`), or, while it waits for its
 * announcement, when it was stored. A row stored inside an order's transaction is announced after the commit,
 * later than its `created_at`; a socket that saw an event stamped in between must still get it on catch-up.
 * The expression of `notifications_user_seen_idx`.
 */
const seenAt = sql<Date>`coalesce(${notifications.deliveredAt}, ${notifications.createdAt})`;

/** A user's notifications delivered (or stored and still waiting) at or after `since`, oldest first. */
export function listNotificationsSince(
  db: Db,
  userId: string,
  since: Date,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gte(seenAt, since)))
    .orderBy(asc(seenAt), asc(notifications.id))
    .limit(limit);
}

/** Stores a notification (inside the caller's transaction when `tx` is one). */
export async function insertNotification(tx: Executor, values: NewNotification): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(values).returning();
  if (!row) throw new Error('notification not stored');
  return row;
}

/** Marks one read and answers it; undefined when it is not this user's. */
export async function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markChatNotificationsRead(db: Db, userId: string, chatId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.chatId, chatId),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** One row per endpoint: a browser that subscribes again (or for another user) replaces its row. */
export async function upsertPushSubscription(
  db: Db,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: values.createdAt },
    });
}

export function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deletePushSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
