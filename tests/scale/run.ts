/**
 * `npm run test:scale` (issue 28, docs/decisions/052): deploy/compose.yaml's topology without containers.
 * nginx (Debian's package, the shared deploy/nginx/fresh.conf.template) in front of three processes of the
 * build on the machine's PostgreSQL (a database of this run's own, dropped at the end) and Redis (a key
 * prefix of its own), and 50 customers driven through nginx: browse, sign in, basket, checkout of a low-stock
 * product, a support message; meanwhile one process is killed with SIGKILL and started again.
 *
 * Fails (exit 1) when an invariant breaks:
 * - stock: initial = remaining + ordered, and remaining ≥ 0 (no oversell across processes);
 * - every order the driver was answered 2xx for exists in the database at the end;
 * - every support message the driver was answered 2xx for reached the operator's socket, and some of them
 *   crossed processes (sent through one, the socket held by another);
 * - no 5xx and no request left unanswered, except nginx's 502s for requests it had passed to the killed process
 *   between the kill and the restart (and answers it had begun passing from it, cut off mid-body): those in
 *   flight at the kill, and those nginx wrote on a kept-alive connection to it that it had not yet found dead. No process was there to answer them, and nginx does not
 *   pass a POST it may already have delivered to another process (that could place an order twice); the
 *   driver repeats them under the same Idempotency-Key, as a client should. Every other 5xx — one from a live
 *   process, one of nginx's about another upstream, or one after the restart — fails the run;
 * - every customer went all the way through, but for at most one per request lost to the kill;
 * - the per-address login limit saw 50 addresses (every customer's code request answered 200).
 *
 * Client addresses (why each customer connects from its own 127.x.y.z): the app limits code requests per
 * client address (SENDS_PER_IP_PER_HOUR, 20 an hour), so 50 customers from one address would be refused. The honest way is the
 * production one: the app trusts exactly nginx (TRUST_PROXY=127.0.0.1, the address nginx connects to it
 * from) and nginx appends the address it was connected from ($proxy_add_x_forwarded_for). Linux answers every
 * 127.0.0.0/8 address on loopback, so each customer binds its own local address and nginx sees, and
 * forwards, a real distinct peer. A customer never sends X-Forwarded-For itself: if it did, the app would
 * still skip it (the entry nginx appends comes after it and 127.77.x.y is not trusted), which is the point of
 * trusting only nginx. (Trusting all of `loopback` instead would let the driver's own header through.)
 *
 * Env: BUILD_DIR (default ./build, built first when missing), TEST_DATABASE_URL (an admin connection to the
 * PostgreSQL server; default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default
 * redis://127.0.0.1:6379), NGINX_BIN.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import WebSocket from 'ws';
import { formatTable } from '../../bench/lib';
import { SENDS_PER_IP_PER_HOUR } from '../../server/modules/identity/login-limits';
import { freePort } from '../chaos/support/server-process';
import { dropRedisKeys } from '../setup/redis-keys';
import { lastCodeFor } from '../setup/sms-outbox';
import { requireNginx, startNginx } from './nginx';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || 'build');
const ENTRY = path.join(BUILD_DIR, 'app/main.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

/** This run's keys and channels on the shared Redis; removed at the end (limits and presence would expire). */
const redisKeyPrefix = `fresh-scale-${process.pid}:`;

const PROCESSES = 3;
const CUSTOMERS = 50;
/** Fewer units than the customers want (1–2 each): the last ones are refused, and none is sold twice. */
const LOW_STOCK = 40;
/** Customers start this far apart, so the run is a stream of customers rather than one burst. */
const CUSTOMER_STAGGER_MS = 250;
/** When the second process is killed, from the first customer's start: customers are mid-journey then. */
const KILL_AT_MS = 5_000;
/** How long the killed process stays down before it is started again. */
const DOWN_FOR_MS = 2_000;
const START_TIMEOUT_MS = 120_000;
/** How long an acknowledged support message may take to reach the operator's socket. */
const DELIVERY_WAIT_MS = 10_000;

const OPERATOR_PHONE = `8912${String(process.pid % 1_000_000).padStart(6, '0')}0`.slice(0, 11);
const normalised = (national: string) => `+7${national.slice(1)}`;

// ---------------------------------------------------------------------------------------------------------
// Requests, each remembered for the table and the 5xx rule.

type Answer = {
  status: number;
  body: string;
  upstream: string;
  headers: http.IncomingHttpHeaders;
  startedAt: number;
  endedAt: number;
};
type Recorded = Answer & { label: string };
const recorded: Recorded[] = [];

/** A body as text: gzip as asked for (nginx's or the app's), else as sent. */
function decode(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  } catch {
    return '';
  }
  return body.toString('utf8');
}

/** A customer's HTTP client: keep-alive connections from its own loopback address. */
function clientFrom(localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
  return {
    agent,
    request(
      origin: string,
      label: string,
      method: string,
      url: string,
      { headers = {}, json }: { headers?: Record<string, string>; json?: unknown } = {},
    ): Promise<Answer> {
      const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
      const startedAt = performance.now();
      return new Promise((resolve) => {
        const done = (answer: Omit<Answer, 'startedAt' | 'endedAt'>) => {
          const full = { ...answer, startedAt, endedAt: performance.now() };
          recorded.push({ ...full, label });
          resolve(full);
        };
        const request = http.request(
          `${origin}${url}`,
          {
            method,
            agent,
            headers: {
              'accept-encoding': 'gzip',
              ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              done({
                status: response.statusCode ?? 0,
                body: decode(Buffer.concat(chunks), response.headers['content-encoding']),
                upstream: String(response.headers['x-fresh-upstream'] ?? ''),
                headers: response.headers,
              }),
            );
            // Cut off mid-body: nginx had begun passing a process's answer when that process died. Which
            // process it was is in the headers already sent.
            response.on('error', (error) =>
              done({
                status: 0,
                body: error.message,
                upstream: String(response.headers['x-fresh-upstream'] ?? ''),
                headers: response.headers,
              }),
            );
          },
        );
        request.on('error', (error) => done({ status: 0, body: error.message, upstream: '', headers: {} }));
        request.end(body);
      });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Repeats a call while nginx had no process to answer it (no answer, or 502–504), at most 6 times. */
async function untilAnswered(call: () => Promise<Answer>): Promise<Answer> {
  let answer = await call();
  for (let attempt = 1; attempt < 6 && (answer.status === 0 || answer.status >= 502); attempt += 1) {
    await sleep(500);
    answer = await call();
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------------
// The database of this run.

async function admin<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------------
// App processes.

type AppProcess = { port: number; child: ChildProcess; output: () => string; exited: Promise<unknown> };

function spawnApp(port: number, env: NodeJS.ProcessEnv): AppProcess {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + String(chunk)).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { port, child, output: () => output, exited };
}

async function untilHealthy(app: AppProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(
        `the process on :${app.port} exited (${app.child.exitCode ?? app.child.signalCode}) before answering:\n${app.output().slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`http://127.0.0.1:${app.port}/healthz`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the process on :${app.port} did not answer /healthz in time`);
    await sleep(200);
  }
}

async function stopApp(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 15_000);
  await app.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------

function ensureBuild(): void {
  if (existsSync(ENTRY)) return;
  console.log(`No build at ${BUILD_DIR}: running "npm run build" first`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error('npm run build failed');
}

type Product = { pointId: string; productId: string; slug: string; initial: number };

async function main(): Promise<number> {
  requireNginx();
  ensureBuild();
  const work = await mkdtemp(path.join(tmpdir(), 'fresh-scale-'));
  const dbName = `fresh_scale_${process.pid}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const apps: AppProcess[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const sockets: WebSocket[] = [];
  const clients: ReturnType<typeof clientFrom>[] = [];
  await admin(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
  await admin(ADMIN_URL, `create database ${dbName}`);
  try {
    const dataDir = path.join(work, 'data');
    await mkdir(dataDir, { recursive: true });
    const smsOutbox = path.join(work, 'sms-outbox.jsonl');
    // What every process of one deployment shares (deploy/compose.yaml sets the same): the database, Redis
    // with one key prefix, the uploads directory; and here one SMS outbox file for the driver to read.
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      SMS_PROVIDER: 'file',
      SMS_OUTBOX: smsOutbox,
      TRUST_PROXY: '127.0.0.1',
      OPERATOR_PHONES: normalised(OPERATOR_PHONE),
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: '',
    };
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    // The first process migrates and seeds the empty database alone; the others then find it ready
    // (deploy/compose.yaml's one-off `migrate` service does the same before the replicas start).
    const bootStarted = performance.now();
    const first = spawnApp(ports[0] as number, env);
    apps.push(first);
    await untilHealthy(first);
    const rest = ports.slice(1).map((port) => spawnApp(port, env));
    apps.push(...rest);
    await Promise.all(rest.map(untilHealthy));
    const bootMs = performance.now() - bootStarted;

    nginx = await startNginx({ dir: path.join(work, 'nginx'), port: await freePort(), upstreamPorts: ports });
    const origin = nginx.origin;

    // The low-stock product: one pickup point's line, with minimum orders off so one unit is an order.
    await admin(databaseUrl, 'update stores set min_order_kopecks = 0');
    const [row] = await admin<{ point_id: string; product_id: string; slug: string }>(
      databaseUrl,
      `select s.point_id, s.product_id, p.slug from stock s
         join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where pt.is_pickup and s.count > 0 and p.sold_by = 'piece' order by p.slug limit 1`,
    );
    if (!row) throw new Error('no stocked pickup point in the demo data');
    await admin(databaseUrl, 'update stock set count = $3 where point_id = $1 and product_id = $2', [
      row.point_id,
      row.product_id,
      LOW_STOCK,
    ]);
    const product: Product = {
      pointId: row.point_id,
      productId: row.product_id,
      slug: row.slug,
      initial: LOW_STOCK,
    };

    // Sign-in through nginx, from a customer's own address (see the top of the file).
    let nextAddress = 0;
    const newClient = () => {
      nextAddress += 1;
      const client = clientFrom(`127.77.${Math.floor(nextAddress / 200)}.${(nextAddress % 200) + 10}`);
      clients.push(client);
      return client;
    };
    let codeRequestsRefused = 0;
    async function signIn(client: ReturnType<typeof clientFrom>, national: string, name: string) {
      // Both posts are repeated while no process could answer (a 502 for the killed one). A code request
      // that did reach it may have sent the code before it died: the repeat is then refused for the resend
      // interval (429), and the customer uses the SMS already sent, as a person would. A login that did
      // reach it may have used the code up: that customer gives up (counted as not finished).
      const sent = await untilAnswered(() =>
        client.request(origin, 'login', 'POST', '/api/user/code', { json: { name, phone: national } }),
      );
      const wasSentBefore = sent.status === 429 && sent.body.includes('уже отправлен');
      if (sent.status !== 200 && !wasSentBefore) {
        codeRequestsRefused += 1;
        return undefined;
      }
      let code: string | undefined;
      for (let attempt = 0; attempt < 100 && !code; attempt += 1) {
        code = await lastCodeFor(smsOutbox, normalised(national));
        if (!code) await sleep(50);
      }
      if (!code) return undefined;
      const login = await untilAnswered(() =>
        client.request(origin, 'login', 'POST', '/api/user/login', { json: { phone: national, code } }),
      );
      if (login.status !== 200) return undefined;
      const { token } = JSON.parse(login.body) as { token: string };
      return {
        token,
        headers: { cookie: `fresh_session=${token}`, 'x-requested-with': 'XMLHttpRequest' },
      };
    }

    // The operator: signed in through nginx, its socket through nginx too (held by whichever process
    // nginx chose; the X-Fresh-Upstream of the upgrade says which). A dropped socket reconnects and asks
    // for what it missed, as the browser's client does.
    const operatorClient = newClient();
    const operator = await signIn(operatorClient, OPERATOR_PHONE, 'Ольга');
    if (!operator) throw new Error('the operator could not sign in');
    const delivered = new Set<string>();
    const operatorUpstreams: string[] = [];
    let lastEventAt = new Date(Date.now() - 60_000).toISOString();
    let isFinished = false;
    const openOperatorSocket = (): Promise<void> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`${origin.replace('http:', 'ws:')}/ws?token=${operator.token}`, {
          localAddress: `127.77.250.1`,
        });
        sockets.push(socket);
        socket.once('upgrade', (response) => {
          operatorUpstreams.push(String(response.headers['x-fresh-upstream'] ?? '?'));
        });
        socket.on('message', (data: Buffer) => {
          const frame = JSON.parse(String(data)) as {
            type: string;
            at?: string;
            message?: { _id: string };
            messages?: { _id: string }[];
          };
          if (frame.type === 'hello') {
            socket.send(JSON.stringify({ type: 'resume', since: lastEventAt }));
            resolve();
          }
          if (frame.type === 'chat.message' && frame.message) delivered.add(frame.message._id);
          if (frame.type === 'missed') for (const message of frame.messages ?? []) delivered.add(message._id);
          if (frame.at && frame.type !== 'missed') lastEventAt = frame.at;
        });
        socket.once('error', reject);
        socket.once('close', () => {
          if (isFinished) return;
          void sleep(500).then(() => openOperatorSocket().catch(() => {}));
        });
      });
    await openOperatorSocket();

    // The customers.
    const placedOrderIds: string[] = [];
    const sentMessages: { id: string; upstream: string }[] = [];
    let soldOut = 0;
    /** Customers who went all the way through (signed in, checked out or were refused, wrote to support). */
    let finished = 0;
    let inDoubt = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    let killedUpstream = '';
    const drivingStarted = performance.now();

    /** A state-changing call, repeated under the same Idempotency-Key while no process could answer it. */
    async function once(
      client: ReturnType<typeof clientFrom>,
      label: string,
      url: string,
      headers: Record<string, string>,
      json: unknown,
    ): Promise<Answer> {
      const key = randomUUID();
      let answer: Answer | undefined;
      for (let attempt = 0; attempt < 6; attempt += 1) {
        answer = await client.request(origin, label, 'POST', url, {
          headers: { ...headers, 'idempotency-key': key },
          json,
        });
        // 0/502/503/504: no answer from a process. 409 "in progress": the first try's process died holding
        // the key; it is retried, and when it stays so, the outcome is in doubt (never acknowledged).
        const isInProgress = answer.status === 409 && answer.body.includes('уже оформляется');
        if (answer.status !== 0 && answer.status < 502 && !isInProgress) return answer;
        await sleep(500);
      }
      return answer as Answer;
    }

    async function customer(index: number): Promise<void> {
      await sleep(index * CUSTOMER_STAGGER_MS);
      const client = newClient();
      const get = (label: string, url: string, headers?: Record<string, string>) =>
        client.request(origin, label, 'GET', url, { headers });
      await get('page', '/');
      await get('page', '/catalog');
      await get('page', `/product/${product.slug}`);
      const national = `8913${String(process.pid % 10_000).padStart(4, '0')}${String(index).padStart(3, '0')}`;
      const session = await signIn(client, national, 'Покупатель');
      if (!session) return;
      const auth = session.headers;
      const quantity = (index % 2) + 1;
      // Setting a quantity is idempotent: asked again while no process could answer.
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const put = await client.request(origin, 'basket', 'PATCH', '/api/user/me/basket', {
          headers: auth,
          json: { warehouse_id: product.pointId, product_id: product.productId, quantity },
        });
        if (put.status !== 0 && put.status < 502) break;
        await sleep(500);
      }
      await client.request(origin, 'basket', 'GET', '/api/user/me/basket', { headers: auth });
      await get('page', '/basket', auth);
      const placed = await once(client, 'checkout', '/api/orders', auth, {
        orders: [{ point: product.pointId, fulfilment: 'pickup' }],
        phone: national,
        payment: 'cash',
      });
      if (placed.status === 200) {
        const { orders } = JSON.parse(placed.body) as { orders: { _id: string }[] };
        placedOrderIds.push(...orders.map((order) => order._id));
      } else if (placed.status === 409 && placed.body.includes('уже оформляется')) {
        // The first try's process died mid-checkout holding the key: never acknowledged, so either outcome
        // is honest; the stock invariant still counts whatever it placed.
        inDoubt += 1;
      } else if (placed.status === 409 || (placed.status === 400 && placed.body.includes('пуста'))) {
        // Not enough left (409), or nothing left when the basket was filled: the basket drops what is gone.
        soldOut += 1;
      } else inDoubt += 1;
      const sent = await once(client, 'support', '/api/chat/messages', auth, {
        text: `Здравствуйте! Вопрос покупателя ${index + 1}`,
      });
      if (sent.status === 200) {
        const { message } = JSON.parse(sent.body) as { message: { _id: string } };
        sentMessages.push({ id: message._id, upstream: sent.upstream });
      }
      await get('page', '/lk?active=orders', auth);
      await get('page', '/catalog', auth);
      finished += 1;
    }

    // The kill: the second process, mid-run; started again on its port once it is gone.
    const victim = 1;
    const killer = (async () => {
      await sleep(KILL_AT_MS);
      const target = apps[victim] as AppProcess;
      killedAt = performance.now();
      killedUpstream = `127.0.0.1:${target.port}`;
      target.child.kill('SIGKILL');
      await target.exited;
      await sleep(DOWN_FOR_MS);
      const restarted = spawnApp(target.port, env);
      apps[victim] = restarted;
      await untilHealthy(restarted);
      return performance.now();
    })();
    // Awaited after the customers; a failure meanwhile must not end the process unhandled.
    killer.catch(() => {});

    await Promise.all(Array.from({ length: CUSTOMERS }, (_, index) => customer(index)));
    const restartedAt = await killer;
    // After the restart, the restarted process takes its share again: nginx tries it once its fail_timeout
    // (3 s) since the last refused connection has passed, so ask for up to 10 s.
    const after = newClient();
    const isBack = (answer: Answer) =>
      answer.startedAt > restartedAt && answer.upstream.includes(killedUpstream) && answer.status < 500;
    for (let i = 0; i < 40 && !recorded.some(isBack); i += 1) {
      await after.request(origin, 'page', 'GET', '/catalog');
      await sleep(250);
    }
    const drivingMs = performance.now() - drivingStarted;

    // A client that names its own address: one real address, a new X-Forwarded-For and phone each time. The
    // app must count them all as that one address (nginx's appended entry), so one more than the limit allows
    // is refused (429).
    const spoofer = clientFrom('127.77.251.1');
    clients.push(spoofer);
    const spoofed: number[] = [];
    for (let i = 0; i <= SENDS_PER_IP_PER_HOUR; i += 1) {
      const answer = await spoofer.request(origin, 'spoof', 'POST', '/api/user/code', {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        json: {
          name: 'Покупатель',
          phone: `8914${String(process.pid % 10_000).padStart(4, '0')}${String(i).padStart(3, '0')}`,
        },
      });
      spoofed.push(answer.status);
    }
    const spoofRefused = spoofed.at(-1) === 429 && spoofed.slice(0, -1).every((status) => status === 200);

    // nginx's own part: a hashed asset answered immutable and compressed, the second time from nginx's cache
    // (no upstream: $upstream_addr is empty on a cache hit); a page compressed.
    const home = await after.request(origin, 'page', 'GET', '/');
    const assetPath = /\/assets\/[\w.-]+\.(?:js|css)/.exec(home.body)?.[0];
    const assetFirst = assetPath ? await after.request(origin, 'asset', 'GET', assetPath) : undefined;
    const assetAgain = assetPath ? await after.request(origin, 'asset', 'GET', assetPath) : undefined;
    const edge = {
      immutable: String(assetFirst?.headers['cache-control'] ?? '').includes('immutable'),
      assetCompressed: Boolean(assetFirst?.headers['content-encoding']),
      cached: assetAgain?.status === 200 && assetAgain.upstream === '',
      pageCompressed: Boolean(home.headers['content-encoding']),
    };

    const deliveryDeadline = performance.now() + DELIVERY_WAIT_MS;
    while (
      sentMessages.some((message) => !delivered.has(message.id)) &&
      performance.now() < deliveryDeadline
    ) {
      await sleep(100);
    }
    isFinished = true;

    // The database's word at the end.
    const [left] = await admin<{ count: number }>(
      databaseUrl,
      'select count from stock where point_id = $1 and product_id = $2',
      [product.pointId, product.productId],
    );
    const [ordered] = await admin<{ units: number }>(
      databaseUrl,
      `select coalesce(sum(i.quantity), 0)::int as units from order_items i join orders o on o.id = i.order_id
        where o.point_id = $1 and i.product_id = $2`,
      [product.pointId, product.productId],
    );
    const existing = new Set(
      (
        await admin<{ id: string }>(databaseUrl, 'select id from orders where id = any($1::uuid[])', [
          placedOrderIds,
        ])
      ).map((order) => order.id),
    );
    const remaining = left?.count ?? -1;
    const orderedUnits = ordered?.units ?? -1;
    const lostOrders = placedOrderIds.filter((id) => !existing.has(id)).length;
    const undelivered = sentMessages.filter((message) => !delivered.has(message.id)).length;
    const operatorHome = operatorUpstreams[0] ?? '?';
    const crossProcess = sentMessages.filter(
      (message) => message.upstream && message.upstream !== operatorHome,
    );
    const restartedServed = recorded.some(isBack);

    // The 5xx rule: in flight on the killed process at the kill (see the top of the file).
    const isFiveHundred = (answer: Recorded) => answer.status >= 500 || answer.status === 0;
    const inKill = (answer: Recorded) =>
      answer.endedAt >= killedAt &&
      answer.startedAt <= restartedAt &&
      answer.upstream.split(',').at(-1)?.trim() === killedUpstream;
    const excused = recorded.filter((answer) => isFiveHundred(answer) && inKill(answer));
    const unexcused = recorded.filter((answer) => isFiveHundred(answer) && !inKill(answer));

    const latencies = recorded.map((answer) => answer.endedAt - answer.startedAt).sort((a, b) => a - b);
    const quantile = (q: number) =>
      (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(0);
    const byStatus = new Map<number, number>();
    for (const answer of recorded) {
      if (answer.status >= 400 || answer.status === 0) {
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      }
    }
    const errorsText =
      [...byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count}`)
        .join(', ') || 'none';
    const perUpstream = new Map<string, number>();
    for (const answer of recorded) {
      const key = answer.upstream.split(',').at(-1)?.trim() || '-';
      perUpstream.set(key, (perUpstream.get(key) ?? 0) + 1);
    }

    const checks: [string, string, boolean][] = [
      [
        'stock invariant',
        `initial ${product.initial} = remaining ${remaining} + ordered ${orderedUnits}`,
        remaining >= 0 && product.initial === remaining + orderedUnits,
      ],
      [
        'acknowledged orders',
        `${placedOrderIds.length} answered 2xx, ${lostOrders} missing from the database`,
        lostOrders === 0,
      ],
      [
        'support messages',
        `${sentMessages.length - undelivered}/${sentMessages.length} reached the operator's socket ` +
          `(${crossProcess.length} sent through another process than the socket's ${operatorHome})`,
        undelivered === 0 && crossProcess.length > 0 && sentMessages.length > 0,
      ],
      [
        '5xx outside the kill',
        `${unexcused.length} (502 or cut off with the killed process: ${excused.filter((a) => a.startedAt <= killedAt).length} ` +
          `in flight at the kill, ${excused.filter((a) => a.startedAt > killedAt).length} sent to it after)`,
        unexcused.length === 0,
      ],
      [
        // A request lost to the kill may cost its customer the rest (a used-up code); nothing else may.
        'customers carried on',
        `${finished}/${CUSTOMERS} went all the way through (${excused.length} requests lost to the kill)`,
        CUSTOMERS - finished <= excused.length,
      ],
      [
        'nginx',
        `${assetPath ?? 'no asset in /'}: ${edge.immutable ? 'immutable' : 'NOT immutable'}, ` +
          `${edge.assetCompressed ? 'compressed' : 'NOT compressed'}, ${edge.cached ? 'again from nginx cache' : 'NOT cached'}; ` +
          `/ ${edge.pageCompressed ? 'compressed' : 'NOT compressed'}; /ws upgraded`,
        edge.immutable &&
          edge.assetCompressed &&
          edge.cached &&
          edge.pageCompressed &&
          operatorUpstreams.length > 0,
      ],
      [
        'X-Forwarded-For sent by a client',
        `${spoofed.length} code requests from one address, each naming another: ` +
          `the last answered ${spoofed.at(-1)}${spoofRefused ? ' (the limit saw one address)' : ''}`,
        spoofRefused,
      ],
      [
        'login per address',
        `${CUSTOMERS + 1 - codeRequestsRefused}/${CUSTOMERS + 1} code requests from distinct addresses answered ` +
          '(or refused as already sent, after a 502)',
        codeRequestsRefused === 0,
      ],
      [
        'restarted process',
        restartedServed ? 'answers again through nginx' : 'never answered again',
        restartedServed,
      ],
    ];

    const loadAverage = (await import('node:os'))
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(
      `\nScale test: nginx + ${PROCESSES} processes (${BUILD_DIR}) on PostgreSQL ${dbName} and Redis, ` +
        `${CUSTOMERS} customers; one process SIGKILLed at ${KILL_AT_MS / 1000} s and restarted ` +
        `(down ${((restartedAt - killedAt) / 1000).toFixed(1)} s)\n\n` +
        formatTable([
          [
            'customers',
            'requests',
            'errors by status',
            'p50 ms',
            'p99 ms',
            'orders',
            'sold out',
            'in doubt',
            'messages',
          ],
          [
            `${finished}/${CUSTOMERS}`,
            String(recorded.length),
            errorsText,
            quantile(0.5),
            quantile(0.99),
            String(placedOrderIds.length),
            String(soldOut),
            String(inDoubt),
            `${sentMessages.length - undelivered}/${sentMessages.length}`,
          ],
        ]) +
        `\n\nrequests per process (nginx's upstream): ${[...perUpstream.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}` +
        `\nboot of ${PROCESSES} processes ${(bootMs / 1000).toFixed(1)} s, driving ${(drivingMs / 1000).toFixed(1)} s, ` +
        `load average ${loadAverage}\n\n` +
        formatTable([
          ['invariant', 'measured', ''],
          ...checks.map(([name, text, ok]) => [name, text, ok ? 'ok' : 'FAILED']),
        ]),
    );
    // One example of each error status, to start from when something failed.
    for (const status of byStatus.keys()) {
      const example = recorded.find((answer) => answer.status === status);
      if (example) console.log(`  e.g. ${status} ${example.label}: ${example.body.slice(0, 200)}`);
    }
    for (const answer of unexcused.slice(0, 10)) {
      console.log(
        `  unexcused ${answer.status} ${answer.label} via ${answer.upstream || '-'}: ${answer.body.slice(0, 200)}`,
      );
    }
    return checks.every(([, , ok]) => ok) ? 0 : 1;
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const client of clients) client.agent.destroy();
    await nginx?.stop();
    await Promise.all(apps.map(stopApp));
    await admin(ADMIN_URL, `drop database if exists ${dbName} with (force)`).catch(() => {});
    await dropRedisKeys(REDIS_URL, redisKeyPrefix).catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
