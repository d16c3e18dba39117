/**
 * `npm run order:status -- <number> <status>`: moves an order to its next status (or cancels it) and
 * notifies the customer — the operator's tool until the operator console exists (DESIGN.md §3).
 * Statuses: confirmed, assembling, on_the_way, ready, done, cancelled.
 */
import path from 'node:path';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../core/rules/orders';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { isAppError } from '../server/errors';
import { systemClock } from '../server/lib/clock';
import { createCatalogService } from '../server/modules/catalog/catalog.service';
import { createNotificationsService } from '../server/modules/notifications/notifications.service';
import { moveOrder } from '../server/modules/orders/change-status';
import { runCli } from './run-cli';

const USAGE = `Usage: npm run order:status -- <order number> <${Object.keys(ORDER_STATUS_LABELS).join('|')}>`;

async function main(): Promise<number> {
  const [numberText, status] = process.argv.slice(2);
  if (!numberText || !/^\d+$/.test(numberText) || !status || !(status in ORDER_STATUS_LABELS)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await handle.migrate();
    // The use case with exactly what it needs: the order's point (catalogue) and the customer's notification.
    const deps = { db: handle.db, clock: systemClock };
    const order = await moveOrder(
      {
        ...deps,
        catalog: createCatalogService(deps, { cacheTtlMs: 0 }),
        notifications: createNotificationsService(deps),
      },
      Number(numberText),
      status as OrderStatus,
    );
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
    await handle.close();
  }
}

runCli(main);
