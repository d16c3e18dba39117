/**
 * A private redis-server for a chaos check, on a port of its own, so restarting it leaves the shared one
 * (and every other test's keys) alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './server-process';

export type RedisProcess = {
  url: string;
  port: number;
  /** Stops it (SIGKILL: no goodbye to clients, as a crash or a failover looks) and starts it again. */
  restart(options?: { downMs?: number }): Promise<void>;
  /** Kills it (SIGKILL) and leaves it down until `up()`: a test acts during the outage. */
  down(): Promise<void>;
  /** Starts it again after `down()` (empty: nothing is saved). */
  up(): Promise<void>;
  stop(): Promise<void>;
};

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function launch(port: number): ChildProcess {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  child.once('error', () => {});
  return child;
}

async function waitUntilUp(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited (${child.exitCode})`);
    if (await answersPing(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not start (is redis-server installed?)`);
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child = launch(port);
  await waitUntilUp(port, child);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    restart: async ({ downMs = 0 } = {}) => {
      await kill(child);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = launch(port);
      await waitUntilUp(port, child);
    },
    down: () => kill(child),
    up: async () => {
      child = launch(port);
      await waitUntilUp(port, child);
    },
    stop: () => kill(child),
  };
}
