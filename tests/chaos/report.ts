/**
 * What each chaos check found, one JSON line per row in tmp/chaos-report.jsonl; the global teardown
 * (report-table.ts) prints them as one table at the end of `npm run test:chaos`.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const CHAOS_REPORT_FILE = path.resolve(import.meta.dirname, '../../tmp/chaos-report.jsonl');

export type ChaosRow = {
  /** fuzz, faults or abuse. */
  suite: string;
  /** What was tried, e.g. 'PostgreSQL backends terminated under basket writes'. */
  check: string;
  /** Requests sent. */
  requests: number;
  /** Answers with a status of 500 or more that should not have been (a 503 the check expects is not counted). */
  errors5xx: number;
  /** Time until the service answered normally again. */
  recoveryMs?: number;
  /** p99 latency of the probed pages while idle and under the abuse. */
  p99IdleMs?: number;
  p99UnderAbuseMs?: number;
  /** Anything else worth a column, short. */
  note?: string;
};

export function recordChaos(row: ChaosRow): void {
  mkdirSync(path.dirname(CHAOS_REPORT_FILE), { recursive: true });
  appendFileSync(CHAOS_REPORT_FILE, `${JSON.stringify(row)}\n`);
}
