/** Vitest global setup of the chaos suite: starts an empty report, prints it as a table at the end. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { CHAOS_REPORT_FILE, type ChaosRow } from './report';

function cell(value: number | string | undefined): string {
  if (value === undefined) return '—';
  return typeof value === 'number' ? String(Math.round(value * 10) / 10) : value;
}

export function setup(): () => void {
  rmSync(CHAOS_REPORT_FILE, { force: true });
  return () => {
    if (!existsSync(CHAOS_REPORT_FILE)) return;
    const rows = readFileSync(CHAOS_REPORT_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ChaosRow);
    console.log('\nChaos suite');
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
