/**
 * Abuse (issue 12): the built server as a child process with its default settings (embedded database, guest
 * page cache, the timeouts and caps of docs/decisions/022), first quiet, then under everything at once —
 *
 * - 2,000 idle sockets from one attacker address (127.0.0.2) that never send a byte;
 * - 100 slow bodies from another (127.0.0.3): a POST declaring 1,000 bytes, sending one every 5 s;
 * - uploads from signed-in customers (127.0.0.4): aspect-ratio bombs (1×25,000,000 and 25,000,000×1 PNGs of
 *   ~48 KB), pixel bombs (20,000×20,000) and real work (a 5,000×5,000 PNG, 25 MP, at the area cap);
 *
 * while a customer (127.0.0.1) asks for `/api/settings`, `/catalog` and a script asset one at a time.
 * Pass: each one's p99 under abuse stays under 3× its quiet p99, no answer is a 5xx but a well-formed 503,
 * every idle socket is closed by the headers timeout and every slow body by the request timeout.
 *
 * The machine is shared: other work can double a quiet p99 from one minute to the next. So quiet and abused
 * windows alternate (the socket floods and the uploads start and stop; the slow bodies, which cost nothing
 * but must live to the request timeout, trickle throughout), and the p99 of all abused windows is compared
 * with the p99 of all quiet ones around them: a load from elsewhere falls on both alike.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { getPriority } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blackPng, multipartFile } from '../setup/image-bombs';
import { recordChaos } from './report';
import { type ChaosCustomer, signInCustomer } from './support/customers';
import { createClient, type TimedAnswer } from './support/http-client';
import { percentile } from './support/load';
import { type ServerProcess, startServer } from './support/server-process';

const IDLE_SOCKETS = 2_000;
const SLOW_BODIES = 100;
const SLOW_BYTE_INTERVAL_MS = 5_000;
const UPLOADERS = 8;
/**
 * Each uploader's pause between two uploads: 8 × 4 a second. The bombs are refused in milliseconds, so
 * without a pause this would be a flood of requests (a matter for rate limits), not image work.
 */
const UPLOAD_PAUSE_MS = 250;
const UPLOAD_KINDS = ['tallStrip', 'wideStrip', 'pixelBomb', 'bigPhoto'] as const;
/** Windows of probing, alternating: a quiet one, then ABUSE_ROUNDS × (abused, quiet). */
const WINDOW_SECONDS = 6;
const ABUSE_ROUNDS = 4;
/** The server's defaults (server/config.ts): what the check expects connections to be cut off by. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** Node looks for expired requests every second (server/http/client-limits.ts); slack for a busy machine. */
const TIMEOUT_SLACK_MS = 5_000;
const MAX_P99_RATIO = 3;
/** The server's nice value (root only; otherwise it runs at 0, and the table says so). */
const SERVER_NICE = -10;

/** The probing customer, 127.0.0.1 (support/probe-process.mjs). */
const PROBE_SCRIPT = path.join(import.meta.dirname, 'support/probe-process.mjs');
const IDLE_ATTACKER = '127.0.0.2';
const SLOW_ATTACKER = '127.0.0.3';
const UPLOADER = '127.0.0.4';

type Probe = { name: string; path: string };
type RawSocket = { socket: Socket; openedAt: number; closedAt?: number; received: string };

function openRaw(port: number, localAddress: string, first?: string): Promise<RawSocket> {
  return new Promise((resolve) => {
    const raw: RawSocket = {
      socket: connect({ port, host: '127.0.0.1', localAddress }),
      openedAt: 0,
      received: '',
    };
    raw.socket.on('data', (chunk) => {
      raw.received += chunk.toString('utf8');
    });
    raw.socket.on('error', () => {});
    raw.socket.once('close', () => {
      raw.closedAt = performance.now();
      resolve(raw);
    });
    raw.socket.once('connect', () => {
      raw.openedAt = performance.now();
      if (first) raw.socket.write(first);
      resolve(raw);
    });
  });
}

const isOpen = (raw: RawSocket) => raw.closedAt === undefined;
const round = (ms: number) => Math.round(ms * 10) / 10;

describe('abuse', () => {
  let server: ServerProcess;
  let serverNice = 0;
  let customers: ChaosCustomer[];
  let probes: Probe[];
  let images: Record<(typeof UPLOAD_KINDS)[number], Buffer>;

  beforeAll(async () => {
    // The server as on a machine of its own: above the other work of a shared machine (other test runs on
    // the two cores pushed the ratio to ×4–5 at load average 20, by starving the event loop in the abused
    // windows of the CPU the abuse's own work needs). Its image work still runs below everything (nice 10,
    // server/lib/thread-priority.ts): the attack's cost to the event loop is what is measured.
    server = await startServer({ nice: SERVER_NICE });
    serverNice = getPriority(server.child.pid ?? 0);
    customers = [];
    for (let index = 0; index < UPLOADERS; index += 1) customers.push(await signInCustomer(server));
    const page = await (await fetch(`${server.origin}/catalog`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(page)?.[0];
    if (!asset) throw new Error('no script asset on /catalog');
    probes = [
      { name: '/api/settings', path: '/api/settings' },
      { name: '/catalog', path: '/catalog' },
      { name: 'asset', path: asset },
    ];
    const gradient = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"><defs><linearGradient id="g" x2="1" y2="1">' +
        '<stop offset="0" stop-color="#2f9e5a"/><stop offset="1" stop-color="#f5c542"/></linearGradient></defs>' +
        '<rect width="5000" height="5000" fill="url(#g)"/></svg>',
    );
    images = {
      tallStrip: blackPng(1, 25_000_000),
      wideStrip: blackPng(25_000_000, 1),
      pixelBomb: blackPng(20_000, 20_000, { rows: 200 }),
      bigPhoto: await sharp(gradient).png({ compressionLevel: 9 }).toBuffer(),
    };
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** One probe request at a time, round robin, for `seconds`: the latencies a customer sees. */
  /**
   * One probe request at a time, round robin, for `seconds`: the latencies a customer sees. The customer is a
   * process of its own (support/probe-process.mjs): timed in this one, the test's event loop — busy driving
   * the attackers in the abused windows — added its own delays, ×4 at load average 20.
   */
  async function measure(seconds: number): Promise<Map<string, TimedAnswer[]>> {
    const child = spawn(
      process.execPath,
      [PROBE_SCRIPT, server.origin, String(seconds), JSON.stringify(probes.map((probe) => probe.path))],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the probe process exited with ${code}`);
    const byPath = JSON.parse(output) as Record<string, { status: number; ms: number }[]>;
    return new Map(
      probes.map((probe) => [
        probe.name,
        (byPath[probe.path] ?? []).map((answer) => ({ ...answer, body: '' }) as TimedAnswer),
      ]),
    );
  }

  const p99Of = (answers: readonly TimedAnswer[]) =>
    percentile(
      answers.map((answer) => answer.ms),
      99,
    );

  it('keeps page, API and asset latency while sockets, slow bodies and image bombs arrive', async () => {
    // Warm up (first renders, caches; the upload path's first use of the multipart parser and of sharp, a
    // one-off of the process, not something an attacker can repeat), then the first quiet window.
    await measure(2);
    const warmUpClient = createClient(UPLOADER, 1);
    for (const kind of UPLOAD_KINDS) {
      const form = multipartFile(images[kind], `${kind}.png`, 'image/png');
      await warmUpClient.request(`${server.origin}/api/file/upload`, {
        method: 'POST',
        headers: { ...(customers[0] as ChaosCustomer).headers, ...form.headers },
        body: form.payload,
      });
    }
    warmUpClient.close();
    const quietWindows = [await measure(WINDOW_SECONDS)];
    const abusedWindows: Map<string, TimedAnswer[]>[] = [];

    // Slow bodies: the headers, then a byte every 5 s, through every window until the request timeout.
    const slow = await Promise.all(
      Array.from({ length: SLOW_BODIES }, () =>
        openRaw(
          server.port,
          SLOW_ATTACKER,
          'POST /api/user/code HTTP/1.1\r\nHost: fresh\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        ),
      ),
    );
    const trickle = setInterval(() => {
      for (const raw of slow) if (isOpen(raw)) raw.socket.write(' ');
    }, SLOW_BYTE_INTERVAL_MS);

    const idle: RawSocket[] = [];
    let lastIdleOpenedAt = 0;
    const uploads: { kind: string; answer: TimedAnswer }[] = [];
    const uploadClient = createClient(UPLOADER, UPLOADERS);
    for (let round = 0; round < ABUSE_ROUNDS; round += 1) {
      // 2,000 sockets that never send a byte (those accepted are closed by the headers timeout).
      const burst: RawSocket[] = [];
      const idleOpening = (async () => {
        for (let index = 0; index < IDLE_SOCKETS; index += 50) {
          burst.push(
            ...(await Promise.all(Array.from({ length: 50 }, () => openRaw(server.port, IDLE_ATTACKER)))),
          );
        }
      })();
      // Uploads: bombs and real work, each customer in a loop, for the abused window.
      let isUploading = true;
      const uploading = Promise.all(
        customers.map(async (customer) => {
          while (isUploading) {
            for (const kind of UPLOAD_KINDS) {
              const form = multipartFile(images[kind], `${kind}.png`, 'image/png');
              const answer = await uploadClient.request(`${server.origin}/api/file/upload`, {
                method: 'POST',
                headers: { ...customer.headers, ...form.headers },
                body: form.payload,
              });
              uploads.push({ kind, answer });
              await new Promise((resolve) => setTimeout(resolve, UPLOAD_PAUSE_MS));
            }
          }
        }),
      );
      abusedWindows.push(await measure(WINDOW_SECONDS));
      isUploading = false;
      await Promise.all([uploading, idleOpening]);
      idle.push(...burst);
      lastIdleOpenedAt = Math.max(...burst.map((raw) => raw.openedAt));
      // Quiet again but for the slow bodies, which cost nothing (a byte per 5 s each).
      quietWindows.push(await measure(WINDOW_SECONDS));
    }
    uploadClient.close();

    // Every idle socket ends by the headers timeout, every slow body by the request timeout.
    while (
      idle.some(isOpen) &&
      performance.now() < lastIdleOpenedAt + HEADERS_TIMEOUT_MS + TIMEOUT_SLACK_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const slowStartedAt = Math.min(...slow.map((raw) => raw.openedAt));
    while (slow.some(isOpen) && performance.now() < slowStartedAt + REQUEST_TIMEOUT_MS + TIMEOUT_SLACK_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    clearInterval(trickle);
    const idleLeft = idle.filter(isOpen).length;
    const slowLeft = slow.filter(isOpen).length;
    for (const raw of [...idle, ...slow]) raw.socket.destroy();
    const refusedAtOnce = idle.filter(
      (raw) => raw.openedAt === 0 || (raw.closedAt ?? Infinity) - raw.openedAt < 1000,
    ).length;
    const slowCutMs = Math.max(...slow.map((raw) => (raw.closedAt ?? performance.now()) - raw.openedAt));
    const pooled = (windows: Map<string, TimedAnswer[]>[], probe: string) =>
      windows.flatMap((window) => window.get(probe) ?? []);

    const uploadStatuses: Record<string, number> = {};
    for (const { kind, answer } of uploads) {
      const key = `${kind} ${answer.status}`;
      uploadStatuses[key] = (uploadStatuses[key] ?? 0) + 1;
    }
    const badUploads = uploads.filter(
      ({ answer }) =>
        answer.status === 0 || (answer.status >= 500 && !(answer.status === 503 && answer.retryAfter)),
    );
    const strips = uploads.filter(({ kind }) => kind.endsWith('Strip')).map(({ answer }) => answer);
    const probeErrors = abusedWindows
      .flatMap((window) => [...window.values()].flat())
      .filter((answer) => answer.status !== 200);

    const ratios: Record<string, number> = {};
    for (const probe of probes) {
      // Quiet and abused windows alternate, so the machine's own load is in both alike.
      const quietAnswers = pooled(quietWindows, probe.name);
      const abusedAnswers = pooled(abusedWindows, probe.name);
      const quietP99 = p99Of(quietAnswers);
      const abusedP99 = p99Of(abusedAnswers);
      ratios[probe.name] = abusedP99 / quietP99;
      const perRound = abusedWindows.map((window, index) =>
        round(p99Of(window.get(probe.name) ?? []) / p99Of(quietWindows[index + 1]?.get(probe.name) ?? [])),
      );
      recordChaos({
        suite: 'abuse',
        check: `${probe.name} p99, quiet → under abuse`,
        requests: quietAnswers.length + abusedAnswers.length,
        errors5xx: abusedAnswers.filter((answer) => answer.status >= 500 || answer.status === 0).length,
        p99IdleMs: quietP99,
        p99UnderAbuseMs: abusedP99,
        note: `×${round(abusedP99 / quietP99)} (limit ×${MAX_P99_RATIO}); ${ABUSE_ROUNDS} rounds ×${perRound.join(', ×')}; server nice ${serverNice}`,
      });
    }
    recordChaos({
      suite: 'abuse',
      check: `${IDLE_SOCKETS} idle sockets from one address`,
      requests: idle.length,
      errors5xx: 0,
      note: `${refusedAtOnce} refused at once (per-address cap), ${idleLeft} still open after the headers timeout`,
    });
    recordChaos({
      suite: 'abuse',
      check: `${SLOW_BODIES} bodies at a byte per ${SLOW_BYTE_INTERVAL_MS / 1000} s`,
      requests: slow.length,
      errors5xx: 0,
      note: `${slowLeft} still open; the last cut off after ${Math.round(slowCutMs / 1000)} s`,
    });
    recordChaos({
      suite: 'abuse',
      check: 'uploads: aspect-ratio bombs, pixel bombs, 25 MP photos',
      requests: uploads.length,
      errors5xx: badUploads.length,
      p99UnderAbuseMs: p99Of(strips),
      note: Object.entries(uploadStatuses)
        .map(([key, count]) => `${key}×${count}`)
        .join(', '),
    });

    expect(
      probeErrors.map((answer) => `${answer.status} ${answer.error ?? answer.body.slice(0, 100)}`),
    ).toEqual([]);
    expect(
      badUploads.map(({ kind, answer }) => `${kind} ${answer.status} ${answer.error ?? answer.body}`),
    ).toEqual([]);
    // The bombs are refused from their headers; the photos are worked on (some may find the queue full).
    for (const { kind, answer } of uploads) {
      if (kind.endsWith('Strip')) expect(answer.status).toBe(422);
      if (kind === 'pixelBomb') expect(answer.status).toBe(413);
      if (kind === 'bigPhoto') expect([200, 503]).toContain(answer.status);
    }
    expect(uploads.some(({ kind, answer }) => kind === 'bigPhoto' && answer.status === 200)).toBe(true);
    expect(idleLeft, 'idle sockets left open').toBe(0);
    expect(slowLeft, 'slow bodies left open').toBe(0);
    expect(server.isRunning()).toBe(true);
    for (const probe of probes)
      expect(ratios[probe.name], `${probe.name} p99 ratio`).toBeLessThan(MAX_P99_RATIO);
  });
});
