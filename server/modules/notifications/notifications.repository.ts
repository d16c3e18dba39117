/** The notifications' queries (SPEC §3 Notification) and the web push subscriptions. */
import type { BadgeCounts } from '@core/contracts/notifications';
import { FINISHED_ORDER_STATUSES } from '@core/rules/orders';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  isNull,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { rowFromColumns } from '../../db/columns';
import { notifications, orders, pushSubscriptions } from '../../db/schema/index';
import { namedRows, statement } from '../../db/statements';

export type NotificationRow = typeof notifications.$inferSelect;
/** What a module stores: the SPEC §3 fields it sets; `deliveredAt` null until it has gone out. */
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'type' | 'title' | 'content' | 'link' | 'chatId' | 'deliveredAt'
> & { createdAt: Date };
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.value ?? 0;
}

const BadgeCountsRow = z.object({ cabinet: z.coerce.number().int(), orders: z.coerce.number().int() });

/**
 * The header's two badges in one statement (issue 26): the customer's unread notifications ('Кабинет') and
 * active orders ('Заказы', not done or cancelled; a read of the orders module's table, ADR 025's read joins).
 * Each page a signed-in customer loads, each socket's catch-up and each announced order change reads them.
 */
/** The finished statuses as SQL literals: constants of the code, written into the statement's text. */
const FINISHED_STATUS_LIST = sql.raw(FINISHED_ORDER_STATUSES.map((status) => `'${status}'`).join(', '));

export async function countBadges(db: Executor, userId: string): Promise<BadgeCounts> {
  const user = sql`${sql.placeholder('userId')}::uuid`;
  const [row] = await namedRows(
    db,
    'badge_counts',
    BadgeCountsRow,
    () => sql`select
        (select count(*) from ${notifications}
          where ${notifications.userId} = ${user} and ${notifications.isRead} = false) as cabinet,
        (select count(*) from ${orders}
          where ${orders.userId} = ${user} and ${orders.status} not in (${FINISHED_STATUS_LIST})) as orders`,
    { userId },
  );
  return row ?? { cabinet: 0, orders: 0 };
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
  return rows.sort(byCreation);
}

/** Oldest first, as they were stored. */
const byCreation = (a: NotificationRow, b: NotificationRow) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

const notificationColumns = getTableColumns(notifications);
const subscriptionColumns = getTableColumns(pushSubscriptions);
const PendingWithTargets = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  targets: z.array(z.record(z.string(), z.unknown())),
});

/**
 * `takePendingNotifications` for a customer away, with the push subscriptions to send them to, in one
 * statement (issue 26: one round trip after a checkout where two went). The rows come as JSON and are decoded
 * as their tables' columns decode them.
 */
export async function takePendingWithPushTargets(
  db: Db,
  userId: string,
  at: Date,
): Promise<{ rows: NotificationRow[]; targets: PushSubscriptionRow[] }> {
  const user = sql`${sql.placeholder('userId')}::uuid`;
  const [raw] = await namedRows(
    db,
    'notifications_take_pending_push',
    PendingWithTargets,
    () => sql`with taken as (
        update ${notifications} set delivered_at = ${sql.placeholder('at')}::timestamptz
        where ${notifications.userId} = ${user} and ${notifications.deliveredAt} is null
        returning *
      )
      select coalesce((select json_agg(taken) from taken), '[]') as rows,
        coalesce((select json_agg(s order by s.created_at, s.id) from ${pushSubscriptions} s
          where s.user_id = ${user}), '[]') as targets`,
    { userId, at: at.toISOString() },
  );
  const rows = (raw?.rows ?? []).map((row) => rowFromColumns<NotificationRow>(notificationColumns, row));
  return {
    rows: rows.sort(byCreation),
    targets: (raw?.targets ?? []).map((row) => rowFromColumns<PushSubscriptionRow>(subscriptionColumns, row)),
  };
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

/**
 * Stores a notification (inside the caller's transaction when `tx` is one). Every column a caller may set is
 * written, null when not given: one statement text, named, so PostgreSQL parses it once per connection (each
 * order change stores one inside its transaction).
 */
export async function insertNotification(tx: Executor, values: NewNotification): Promise<NotificationRow> {
  const [row] = await statement(tx, 'notification_insert', (db) =>
    db
      .insert(notifications)
      .values({
        userId: sql.placeholder('userId'),
        type: sql.placeholder('type'),
        title: sql.placeholder('title'),
        content: sql.placeholder('content'),
        link: sql.placeholder('link'),
        chatId: sql.placeholder('chatId'),
        // The column's encoder would call a null's toISOString: the value goes as text.
        deliveredAt: sql`${sql.placeholder('deliveredAt')}::timestamptz`,
        createdAt: sql.placeholder('createdAt'),
      })
      .returning(),
  ).execute({
    ...values,
    link: values.link ?? null,
    chatId: values.chatId ?? null,
    deliveredAt: values.deliveredAt?.toISOString() ?? null,
  });
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

/**
 * Serialises one customer's subscription changes until the transaction ends (the cap is counted under it). An
 * advisory lock: the customer may have no row yet, and the users row is identity's. The first key names this
 * lock among the application's.
 */
const PUSH_SUBSCRIPTIONS_LOCK = 1_000_101;

/**
 * Keeps a browser's subscription for the user: one row per endpoint, at most `max` per user (the oldest go).
 * A known endpoint is the user's again when it is theirs already, or when the request carries that
 * subscription's own keys (only the browser holding it knows them: the same browser, signed in to another
 * account now). Any other user's endpoint is left as it is, and the answer is false.
 */
export async function savePushSubscription(
  db: Db,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; createdAt: Date },
  max: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${PUSH_SUBSCRIPTIONS_LOCK}, hashtext(${values.userId}))`,
    );
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, failures: 0 })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          p256dh: values.p256dh,
          auth: values.auth,
          createdAt: values.createdAt,
          failures: 0,
        },
        setWhere: or(
          eq(pushSubscriptions.userId, values.userId),
          and(eq(pushSubscriptions.p256dh, values.p256dh), eq(pushSubscriptions.auth, values.auth)),
        ),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) return false;
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, values.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(max);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, values.userId),
        notInArray(
          pushSubscriptions.id,
          kept.map((row) => row.id),
        ),
      ),
    );
    return true;
  });
}

/** The user's subscriptions, oldest first. */
export function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** One more failed push in a row; answers how many now. */
export async function countPushFailure(db: Db, userId: string, endpoint: string): Promise<number> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ failures: pushSubscriptions.failures });
  return row?.failures ?? 0;
}

/** A push went through: the run of failures is over. */
export async function clearPushFailures(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: 0 })
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
        gt(pushSubscriptions.failures, 0),
      ),
    );
}
