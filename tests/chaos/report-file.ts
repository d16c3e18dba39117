/**
 * Where a chaos run's report goes (report.ts writes it, report-table.ts prints it): apart from Vitest, which
 * the global setup cannot import.
 */
import path from 'node:path';

const TMP_DIR = path.resolve(import.meta.dirname, '../../tmp');

/** A run's report file: named by its build directory and the process that runs it (Vitest's main process). */
export function chaosReportFileFor(pid: number, buildDir = process.env.BUILD_DIR || 'build'): string {
  const buildName = path.basename(path.resolve(buildDir)).replace(/[^\w.-]/g, '_');
  return path.join(TMP_DIR, `chaos-report-${buildName}-${pid}.jsonl`);
}
