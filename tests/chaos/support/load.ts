/** Timed requests and what the chaos checks make of them: percentiles, unexpected 5xx, recovery after a fault. */

export type Sample = {
  label: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  /** The Retry-After header and the body of an error answer. */
  retryAfter?: string | null;
  body?: string;
  error?: string;
};

export class Recorder {
  readonly samples: Sample[] = [];

  /** Sends one request and records it; never throws. */
  async send(label: string, url: string, init: RequestInit = {}): Promise<Sample> {
    const startedAt = performance.now();
    try {
      const response = await fetch(url, init);
      const body = await response.text();
      const sample: Sample = {
        label,
        startedAt,
        endedAt: performance.now(),
        status: response.status,
        ...(response.status >= 400 ? { body, retryAfter: response.headers.get('retry-after') } : {}),
      };
      // Successful bodies matter to some callers (the placed order's id): kept for 2xx writes only.
      if (response.status < 300 && init.method && init.method !== 'GET') sample.body = body;
      this.samples.push(sample);
      return sample;
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const sample: Sample = {
        label,
        startedAt,
        endedAt: performance.now(),
        status: 0,
        error: `${error instanceof Error ? error.message : String(error)} ${cause}`.trim(),
      };
      this.samples.push(sample);
      return sample;
    }
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export const durations = (samples: readonly Sample[]) => samples.map((s) => s.endedAt - s.startedAt);

/**
 * How long the service needed to serve normally again after a fault at `faultAt`: the end of the last failed
 * request (5xx or no answer) among those started in [faultAt, until), measured from the fault; 0 when none
 * failed. Requests keep failing to the end of the window: the whole window.
 */
export function recoveryMs(
  samples: readonly Sample[],
  faultAt: number,
  until = Number.POSITIVE_INFINITY,
): number {
  const window = samples.filter((sample) => sample.startedAt >= faultAt && sample.startedAt < until);
  const failures = window.filter((sample) => sample.status === 0 || sample.status >= 500);
  if (failures.length === 0) return 0;
  return Math.max(...failures.map((sample) => sample.endedAt)) - faultAt;
}

/**
 * From when on after a fault at `faultAt` every request sent was served: the start of the last failed request
 * (5xx or no answer) among those started in [faultAt, until), measured from the fault; 0 when none failed.
 * Unlike recoveryMs it leaves out how long a failed request waited for its answer: on a machine at a load
 * average near 30, requests sent a moment after the fault queued for seconds before their 503, while every
 * request sent from +0.75 s on was served.
 */
export function servedAgainAfterMs(
  samples: readonly Sample[],
  faultAt: number,
  until = Number.POSITIVE_INFINITY,
): number {
  const window = samples.filter((sample) => sample.startedAt >= faultAt && sample.startedAt < until);
  const failures = window.filter((sample) => sample.status === 0 || sample.status >= 500);
  if (failures.length === 0) return 0;
  return Math.max(...failures.map((sample) => sample.startedAt)) - faultAt;
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Runs `work` in `workers` parallel loops until `stop()` is called; resolves when every loop has ended. */
export function runLoops(workers: number, work: (worker: number) => Promise<void>) {
  let isStopped = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    while (!isStopped) await work(worker);
  });
  return {
    stop: async () => {
      isStopped = true;
      await Promise.all(loops);
    },
  };
}
