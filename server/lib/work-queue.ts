/**
 * Bounded concurrency for expensive work (image decoding and encoding): at most `concurrency` tasks run at
 * once, at most `maxWaiting` wait their turn in arrival order, and anything beyond is refused at once with a
 * WorkQueueFullError — the caller answers 503 instead of letting a burst pile up memory and stall the
 * process (docs/decisions/022).
 */
export class WorkQueueFullError extends Error {
  override name = 'WorkQueueFullError';
}

export type WorkQueue = {
  /** Runs `task` when a slot is free; rejects with WorkQueueFullError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now. */
  size(): { running: number; waiting: number };
};

export function createWorkQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number;
  maxWaiting: number;
}): WorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error('concurrency must be a positive integer');
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new WorkQueueFullError('the work queue is full');
        // The slot is handed over by release(): `running` already counts this task when it resumes.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    size: () => ({ running, waiting: waiting.length }),
  };
}
