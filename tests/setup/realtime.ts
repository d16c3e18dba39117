/** Test helpers of issue 15: operators, orders to talk about, and /ws sockets that collect what they get. */
import type { AddressInfo } from 'node:net';
import { type Order, PlacedOrdersSchema } from '@core/contracts/orders';
import { type ServerSocketMessage, ServerSocketMessageSchema } from '@core/contracts/realtime';
import { and, eq, gt } from 'drizzle-orm';
import WebSocket from 'ws';
import { points, products, stock, stores } from '../../server/db/schema/index';
import { grantRole } from '../../server/modules/support/support.repository';
import type { TestApp } from './app';
import { type SignedInCustomer, signIn } from './identity';

/** Signs a user in and makes them an operator (of these shops; none: every shop), as `npm run user:role` does. */
export async function signInOperator(
  t: TestApp,
  phone: string,
  storeIds: readonly string[] = [],
): Promise<SignedInCustomer> {
  const operator = await signIn(t, phone, 'Ольга');
  await grantRole(t.db.db, operator.user._id, 'operator', storeIds);
  return operator;
}

/** One pickup order of one line, placed by the customer through the API; `storeId` picks the shop. */
export async function placePickupOrder(
  t: TestApp,
  customer: SignedInCustomer,
  storeId?: string,
): Promise<Order> {
  await t.db.db.update(stores).set({ minOrderKopecks: 0 });
  const [row] = await t.db.db
    .select({ pointId: stock.pointId, productId: stock.productId })
    .from(stock)
    .innerJoin(points, eq(points.id, stock.pointId))
    // Pieces: goods sold by weight count grams (ADR 054).
    .innerJoin(products, and(eq(products.id, stock.productId), eq(products.soldBy, 'piece')))
    .where(
      and(eq(points.isPickup, true), gt(stock.count, 5), storeId ? eq(points.storeId, storeId) : undefined),
    )
    .orderBy(stock.pointId, stock.productId)
    .limit(1);
  if (!row) throw new Error('no stock to order from');
  const basket = await t.app.inject({
    method: 'PATCH',
    url: '/api/user/me/basket',
    headers: customer.headers,
    payload: { warehouse_id: row.pointId, product_id: row.productId, quantity: 1 },
  });
  if (basket.statusCode !== 200) throw new Error(`basket: ${basket.body}`);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
    payload: {
      orders: [{ point: row.pointId, fulfilment: 'pickup' }],
      phone: '+7 (900) 777-00-01',
      payment: 'cash',
    },
  });
  if (response.statusCode !== 200) throw new Error(`order: ${response.statusCode} ${response.body}`);
  const [order] = PlacedOrdersSchema.parse(response.json()).orders;
  if (!order) throw new Error('no order placed');
  return order;
}

export function socketUrl(t: TestApp): string {
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
}

export type TestSocket = {
  /** Everything received, in order. */
  received: ServerSocketMessage[];
  /** The first message (from the start, or after the last one taken) that matches; waits until one comes. */
  next<T extends ServerSocketMessage['type']>(
    type: T,
    matches?: (message: Extract<ServerSocketMessage, { type: T }>) => boolean,
  ): Promise<Extract<ServerSocketMessage, { type: T }>>;
  send(message: unknown): void;
  /** Resolves with the close code when the server closes it. */
  closed: Promise<number>;
  close(): Promise<void>;
};

/** Opens /ws with a token (SPEC §7: `?token=…&group=user`); resolves once `hello` came. */
export function openSocket(url: string, token: string): Promise<TestSocket> {
  const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}&group=user`);
  const received: ServerSocketMessage[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(ServerSocketMessageSchema.parse(JSON.parse(String(data))));
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const handle: TestSocket = {
    received,
    next(type, matches = () => true) {
      return new Promise((resolve) => {
        const look = () => {
          const index = received.findIndex(
            (message, at) =>
              !taken.has(at) &&
              message.type === type &&
              matches(message as Extract<ServerSocketMessage, { type: typeof type }>),
          );
          if (index < 0) return false;
          taken.add(index);
          waiters.delete(look);
          resolve(received[index] as Extract<ServerSocketMessage, { type: typeof type }>);
          return true;
        };
        if (!look()) waiters.add(look);
      });
    },
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    closed,
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) {
        socket.close();
        await closed;
      }
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    handle.next('hello').then(() => resolve(handle), reject);
  });
}

/**
 * Proves a socket did NOT get something: a marker published after it on the same bus arrives in order, so
 * once the marker is here, anything sent before it would have been too.
 */
export async function settle(t: TestApp, userId: string, socket: TestSocket): Promise<void> {
  const marker = new Date(Date.UTC(2000, 0, 1, 0, 0, Math.floor(Math.random() * 1e6))).toISOString();
  await t.app.services.realtime.publish(
    { users: [userId] },
    { type: 'badges', badges: { cabinet: -1, orders: -1 }, at: marker },
  );
  await socket.next('badges', (message) => message.at === marker);
}
