/**
 * Vitest global setup of the chaos suite: names this run's report file (report.ts; the test files get it
 * through `inject`), starts it empty, and prints it as a table at the end. The file stays for a look after the
 * run; its path is printed with the table.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import type { ChaosRow } from './report';
import { chaosReportFileFor } from './report-file';

function cell(value: number | string | undefined): string {
  if (value === undefined) return '—';
  return typeof value === 'number' ? String(Math.round(value * 10) / 10) : value;
}

export function setup(project: TestProject): () => void {
  const file = chaosReportFileFor(process.pid);
  rmSync(file, { force: true });
  project.provide('chaosReportFile', file);
  return () => {
    if (!existsSync(file)) return;
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ChaosRow);
    console.log(`\nChaos suite (${file})`);
    console.table(
      rows.map((row) => ({
        suite: row.suite,
        check: row.check,
        requests: row.requests,
        '5xx': row.errors5xx,
        'recovery ms': cell(row.recoveryMs),
        'p99 idle ms': cell(row.p99IdleMs),
        'p99 abuse ms': cell(row.p99UnderAbuseMs),
        note: row.note ?? '',
      })),
    );
  };
}
