/**
 * `npm run order:status -- <number> <status>`: moves an order to its next status (or cancels it) and
 * notifies the customer — the operator's tool until the operator console exists (DESIGN.md §3). The
 * statuses are core/rules/orders.ts's; which moves are allowed is its canMove.
 */
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../core/rules/orders';
import { loadConfig } from '../server/config';
import { isAppError } from '../server/errors';
import { openCliServices } from './cli-services';
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
  // With REDIS_URL the running app processes get the change on the bus and tell the customer's open pages;
  // a customer with no page open gets a web push either way.
  const { services, close } = await openCliServices(loadConfig());
  try {
    // The operator's move with every shop in scope (the console's is limited to the operator's shops).
    const order = await services.orders.moveOrder(Number(numberText), status);
    await services.notifications.whenIdle();
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
    await close();
  }
}

runCli(main);
