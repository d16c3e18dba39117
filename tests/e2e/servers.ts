/**
 * The journeys' servers (Playwright's global setup): one built server per Playwright worker, each on its own
 * port with its own fresh embedded database and SMS outbox, so two workers never share a customer, a basket,
 * a limit or a code. Worker i uses port E2E_PORT + i (tests/e2e/fixtures.ts). Every server starts from an
 * empty data directory, so each run also proves that a first start migrates and seeds (ADR 004). They start
 * side by side and stop when the run ends (the returned teardown).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { dropRedisKeys } from '../setup/redis-keys';
import { E2E_OPERATORS } from './operator-account';

/** What a worker needs of its server: where it answers and where its SMS go. */
export type JourneyServer = { url: string; smsOutbox: string };

/** The variable through which the workers learn their servers (JSON of JourneyServer[]). */
export const JOURNEY_SERVERS_VARIABLE = 'E2E_SERVERS';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export function basePort(): number {
  return Number(process.env.E2E_PORT ?? 3100);
}

/** The servers of this run, as the global setup announced them; a worker picks its own by parallel index. */
export function journeyServers(): JourneyServer[] {
  const announced = process.env[JOURNEY_SERVERS_VARIABLE];
  if (!announced) throw new Error('no journey servers: run the journeys through playwright.config.ts');
  return JSON.parse(announced) as JourneyServer[];
}

type Started = { server: JourneyServer; child: ChildProcess; redisKeyPrefix: string };

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the journey server on ${url} exited (${child.exitCode ?? child.signalCode}):\n${output()}`,
      );
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the journey server on ${url} did not answer /healthz in ${START_TIMEOUT_MS} ms:\n${output()}`,
  );
}

/**
 * A server's own Redis keys, when REDIS_URL is set (CI): a run starts without the counters and cached pages a
 * previous run on this port left (its database is fresh, so they must be too) and leaves none behind.
 */
export async function clearServerKeys(prefix: string): Promise<void> {
  const url = process.env.REDIS_URL?.trim();
  if (url) await dropRedisKeys(url, prefix);
}

async function startServer(port: number): Promise<Started> {
  const dataDir = path.join(ROOT, `tmp/e2e-data-${port}`);
  const smsOutbox = path.join(ROOT, `tmp/e2e-sms-outbox-${port}.jsonl`);
  const redisKeyPrefix = `fresh-e2e-${port}:`;
  // A fresh embedded database every run: migrated and seeded by the server itself at its first start.
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(smsOutbox, { force: true });
  await clearServerKeys(redisKeyPrefix);
  const entry = path.join(ROOT, process.env.BUILD_DIR || 'build', 'app/main.js');
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMS_PROVIDER: 'file',
      SMS_OUTBOX: smsOutbox,
      // The browser is a "client behind a proxy on loopback": a journey can present its own client address
      // (X-Forwarded-For) so the per-IP SMS limit (10 an hour) does not join all journeys into one client.
      TRUST_PROXY: 'loopback',
      // The journeys' support operators (tests/e2e/operator-account.ts), operators from the start: the
      // embedded database is the server's alone (ADR 033, 034).
      OPERATOR_PHONES: E2E_OPERATORS.map((operator) => operator.phone).join(','),
      // Each server its own embedded database, and its own keys and channels when REDIS_URL is set (CI).
      DATABASE_URL: '',
      REDIS_KEY_PREFIX: redisKeyPrefix,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
    process.stderr.write(`[journey server :${port}] ${chunk}`);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { server: { url, smsOutbox }, child, redisKeyPrefix };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export default async function startJourneyServers(config: FullConfig): Promise<() => Promise<void>> {
  const ports = Array.from({ length: config.workers }, (_, index) => basePort() + index);
  const results = await Promise.allSettled(ports.map(startServer));
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(started.map(({ child }) => stop(child)));
    throw failed.reason;
  }
  process.env[JOURNEY_SERVERS_VARIABLE] = JSON.stringify(started.map(({ server }) => server));
  return async () => {
    await Promise.all(started.map(({ child }) => stop(child)));
    await Promise.all(started.map(({ redisKeyPrefix }) => clearServerKeys(redisKeyPrefix)));
  };
}
