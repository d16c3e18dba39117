import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lowerThreadPriority } from './thread-priority';

type Thread = { task: string; name: string; nice: number };

/** This process's threads with their nice values (Linux /proc: field 19 of stat, after the command name). */
function threadNices(): Thread[] {
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      task,
      name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
      nice: Number(fields[16]),
    };
  });
}

describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it('renices the image decoder’s threads once each, and no other thread', async () => {
    await sharp({ create: { width: 256, height: 256, channels: 3, background: '#2f9e5a' } })
      .resize(64)
      .webp()
      .toBuffer();
    const before = threadNices();
    expect(before.some((thread) => thread.name === 'libvips worker')).toBe(true);

    const lowering = lowerThreadPriority('libvips worker', 10);
    expect(lowering.apply()).toBe(before.filter((thread) => thread.name === 'libvips worker').length);
    expect(lowering.apply()).toBe(0);

    const after = threadNices();
    for (const thread of after) {
      if (thread.name === 'libvips worker') expect(thread.nice).toBe(10);
    }
    for (const thread of before) {
      if (thread.name === 'libvips worker') continue;
      const now = after.find((candidate) => candidate.task === thread.task);
      if (now) expect(now.nice, thread.name).toBe(thread.nice);
    }
  });
});
