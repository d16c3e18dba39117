/**
 * Faults (issue 12): the built server as a child process on PostgreSQL and a private Redis, under a write load
 * of 16 signed-in customers (basket changes, orders, their pages), while PostgreSQL terminates every backend
 * of the database, Redis restarts, and finally SIGTERM arrives.
 *
 * Pass: the process stays up (until SIGTERM, then exits 0), serves normally again within 5 s of each fault (a
 * request sent then is served; for PostgreSQL's terminations, from its start: support/load.ts servedAgainAfterMs),
 * answers in-flight failures with 503 'Сервис временно недоступен, попробуйте через минуту' and Retry-After
 * (never another 5xx), loses no acknowledged write (every 2xx basket step and order is in the database) and
 * keeps the stock invariant: stock + ordered quantities = the stock before the load.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChaos } from './report';
import { type ChaosCustomer, chaosClientAddress, randomPhone, signInCustomer } from './support/customers';
import { countBy, Recorder, recoveryMs, runLoops, type Sample, servedAgainAfterMs } from './support/load';
import {
  CHAOS_DATABASE_URL,
  type ChaosDatabase,
  createChaosDatabase,
  NEEDS_POSTGRES,
} from './support/postgres';
import { type RedisProcess, startRedis } from './support/redis-process';
import { type ServerProcess, startServer } from './support/server-process';

const UNAVAILABLE_MESSAGE = 'Сервис временно недоступен, попробуйте через минуту';
const WORKERS = 16;
const ORDER_POINTS = 4;
const LOAD_STOCK = 100_000;
const RECOVERY_LIMIT_MS = 5_000;
/** Terminations of every backend, this far apart, while the load runs. */
const TERMINATIONS = 3;
const FAULT_INTERVAL_MS = 2_000;
/** New customers asking for a login code while Redis restarts (the send limits live there). */
const LOGIN_WORKERS = 4;
/** Long enough for ioredis to give up on queued commands (two reconnection attempts) while it is away. */
const REDIS_DOWN_MS = 3_000;

type Offer = { point: string; product: string; quantity: number };

/** A request the check should not see: any 5xx but a well-formed 503, or no answer at all. */
function isUnexpected(sample: Sample): boolean {
  if (sample.status === 0) return true;
  if (sample.status < 500) return false;
  if (sample.status !== 503 || !sample.retryAfter) return true;
  if (sample.label === 'page') return false; // the error page, HTML
  try {
    const body = JSON.parse(sample.body ?? '') as { success?: unknown; message?: unknown };
    return !(body.success === false && body.message === UNAVAILABLE_MESSAGE);
  } catch {
    return true;
  }
}

const describeSample = (sample: Sample) =>
  `${sample.label} ${sample.status} ${sample.error ?? ''} ${(sample.body ?? '').slice(0, 200)}`;
const statusKey = (sample: Sample) => `${sample.label} ${sample.status}`;

/** No answer because nobody listens any more: the expected end of a request sent after shutdown began. */
const isRefused = (sample: Sample) =>
  /ECONNREFUSED|other side closed|ECONNRESET|socket hang up/.test(sample.error ?? '');

describe('faults', () => {
  if (!CHAOS_DATABASE_URL) {
    it('needs PostgreSQL', () => {
      throw new Error(NEEDS_POSTGRES);
    });
    return;
  }

  let database: ChaosDatabase;
  let redis: RedisProcess;
  let server: ServerProcess;
  let customers: ChaosCustomer[];
  let orderOffers: Offer[];
  let tallyOffer: Offer;
  const initialStock = new Map<string, number>();
  const key = (offer: { point: string; product: string }) => `${offer.point}/${offer.product}`;

  beforeAll(async () => {
    database = await createChaosDatabase();
    redis = await startRedis();
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        // Customers come from their own addresses (X-Forwarded-For from loopback), so no per-IP limit binds.
        TRUST_PROXY: 'loopback',
        // Every page is rendered, so the loaders meet the database.
        PAGE_CACHE_TTL_MS: '0',
      },
    });
    // Points with pickup, their dearest products first: few units reach the store's minimum order.
    const rows = await database.query<{ point: string; product: string; price: number; minimum: number }>(
      `select s.point_id as point, s.product_id as product,
              coalesce(s.price_kopecks, p.price_kopecks) as price, st.min_order_kopecks as minimum
         from stock s
         join points pt on pt.id = s.point_id
         join stores st on st.id = pt.store_id
         join products p on p.id = s.product_id
        where pt.is_pickup and p.sold_by = 'piece'
        order by price desc, s.point_id, s.product_id`,
    );
    const points = [...new Set(rows.map((row) => row.point))];
    if (points.length < ORDER_POINTS + 1) throw new Error('the demo data has too few pickup points');
    orderOffers = points.slice(0, ORDER_POINTS).map((point) => {
      const row = rows.find((candidate) => candidate.point === point);
      if (!row) throw new Error('no product at a pickup point');
      return {
        point,
        product: row.product,
        quantity: Math.max(1, Math.ceil(row.minimum / row.price)),
      };
    });
    const tallyRow = rows.find((row) => row.point === points[ORDER_POINTS]);
    if (!tallyRow) throw new Error('no product for the basket tally');
    tallyOffer = { point: tallyRow.point, product: tallyRow.product, quantity: 1 };
    // Plenty of stock, so the load is orders placed rather than refused; the invariant holds at any level.
    for (const offer of [...orderOffers, tallyOffer]) {
      await database.query('update stock set count = $3 where point_id = $1 and product_id = $2', [
        offer.point,
        offer.product,
        LOAD_STOCK,
      ]);
      initialStock.set(key(offer), LOAD_STOCK);
    }
    customers = [];
    for (let index = 0; index < WORKERS; index += 1) customers.push(await signInCustomer(server));
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    await database?.drop();
  });

  /** Acknowledged and attempted basket steps per customer, and the acknowledged orders, over all checks. */
  const tally = Array.from({ length: WORKERS }, () => ({ acknowledged: 0, attempted: 0 }));
  const placedOrderIds: string[] = [];

  /** Each customer in a loop: a basket step (the tally), a line of the order point, the order, a page. */
  function customerLoad(recorder: Recorder) {
    return runLoops(WORKERS, async (worker) => {
      const customer = customers[worker] as ChaosCustomer;
      const offer = orderOffers[worker % orderOffers.length] as Offer;
      const count = tally[worker] as { acknowledged: number; attempted: number };
      count.attempted += 1;
      const step = await recorder.send('basket', `${server.origin}/api/user/me/basket`, {
        method: 'PATCH',
        headers: customer.headers,
        body: JSON.stringify({ warehouse_id: tallyOffer.point, product_id: tallyOffer.product, delta: 1 }),
      });
      if (step.status === 200) count.acknowledged += 1;
      const line = await recorder.send('basket', `${server.origin}/api/user/me/basket`, {
        method: 'PATCH',
        headers: customer.headers,
        body: JSON.stringify({
          warehouse_id: offer.point,
          product_id: offer.product,
          quantity: offer.quantity,
        }),
      });
      if (line.status === 200) {
        const placed = await recorder.send('order', `${server.origin}/api/orders`, {
          method: 'POST',
          headers: { ...customer.headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            orders: [{ point: offer.point, fulfilment: 'pickup' }],
            phone: customer.phone,
            payment: 'cash',
          }),
        });
        if (placed.status === 200) {
          const body = JSON.parse(placed.body ?? '{}') as { orders: { _id: string }[] };
          placedOrderIds.push(...body.orders.map((order) => order._id));
        }
      }
      await recorder.send('page', `${server.origin}/catalog`, {
        headers: { cookie: customer.headers.cookie ?? '' },
      });
    });
  }

  /**
   * Every acknowledged write is in the database (read there directly: the server may be gone), and no unit of
   * stock appeared or vanished. Answers the number of orders checked.
   */
  async function expectNothingLost(): Promise<number> {
    const found = await database.query<{ id: string }>('select id from orders where id = any($1::uuid[])', [
      placedOrderIds,
    ]);
    expect(found.length, 'acknowledged orders in the database').toBe(placedOrderIds.length);

    const lines = await database.query<{ phone: string; quantity: number }>(
      `select u.phone, b.quantity from basket_items b join users u on u.id = b.user_id
        where b.point_id = $1 and b.product_id = $2`,
      [tallyOffer.point, tallyOffer.product],
    );
    for (const [worker, customer] of customers.entries()) {
      const quantity = lines.find((line) => line.phone === customer.phone)?.quantity ?? 0;
      const count = tally[worker] as { acknowledged: number; attempted: number };
      expect(quantity, `basket steps of customer ${worker}`).toBeGreaterThanOrEqual(count.acknowledged);
      expect(quantity, `basket steps of customer ${worker}`).toBeLessThanOrEqual(count.attempted);
    }

    for (const offer of orderOffers) {
      const [row] = await database.query<{ stock: number; ordered: number }>(
        `select (select count from stock where point_id = $1 and product_id = $2) as stock,
                coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                           where o.point_id = $1 and i.product_id = $2 and o.status <> 'cancelled'), 0)::int as ordered`,
        [offer.point, offer.product],
      );
      expect((row?.stock ?? 0) + (row?.ordered ?? 0), 'stock + ordered = stock before the load').toBe(
        initialStock.get(key(offer)),
      );
    }
    return found.length;
  }

  const count503 = (samples: readonly Sample[]) => samples.filter((sample) => sample.status === 503).length;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('stays up and recovers when PostgreSQL terminates every backend under the write load', async () => {
    const recorder = new Recorder();
    const load = customerLoad(recorder);
    const faults: number[] = [];
    let terminated = 0;
    for (let fault = 0; fault < TERMINATIONS; fault += 1) {
      await pause(FAULT_INTERVAL_MS);
      faults.push(performance.now());
      terminated += await database.terminateBackends();
    }
    await pause(RECOVERY_LIMIT_MS + 1_000);
    await load.stop();

    // How soon a request sent after each termination is served (the bound), and when the last one failed
    // (the table's note: on a loaded machine, a 503 waits its turn too).
    const recoveries = faults.map((at, index) => servedAgainAfterMs(recorder.samples, at, faults[index + 1]));
    const lastFailures = faults.map((at, index) => recoveryMs(recorder.samples, at, faults[index + 1]));
    const unexpected = recorder.samples.filter(isUnexpected);
    const isUp = server.isRunning();
    const orders = isUp ? await expectNothingLost() : 0;
    recordChaos({
      suite: 'faults',
      check: `PostgreSQL backends terminated ×${TERMINATIONS}, ${WORKERS} customers writing`,
      requests: recorder.samples.length,
      errors5xx: unexpected.length,
      recoveryMs: Math.max(...recoveries),
      note: `${isUp ? 'up' : 'DOWN'}; ${terminated} backends ended; ${count503(recorder.samples)}×503; ${orders} orders kept; the last 503 answered ${lastFailures.map((ms) => Math.round(ms)).join(', ')} ms after each termination`,
    });
    expect(isUp, `the server exited:\n${server.output().slice(-3000)}`).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    expect(unexpected.map(describeSample), JSON.stringify(countBy(recorder.samples, statusKey))).toEqual([]);
    for (const recovery of recoveries) expect(recovery).toBeLessThan(RECOVERY_LIMIT_MS);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });

  it('stays up and recovers when Redis restarts under logins and writes', async () => {
    const recorder = new Recorder();
    const writes = customerLoad(recorder);
    // New customers asking for a code: the send limits live in Redis.
    const logins = runLoops(LOGIN_WORKERS, async () => {
      await recorder.send('login', `${server.origin}/api/user/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': chaosClientAddress() },
        body: JSON.stringify({ name: 'Гость', phone: randomPhone().national }),
      });
    });
    await pause(FAULT_INTERVAL_MS);
    const downAt = performance.now();
    await redis.restart({ downMs: REDIS_DOWN_MS });
    const upAt = performance.now();
    await pause(RECOVERY_LIMIT_MS + 1_000);
    await Promise.all([writes.stop(), logins.stop()]);

    // Code requests in flight while Redis was away: answered 503, or served once it was back.
    const duringOutage = recorder.samples.filter(
      (sample) => sample.label === 'login' && sample.startedAt < upAt && sample.endedAt > downAt,
    );
    const logins503 = duringOutage.filter((sample) => sample.status === 503);
    const recovery = recoveryMs(recorder.samples, upAt);
    const unexpected = recorder.samples.filter(isUnexpected);
    const isUp = server.isRunning();
    const orders = isUp ? await expectNothingLost() : 0;
    recordChaos({
      suite: 'faults',
      check: `Redis killed and restarted after ${REDIS_DOWN_MS} ms, logins and writes`,
      requests: recorder.samples.length,
      errors5xx: unexpected.length,
      recoveryMs: recovery,
      note: `${isUp ? 'up' : 'DOWN'}; ${logins503.length}×503 while down; ${orders} orders kept`,
    });
    expect(isUp, `the server exited:\n${server.output().slice(-3000)}`).toBe(true);
    expect(unexpected.map(describeSample), JSON.stringify(countBy(recorder.samples, statusKey))).toEqual([]);
    // The outage was seen (code requests answered 503 while Redis was away), and it ended.
    expect(logins503.length, JSON.stringify(countBy(duringOutage, statusKey))).toBeGreaterThan(0);
    expect(recovery).toBeLessThan(RECOVERY_LIMIT_MS);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });

  it('finishes in-flight requests and exits cleanly on SIGTERM under the write load', async () => {
    const recorder = new Recorder();
    const load = customerLoad(recorder);
    await pause(FAULT_INTERVAL_MS);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const exitedAt = performance.now();
    await load.stop();

    const before = recorder.samples.filter((sample) => sample.startedAt < signalledAt);
    const after = recorder.samples.filter((sample) => sample.startedAt >= signalledAt);
    // Sent before the signal: answered, in full. Sent after: our 503, or refused once the listener closed.
    const unanswered = before.filter((sample) => sample.status === 0);
    const unexpected = [
      ...before.filter((sample) => sample.status !== 0 && isUnexpected(sample)),
      ...after.filter((sample) => (sample.status === 0 ? !isRefused(sample) : isUnexpected(sample))),
    ];
    const orders = await expectNothingLost();
    recordChaos({
      suite: 'faults',
      check: `SIGTERM, ${WORKERS} customers writing`,
      requests: recorder.samples.length,
      errors5xx: unexpected.length + unanswered.length,
      note: `exit ${exit.code ?? exit.signal} ${Math.round(exitedAt - signalledAt)} ms after the signal; ${count503(after)}×503 meanwhile; ${orders} orders kept`,
    });
    expect(exit, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
    expect(unanswered.map(describeSample)).toEqual([]);
    expect(unexpected.map(describeSample)).toEqual([]);
  });
});
