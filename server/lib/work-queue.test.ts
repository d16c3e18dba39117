import { describe, expect, it } from 'vitest';
import { createWorkQueue, WorkQueueFullError } from './work-queue';

/** A task that runs until the test lets it finish. */
function gate() {
  let open: () => void = () => {};
  let started = false;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    task: async () => {
      started = true;
      await opened;
      return 'done';
    },
    open,
    hasStarted: () => started,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the others in arrival order', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 5 });
    const gates = Array.from({ length: 4 }, gate);
    const results = gates.map((g) => queue.run(g.task));
    await settle();
    expect(gates.map((g) => g.hasStarted())).toEqual([true, true, false, false]);
    expect(queue.size()).toEqual({ running: 2, waiting: 2 });

    gates[1]?.open();
    await settle();
    expect(gates.map((g) => g.hasStarted())).toEqual([true, true, true, false]);
    expect(queue.size()).toEqual({ running: 2, waiting: 1 });

    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done']);
    expect(queue.size()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the waiting line is full, and takes work again when it drains', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const second = gate();
    const running = queue.run(first.task);
    const waiting = queue.run(second.task);
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(WorkQueueFullError);

    first.open();
    second.open();
    await Promise.all([running, waiting]);
    await expect(queue.run(async () => 'later')).resolves.toBe('later');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(
      queue.run(async () => {
        throw new Error('broken image');
      }),
    ).rejects.toThrow('broken image');
    expect(queue.size()).toEqual({ running: 0, waiting: 0 });
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
