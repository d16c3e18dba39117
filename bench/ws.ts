/**
 * `npm run bench:ws` (issue 15, ADR 034): the /ws socket at scale, on PostgreSQL (needs `npm run build`).
 *
 * The built server runs against BENCH_DATABASE_URL (default: the local `fresh_bench_ws` database, created,
 * migrated and seeded on first use). Sockets need signed-in sessions: the bench makes BENCH_WS_IDLE users
 * (default 5,000; the first BENCH_WS_FANOUT of them operators) and a session for each directly through the
 * identity and support repositories, as a login would store them. Three servers, one after another:
 *
 *   - bare `ws` (bench/bare-ws-server.mjs): the baseline, no sessions and no bus, measured in the same run;
 *   - Фреш, one process: the memory bus;
 *   - Фреш, two processes A and B sharing the database and Redis (REDIS_URL, default redis://127.0.0.1:6379).
 *
 * Two measurements on each:
 *
 *   1. idle sockets: the server's RSS before and after BENCH_WS_IDLE sockets have opened and been greeted
 *      (`hello`), per socket (on B for the two processes);
 *   2. fan-out: BENCH_WS_FANOUT operator sockets open, a customer sends a support message (POST
 *      /api/chat/messages; on the two processes through A while every socket is on B, so each delivery crosses
 *      Redis), timed from the request to each socket's frame; BENCH_WS_ROUNDS messages (default 30) after 5
 *      warm-up ones. The bare server broadcasts the same bytes on POST /send.
 *
 * Printed: RSS per socket, and fan-out latency (first socket, p50, p95, last socket: per message, then the
 * median over the messages), each as a ratio to the bare server's. Every socket holds a file descriptor in this process and in the server: the bench raises its
 * soft limit (`ulimit -n`) to what it needs when the hard limit allows, and otherwise says what to do.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { openDb } from '../server/db/client';
import { findOrCreateUser, insertSession } from '../server/modules/identity/identity.repository';
import { generateSessionToken, hashSessionToken } from '../server/modules/identity/secrets';
import { grantRole, revokeRole } from '../server/modules/support/support.repository';
import { type BuiltServer, startBuiltServer } from './customers';
import { formatTable, pinSelf, ROOT, spawnNode, stopChild, waitFor200 } from './lib';

const IDLE_SOCKETS = Number(process.env.BENCH_WS_IDLE ?? 5000);
const FANOUT_SOCKETS = Number(process.env.BENCH_WS_FANOUT ?? 1000);
const ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 30);
const WARMUP_ROUNDS = 5;
/** Sockets opening at once (each upgrade looks its session up in the database). */
const OPEN_CONCURRENCY = 50;
/** File descriptors beyond the sockets: the database pool, Redis, fetch, Node's own. */
const SPARE_FILES = 1000;
const ROUND_TIMEOUT_MS = 60_000;
/** The four servers' ports: BENCH_WS_PORT and the three after it (so runs beside other work can move them). */
const FIRST_PORT = Number(process.env.BENCH_WS_PORT ?? 3920);
const PORTS = { bare: FIRST_PORT, one: FIRST_PORT + 1, a: FIRST_PORT + 2, b: FIRST_PORT + 3 } as const;
/** BENCH_WS_CPU_PROF=<dir>: each Фреш server writes a V8 CPU profile there when it stops (`--cpu-prof`). */
const CPU_PROF_DIR = process.env.BENCH_WS_CPU_PROF;
const SERVER_OPTIONS = { cpuProfileDir: CPU_PROF_DIR };
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fresh_bench_ws';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** The bench's users: the same phones every run (found again, not duplicated). */
const phoneOf = (index: number) => `+7950${String(index).padStart(7, '0')}`;
const SENDER_PHONE = '+79510000000';
/** Long enough for a run; the server's housekeeping deletes them afterwards. */
const SESSION_TTL_MS = 3 * 60 * 60 * 1000;

/**
 * The servers: every socket comes from this one address, so the per-address cap would refuse most; and one
 * customer sends every fan-out message (35 per server, faster than a person), so the chat's rates are off.
 */
const SERVER_ENV = {
  MAX_CONNECTIONS_PER_IP: '0',
  CHAT_MESSAGES_PER_MINUTE: '0',
  LOG_LEVEL: 'error',
};

/** The machine's load average (1, 5, 15 minutes): printed beside every figure on a shared machine. */
const loadAverage = () =>
  existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : '?';

// ---------------------------------------------------------------------------------------------------------
// Open files: a socket is a descriptor here and one in the server (which inherits this process's limit).

function openFilesLimit(): { soft: number; hard: number } | null {
  if (!existsSync('/proc/self/limits')) return null;
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'));
  const [soft, hard] = (line ?? '')
    .split(/\s{2,}/)
    .slice(1, 3)
    .map((value) => (value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value)));
  return soft && hard ? { soft, hard } : null;
}

function ensureOpenFiles(): void {
  const needed = IDLE_SOCKETS + SPARE_FILES;
  const limit = openFilesLimit();
  if (!limit || limit.soft >= needed) return;
  if (limit.hard < needed || process.env.BENCH_WS_RAISED) {
    console.error(
      `bench:ws needs ${needed} open files (${IDLE_SOCKETS} sockets), the limit is ${limit.soft} ` +
        `(hard ${limit.hard}). Raise it (ulimit -n ${needed}, or LimitNOFILE for a service) or run with ` +
        `BENCH_WS_IDLE=${Math.max(100, limit.soft - SPARE_FILES)}.`,
    );
    process.exit(1);
  }
  // Node cannot raise its own limit: run this bench again in a shell that does.
  const raised = spawnSync(
    'sh',
    [
      '-c',
      `ulimit -n ${needed} && exec "$0" "$@"`,
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_WS_RAISED: '1' } },
  );
  process.exit(raised.status ?? 1);
}

// ---------------------------------------------------------------------------------------------------------
// Users and sessions, straight through the repositories (what a login stores).

type Viewer = { userId: string; token: string };

async function inParallel<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

async function createViewers(): Promise<{ viewers: Viewer[]; sender: Viewer }> {
  const handle = await openDb({ databaseUrl: DATABASE_URL, poolSize: 16 });
  try {
    const now = Date.now();
    const session = async (phone: string) => {
      const user = await findOrCreateUser(handle.db, phone, 'Покупатель');
      const token = generateSessionToken();
      await insertSession(handle.db, {
        userId: user.id,
        tokenHash: hashSessionToken(token),
        createdAt: new Date(now),
        expiresAt: new Date(now + SESSION_TTL_MS),
      });
      return { userId: user.id, token };
    };
    const viewers = await inParallel(IDLE_SOCKETS, 16, async (index) => {
      const viewer = await session(phoneOf(index));
      // Operators of every shop: each support message goes to every one of them.
      if (index < FANOUT_SOCKETS) await grantRole(handle.db, viewer.userId, 'operator', []);
      return viewer;
    });
    const sender = await session(SENDER_PHONE);
    await revokeRole(handle.db, sender.userId, 'operator');
    return { viewers, sender };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sockets.

type Receiver = (index: number, frame: Buffer) => void;
type SocketSet = { sockets: WebSocket[]; listen(receiver: Receiver | null): void; close(): Promise<void> };

function openOne(url: string, token: string, index: number, receive: Receiver): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}&group=user`);
    socket.once('message', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EMFILE'
          ? new Error('out of file descriptors (EMFILE): raise `ulimit -n` or lower BENCH_WS_IDLE')
          : error,
      );
    });
    socket.on('message', (frame: Buffer) => receive(index, frame));
  });
}

/** Opens sockets for these viewers, each resolved once greeted (`hello`); frames go to the current receiver. */
async function openSockets(url: string, viewers: readonly Viewer[]): Promise<SocketSet> {
  let receiver: Receiver | null = null;
  const dispatch: Receiver = (index, frame) => receiver?.(index, frame);
  const sockets = await inParallel(viewers.length, OPEN_CONCURRENCY, (index) =>
    openOne(url, (viewers[index] as Viewer).token, index, dispatch),
  );
  return {
    sockets,
    listen: (next) => {
      receiver = next;
    },
    close: async () => {
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.close();
            }),
        ),
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Memory.

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0);
}

/** RSS once it stops moving: two readings 500 ms apart within 0.5 % (at most 10 s). */
async function settledRss(pid: number): Promise<number> {
  let last = rssKiB(pid);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = rssKiB(pid);
    if (Math.abs(now - last) <= last * 0.005) return now;
    last = now;
  }
  return last;
}

type IdleResult = { beforeKiB: number; afterKiB: number; perSocketKiB: number };

async function measureIdle(pid: number, url: string, viewers: readonly Viewer[]): Promise<IdleResult> {
  // The first sockets load code and grow pools; they are not what a socket costs.
  const warm = await openSockets(url, viewers.slice(0, 200));
  await warm.close();
  const beforeKiB = await settledRss(pid);
  const open = await openSockets(url, viewers);
  const afterKiB = await settledRss(pid);
  await open.close();
  return { beforeKiB, afterKiB, perSocketKiB: (afterKiB - beforeKiB) / viewers.length };
}

// ---------------------------------------------------------------------------------------------------------
// Fan-out.

type FanOutResult = { first: number; p50: number; p95: number; last: number };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Sends one message per round and times each socket's first frame carrying its marker; the round ends when
 * every socket has its `framesPerRound` frames (Фреш: the message, then the operators' conversation update).
 * Each figure is the median over the rounds of that round's figure (a round slowed by other work on the
 * machine moves it less than a pooled percentile).
 */
async function measureFanOut(
  set: SocketSet,
  framesPerRound: number,
  send: (marker: string) => Promise<void>,
): Promise<FanOutResult> {
  const rounds: FanOutResult[] = [];
  const count = set.sockets.length;
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
    const marker = `bench-ws-${round}-${randomBytes(6).toString('hex')}`;
    const needle = Buffer.from(marker);
    const latencies = new Float64Array(count).fill(Number.NaN);
    let frames = 0;
    let startedAt = 0;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${round}: ${frames} of ${count * framesPerRound} frames arrived`)),
        ROUND_TIMEOUT_MS,
      );
      set.listen((index, frame) => {
        if (!frame.includes(needle)) return;
        if (Number.isNaN(latencies[index])) latencies[index] = performance.now() - startedAt;
        frames += 1;
        if (frames === count * framesPerRound) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    startedAt = performance.now();
    await send(marker);
    await done;
    set.listen(null);
    if (round < WARMUP_ROUNDS) continue;
    const sorted = [...latencies].sort((a, b) => a - b);
    rounds.push({
      first: sorted[0] ?? Number.NaN,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      last: sorted.at(-1) ?? Number.NaN,
    });
  }
  return {
    first: median(rounds.map((round) => round.first)),
    p50: median(rounds.map((round) => round.p50)),
    p95: median(rounds.map((round) => round.p95)),
    last: median(rounds.map((round) => round.last)),
  };
}

/** A customer's support message through the API (what every operator's console receives live). */
function sendAsCustomer(origin: string, sender: Viewer, capture?: (frame: string) => void) {
  return async (marker: string) => {
    const response = await fetch(`${origin}/api/chat/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: marker }),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`POST /api/chat/messages: ${response.status} ${body}`);
    capture?.(body);
  };
}

// ---------------------------------------------------------------------------------------------------------

ensureOpenFiles();
const pinning = pinSelf();
console.log(
  `Фреш socket benchmark: ${IDLE_SOCKETS} idle sockets, fan-out to ${FANOUT_SOCKETS} sockets ` +
    `(${ROUNDS} messages after ${WARMUP_ROUNDS} warm-up), PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}, ` +
    `Redis ${new URL(REDIS_URL).host}; open files ${openFilesLimit()?.soft ?? '?'}; ${pinning}`,
);

const idle: Record<'bare' | 'one' | 'two', IdleResult> = {} as never;
const fanOut: Record<'bare' | 'one' | 'two', FanOutResult> = {} as never;
/**
 * The frames one support message brought a Фреш operator's socket (`chat.message`, then `chat.conversation`),
 * as Фреш sent them: the bare server broadcasts the same bytes, the same number of frames per socket.
 */
const sampleFrames: string[] = [];
let sampleMarker = '';
/** The load average as each server's fan-out ended. */
const loadAt: Record<'bare' | 'one' | 'two', string> = { bare: '?', one: '?', two: '?' };
let viewers: Viewer[] = [];
let sender: Viewer = { userId: '', token: '' };

// Фреш, one process (memory bus). It also migrates and seeds the database on the first run.
{
  const server = await startBuiltServer(
    PORTS.one,
    DATABASE_URL,
    'ws-one',
    { ...SERVER_ENV, REDIS_URL: '' },
    SERVER_OPTIONS,
  );
  try {
    console.log('  creating users and sessions…');
    ({ viewers, sender } = await createViewers());
    const url = `ws://127.0.0.1:${PORTS.one}/ws`;
    console.log(`  Фреш, one process: ${IDLE_SOCKETS} idle sockets…`);
    idle.one = await measureIdle(server.pid, url, viewers);
    console.log(`  Фреш, one process: fan-out to ${FANOUT_SOCKETS}…`);
    const set = await openSockets(url, viewers.slice(0, FANOUT_SOCKETS));
    set.sockets[0]?.on('message', (frame: Buffer) => {
      const text = frame.toString('utf8');
      if (!sampleMarker && text.startsWith('{"type":"chat.message"')) {
        sampleMarker = (JSON.parse(text) as { message: { text: string } }).message.text;
      }
      if (sampleMarker && sampleFrames.length < 2 && text.includes(sampleMarker)) sampleFrames.push(text);
    });
    fanOut.one = await measureFanOut(set, 2, sendAsCustomer(server.origin, sender));
    loadAt.one = loadAverage();
    await set.close();
  } finally {
    await server.stop();
  }
}

// The baseline: bare `ws`, the same sockets and the same bytes.
{
  const bare = spawnNode(
    [path.join(ROOT, 'bench/bare-ws-server.mjs'), String(PORTS.bare)],
    {},
    { ipc: true },
  );
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));
  try {
    await waitFor200(`http://127.0.0.1:${PORTS.bare}/`, performance.now());
    const url = `ws://127.0.0.1:${PORTS.bare}/ws`;
    console.log(`  bare ws: ${IDLE_SOCKETS} idle sockets…`);
    idle.bare = await measureIdle(bare.pid ?? 0, url, viewers);
    console.log(`  bare ws: fan-out to ${FANOUT_SOCKETS}…`);
    const set = await openSockets(url, viewers.slice(0, FANOUT_SOCKETS));
    fanOut.bare = await measureFanOut(set, sampleFrames.length, async (marker) => {
      const response = await fetch(`http://127.0.0.1:${PORTS.bare}/send`, {
        method: 'POST',
        body: JSON.stringify(sampleFrames.map((frame) => frame.replaceAll(sampleMarker, marker))),
      });
      await response.arrayBuffer();
    });
    loadAt.bare = loadAverage();
    await set.close();
  } finally {
    await stopChild(bare);
  }
}

// Фреш, two processes sharing the database and Redis: every socket on B, every message through A.
{
  const redisEnv = { ...SERVER_ENV, REDIS_URL };
  const servers: BuiltServer[] = [];
  try {
    servers.push(await startBuiltServer(PORTS.a, DATABASE_URL, 'ws-a', redisEnv, SERVER_OPTIONS));
    servers.push(await startBuiltServer(PORTS.b, DATABASE_URL, 'ws-b', redisEnv, SERVER_OPTIONS));
    const [a, b] = servers as [BuiltServer, BuiltServer];
    const url = `ws://127.0.0.1:${PORTS.b}/ws`;
    console.log(`  Фреш, two processes: ${IDLE_SOCKETS} idle sockets on B…`);
    idle.two = await measureIdle(b.pid, url, viewers);
    console.log(`  Фреш, two processes: fan-out to ${FANOUT_SOCKETS} on B, messages through A…`);
    const set = await openSockets(url, viewers.slice(0, FANOUT_SOCKETS));
    fanOut.two = await measureFanOut(set, 2, sendAsCustomer(a.origin, sender));
    loadAt.two = loadAverage();
    await set.close();
  } finally {
    for (const server of servers) await server.stop();
  }
}

const mib = (kib: number) => (kib / 1024).toFixed(1);
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}x`;
const labels = {
  bare: 'bare ws (baseline)',
  one: 'Фреш, one process (memory bus)',
  two: 'Фреш, two processes (Redis), on B',
} as const;

const idleRows = [['server', 'sockets', 'RSS before MiB', 'RSS after MiB', 'KiB per socket', 'ratio']];
for (const key of ['bare', 'one', 'two'] as const) {
  const result = idle[key];
  idleRows.push([
    labels[key],
    String(IDLE_SOCKETS),
    mib(result.beforeKiB),
    mib(result.afterKiB),
    result.perSocketKiB.toFixed(1),
    ratio(result.perSocketKiB, idle.bare.perSocketKiB),
  ]);
}
const fanOutRows = [
  ['server', 'sockets', 'first ms', 'p50 ms', 'p95 ms', 'last ms', 'p95 ratio', 'load after'],
];
for (const key of ['bare', 'one', 'two'] as const) {
  const result = fanOut[key];
  fanOutRows.push([
    key === 'two' ? 'Фреш, two processes (Redis), A → B' : labels[key],
    String(FANOUT_SOCKETS),
    result.first.toFixed(1),
    result.p50.toFixed(1),
    result.p95.toFixed(1),
    result.last.toFixed(1),
    ratio(result.p95, fanOut.bare.p95),
    loadAt[key],
  ]);
}
console.log(
  `\nIdle sockets (the server's RSS, settled, before and after the sockets were greeted):\n${formatTable(idleRows)}` +
    `\n\nFan-out of one message to ${FANOUT_SOCKETS} sockets (from the request to each socket's frame; the ` +
    `median of ${ROUNDS} messages' figures):\n${formatTable(fanOutRows)}` +
    `\n\nratio = Фреш ÷ bare ws measured in this run (lower is better). Фреш's first socket includes the API ` +
    `request (session, storing the message); the bare server only broadcasts (the same ${sampleFrames.length} ` +
    `frames a socket, ${sampleFrames.map((frame) => Buffer.byteLength(frame)).join(' + ')} bytes). ` +
    `Load average at the end: ${loadAverage()}.`,
);
