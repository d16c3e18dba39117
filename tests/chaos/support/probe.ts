/**
 * A customer timing page requests from a process of its own (probe-process.mjs), so that the latency it
 * measures is the server's and not the test process's, whose event loop drives the attackers (ADR 022).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const PROBE_SCRIPT = path.join(import.meta.dirname, 'probe-process.mjs');

export type ProbeAnswer = { status: number; ms: number };

/** Asks for `paths` one at a time, round robin, for `seconds`; the answers per path. */
export async function probeLatency(
  origin: string,
  seconds: number,
  paths: readonly string[],
): Promise<Map<string, ProbeAnswer[]>> {
  const child = spawn(process.execPath, [PROBE_SCRIPT, origin, String(seconds), JSON.stringify(paths)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the probe process exited with ${code}`);
  const byPath = JSON.parse(output) as Record<string, ProbeAnswer[]>;
  return new Map(paths.map((probePath) => [probePath, byPath[probePath] ?? []]));
}
