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
import { createBasketService } from '../server/modules/basket/basket.service';
import { createGeoService } from '../server/modules/geo/geo.service';
import { createGeocoder } from '../server/modules/geo/geocoder';
import { createOrdersService } from '../server/modules/orders/orders.service';
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
    const orders = createOrdersService({
      db: handle.db,
      clock: systemClock,
      basket: createBasketService({ db: handle.db }),
      addresses: createGeoService({ db: handle.db }, (loadKnown) =>
        createGeocoder(config, loadKnown, (error) => console.error('geocoder failed', error)),
      ),
    });
    const order = await orders.moveOrder(Number(numberText), status as OrderStatus);
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
