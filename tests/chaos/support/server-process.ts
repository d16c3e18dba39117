/**
 * The built server (build/app/main.js) as a child process: the honest subject of a chaos check, because "the
 * process stays up" can only be seen from outside it. Its output is kept for the failure message.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, process.env.BUILD_DIR || 'build', 'app/main.js');

/** Fails with what to do when there is no build (`npm run test:chaos` builds first). */
export function requireBuild(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`No production build at ${SERVER_ENTRY}: run "npm run build" (npm run test:chaos does).`);
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  origin: string;
  port: number;
  dataDir: string;
  /** The file SMS provider's outbox. */
  smsOutbox: string;
  child: ChildProcess;
  /** True while the process runs. */
  isRunning(): boolean;
  /** How it ended; resolves when it exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; removes its data directory. */
  stop(): Promise<void>;
};

export type StartServerOptions = {
  env?: NodeJS.ProcessEnv;
  /** How long the first /healthz 200 may take (migrations and the demo seed run first). */
  startTimeoutMs?: number;
  /**
   * Start it under `nice -n <nice>` (every thread it makes inherits it). A negative value needs root; without
   * it, nice says so and the server runs at the normal priority.
   */
  nice?: number;
};

const OUTPUT_KEEP_CHARS = 200_000;

export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  requireBuild();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fresh-chaos-'));
  const smsOutbox = path.join(dataDir, 'sms-outbox.jsonl');
  const [command, args] =
    options.nice === undefined
      ? [process.execPath, [SERVER_ENTRY]]
      : ['nice', ['-n', String(options.nice), process.execPath, SERVER_ENTRY]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'file',
      SMS_OUTBOX: smsOutbox,
      // The embedded database and no Redis unless a check gives its own: the environment's (CI exports the
      // shared REDIS_URL) would keep login-limit counters across runs, and a third run within the hour found
      // its customers' code requests refused (429).
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEEP_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    origin,
    port,
    dataDir,
    smsOutbox,
    child,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    exited,
    output: () => output,
    stop: async () => {
      if (server.isRunning()) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = performance.now() + (options.startTimeoutMs ?? 180_000);
  for (;;) {
    if (!server.isRunning()) {
      throw new Error(`the server exited before answering:\n${output.slice(-4000)}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      await response.arrayBuffer();
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer /healthz in time:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
