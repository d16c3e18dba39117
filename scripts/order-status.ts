/**
 * `npm run order:status -- <number> <status>`: moves an order to its next status (or cancels it) and
 * notifies the customer — the operator's tool until the operator console exists (DESIGN.md §3). The
 * statuses are core/rules/orders.ts's; which moves are allowed is its canMove.
 */
import path from 'node:path';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../core/rules/orders';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { isAppError } from '../server/errors';
import { systemClock } from '../server/lib/clock';
import { createCatalogService } from '../server/modules/catalog/catalog.service';
import { ensureSecret } from '../server/modules/identity/identity.repository';
import { createNotificationsService } from '../server/modules/notifications/notifications.service';
import { createWebPushSender, generateVapidKeys, parseVapidKeys } from '../server/modules/notifications/push';
import { moveOrder } from '../server/modules/orders/change-status';
import { countActive } from '../server/modules/orders/read-orders';
import { createRealtime } from '../server/realtime/realtime';
import { openRedis } from '../server/redis';
import { runCli } from './run-cli';

const USAGE = `Usage: npm run order:status -- <order number> <${ORDER_STATUSES.join('|')}>`;

const isOrderStatus = (text: string): text is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(text);

async function main(): Promise<number> {
  const [numberText, status] = process.argv.slice(2);
  if (!numberText || !/^\d+$/.test(numberText) || !status || !isOrderStatus(status)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  // With REDIS_URL the running app processes get the change on the bus and tell the customer's open pages;
  // a customer with no page open gets a web push either way.
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : undefined;
  const realtime = createRealtime({ clock: systemClock, redis: redis?.client });
  try {
    await handle.migrate();
    // The use case with exactly what it needs: the order's point (catalogue) and the customer's notification.
    const deps = { db: handle.db, clock: systemClock };
    const keys =
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
        : parseVapidKeys(await ensureSecret(handle.db, 'vapid-keys', generateVapidKeys));
    const notifications = createNotificationsService({
      ...deps,
      realtime,
      push: createWebPushSender({ keys, subject: config.VAPID_SUBJECT }),
      countActiveOrders: (userId) => countActive(deps, userId),
      log: { warn: (details, message) => console.error(message, details) },
    });
    const order = await moveOrder(
      { ...deps, catalog: createCatalogService(deps, { cacheTtlMs: 0 }), notifications },
      Number(numberText),
      status,
    );
    await notifications.whenIdle();
    console.log(
      `Order ${order.number}: ${order.status} (${ORDER_STATUS_LABELS[order.status]}); the customer is notified.`,
    );
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await realtime.close();
    await redis?.close();
    await handle.close();
  }
}

runCli(main);
