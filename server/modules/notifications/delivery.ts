/**
 * How stored notifications reach the customer: over the socket of every process (the realtime bus) with the
 * header's badges, and by web push while the customer has no socket open anywhere (ADR 027, 037).
 */
import type { Notification, PushPayload } from '@core/contracts/notifications';
import type { OrderStatus } from '@core/rules/orders';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Realtime } from '../../realtime/realtime';
import { presentNotification } from './notifications.presenter';
import {
  countBadges,
  type NotificationRow,
  takePendingNotifications,
  takePendingWithPushTargets,
} from './notifications.repository';
import type { PushSender } from './push';
import type { PushDelivery } from './push-delivery';

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  push?: PushSender;
  log?: { warn(details: object, message: string): void };
};

/** An order's status changed (committed): its customer, number and new status. */
export type OrderChange = { userId: string; number: number; status: OrderStatus; storeId: string };

const at = (deps: DeliveryDeps) => new Date(deps.clock.now()).toISOString();

/** What a browser's push shows of a notification, and where a click on it goes. */
export function pushPayloadOf(row: NotificationRow): PushPayload {
  return {
    title: row.title,
    body: row.content,
    link: row.link ?? (row.chatId ? '/lk?active=chat' : '/lk?active=notification'),
    tag: row.chatId ?? row.id,
  };
}

/** To the customer's sockets on every process. */
export async function publishNotification(deps: DeliveryDeps, row: NotificationRow): Promise<Notification> {
  const notification = presentNotification(row);
  await deps.realtime.publish({ users: [row.userId] }, { type: 'notification', notification, at: at(deps) });
  return notification;
}

/** The header's badges, counted now, to the customer's sockets. */
export async function publishBadges(deps: DeliveryDeps, userId: string): Promise<void> {
  const badges = await countBadges(deps.db, userId);
  await deps.realtime.publish({ users: [userId] }, { type: 'badges', badges, at: at(deps) });
}

/**
 * Orders changed (placed, moved, cancelled) and committed: their stored notifications go out, with the new
 * status for an open order page, and the badges; the operators of each order's shop hear of it (their board).
 * A failure here is logged: the change stands.
 *
 * Whether each customer has a socket open anywhere is asked once, first. Away: the notifications are taken
 * with the customer's push subscriptions in one statement and pushed in the background, and no badges are
 * counted (nobody would show them; a socket opened meanwhile reads its badges in its catch-up, after its
 * presence is recorded: server/http/websocket.ts). Online: no push, and one statement counts both badges.
 * Unknown (presence failing): the badges go out and no push.
 */
export async function announceOrders(
  deps: DeliveryDeps,
  pushes: PushDelivery,
  changes: readonly OrderChange[],
): Promise<void> {
  try {
    const present = new Map<string, boolean | null>();
    for (const userId of new Set(changes.map((change) => change.userId))) {
      const isOnline = await deps.realtime.presence.isOnline(userId).catch((error: unknown) => {
        deps.log?.warn({ err: error }, 'presence unknown: badges sent, no push');
        return null;
      });
      present.set(userId, isOnline);
      const now = new Date(deps.clock.now());
      if (isOnline === false && deps.push) {
        const { rows, targets } = await takePendingWithPushTargets(deps.db, userId, now);
        for (const row of rows) await publishNotification(deps, row);
        pushes.pushTo(targets, rows.map(pushPayloadOf));
      } else {
        for (const row of await takePendingNotifications(deps.db, userId, now)) {
          await publishNotification(deps, row);
        }
      }
    }
    for (const change of changes) {
      const order = { number: change.number, status: change.status };
      await Promise.all([
        deps.realtime.publish({ users: [change.userId] }, { type: 'order.status', order, at: at(deps) }),
        deps.realtime.publish(
          { role: 'operator', storeIds: [change.storeId] },
          { type: 'order.board', order, store: change.storeId, at: at(deps) },
        ),
      ]);
    }
    for (const [userId, isOnline] of present) {
      if (isOnline !== false) await publishBadges(deps, userId);
    }
  } catch (error) {
    deps.log?.warn({ err: error }, 'order notifications were stored but not delivered');
  }
}
