/** Shared parts of the benchmarks: child servers pinned to a core, load with autocannon, printing. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');
// BUILD_DIR as `npm run build` takes it, so a bench can weigh a build of its own.
export const SERVER_ENTRY = path.join(ROOT, process.env.BUILD_DIR || 'build', 'app/main.js');

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const cpuCount = (await import('node:os')).availableParallelism();

/** Server processes go to core 0, the load generator (this process) to core 1, when there are two cores. */
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

export function pinSelf(): string {
  if (!hasTaskset || cpuCount < 2) return 'not pinned (taskset or a second core missing)';
  execFileSync('taskset', ['-a', '-cp', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
  return `servers on core ${SERVER_CPU}, load generator on core ${LOAD_CPU}`;
}

/** Starts `node args…`, pinned to the server core when possible and `pin` is not false. */
export function spawnNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  {
    ipc = false,
    pin = true,
    stdout,
  }: {
    ipc?: boolean;
    pin?: boolean;
    /** A file descriptor for the child's stdout (its log lines), instead of nothing (or the bench's own with ipc). */
    stdout?: number;
  } = {},
): ChildProcess {
  const isPinned = pin && hasTaskset && cpuCount >= 2;
  const command = isPinned ? 'taskset' : process.execPath;
  const argv = isPinned ? ['-c', String(SERVER_CPU), process.execPath, ...args] : args;
  return spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ipc
      ? ['ignore', stdout ?? 'inherit', 'inherit', 'ipc']
      : ['ignore', stdout ?? 'ignore', 'inherit'],
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` every few ms until it answers 200; returns the milliseconds since `startedAt`. */
export async function waitFor200(url: string, startedAt: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > timeoutMs)
      throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function requireBuild(): void {
  if (!existsSync(SERVER_ENTRY)) {
    console.error('No production build: run "npm run build" first.');
    process.exit(1);
  }
}

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

export async function load(url: string, seconds: number, connections: number): Promise<LoadResult> {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The middle value (the upper of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function formatTable(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) => row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  '))
    .join('\n');
}

const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time (user + system) a process and its descendants have used so far, in ms, from /proc (Linux); null
 * elsewhere. On a machine other jobs load, a server's req/s says more about them than about it; its CPU time
 * per request does not (the bench's ratios are then taken on both).
 */
export function processTreeCpuMs(pid: number): number | null {
  try {
    let ticks = 0;
    const stack = [pid];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        if (children) stack.push(...children.split(' ').map(Number));
      }
    }
    return (ticks * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) the whole machine has been busy so far, every core summed (user, nice, system, interrupts and
 * steal from /proc/stat); null where there is no /proc. Less a process's own CPU over the same span it is
 * what the rest of the machine spent: on a quiet machine, the local database server's share of the work.
 */
export function machineBusyMs(): number | null {
  try {
    const fields =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
