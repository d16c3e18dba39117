/**
 * What each chaos check found, one JSON line per row in this run's report file; the global teardown
 * (report-table.ts) prints them as one table at the end of `npm run test:chaos`. Each run has a file of its own
 * (tmp/chaos-report-<build dir>-<pid>.jsonl, named by the global setup): runs side by side — several people on
 * one machine, each with their BUILD_DIR — no longer write into, or wipe, one another's report.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { chaosReportFileFor } from './report-file';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's report file (report-table.ts). */
    chaosReportFile: string;
  }
}

/** This run's report file: the global setup's, or (a file run without it) one of this process's own. */
export function chaosReportFile(): string {
  try {
    return inject('chaosReportFile') ?? chaosReportFileFor(process.pid);
  } catch {
    return chaosReportFileFor(process.pid);
  }
}

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
  const file = chaosReportFile();
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(row)}\n`);
}
