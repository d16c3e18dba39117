/**
 * Lowers the CPU priority of some of this process's own threads, by name — on Linux, where each thread has
 * its own nice value and /proc lists them; elsewhere it does nothing. The image decoder's threads
 * ("libvips worker") get it: a burst of uploads then takes what the event loop leaves instead of sharing the
 * cores with it, so pages and assets keep their latency (docs/decisions/022).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

const TASKS_DIR = '/proc/self/task';

export type ThreadPriorityLowering = {
  /** Renices the threads of that name not seen before; answers how many it changed. */
  apply(): number;
};

export function lowerThreadPriority(threadName: string, nice: number): ThreadPriorityLowering {
  const seen = new Set<string>();
  const isSupported = process.platform === 'linux';
  return {
    apply() {
      if (!isSupported) return 0;
      let changed = 0;
      let tasks: string[];
      try {
        tasks = readdirSync(TASKS_DIR);
      } catch {
        return 0;
      }
      for (const task of tasks) {
        if (seen.has(task)) continue;
        try {
          if (readFileSync(`${TASKS_DIR}/${task}/comm`, 'utf8').trim() !== threadName) continue;
          // On Linux a thread id is a pid to setpriority(2): this thread alone changes.
          setPriority(Number(task), nice);
          seen.add(task);
          changed += 1;
        } catch {
          // The thread ended meanwhile, or the system refuses: it keeps its priority.
        }
      }
      return changed;
    },
  };
}
