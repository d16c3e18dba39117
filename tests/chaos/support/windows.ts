/**
 * A customer's latency under abuse against quiet, on a shared machine (ADR 022, 035, 036). The windows
 * alternate — quiet₀, abused₁, quiet₁, …, abusedₙ, quietₙ — and each abused window's p99 is set against the
 * mean p99 of the two quiet windows on either side of it: other work on the machine comes and goes within a
 * minute, and what falls on an abused window mostly falls on its neighbours too. The verdict is the median of
 * those ratios, so one window disturbed from elsewhere moves one ratio, not the verdict; one quiet window
 * against one abused one (or every window pooled into one p99, which is the worst window's) flaked at load
 * averages of 10–20 on two cores.
 *
 * A quiet p99 under QUIET_P99_FLOOR_MS counts as that much: below it, a p99 says which other request's turn of
 * the event loop a probe waited behind (an uncached page is 15–20 ms of it, ADR 044), and the ratio measured
 * the scheduler. A `/api/user/me` with a quiet p99 of 13 ms and 49 ms under the floods failed at ×4.3 once
 * the catalogue's pages became cheap (ADR 035).
 */
import { percentile } from './load';

export type TimedAnswers = readonly { ms: number }[];

/** The least a quiet p99 counts as in a ratio (see above). */
export const QUIET_P99_FLOOR_MS = 20;

export type WindowComparison = {
  /** Each abused window's p99 over the mean p99 of its quiet neighbours (at least the floor), in order. */
  ratios: number[];
  /** The median of `ratios`: what the check compares with its limit. */
  medianRatio: number;
  /** The median of the quiet windows' p99s and of the abused windows' p99s, for the table. */
  quietP99: number;
  abusedP99: number;
};

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const p99Of = (answers: TimedAnswers) =>
  percentile(
    answers.map((answer) => answer.ms),
    99,
  );

/** `quiet` has one window more than `abused`: the first quiet window, then one after each abused one. */
export function compareWindows(
  quiet: readonly TimedAnswers[],
  abused: readonly TimedAnswers[],
): WindowComparison {
  if (quiet.length !== abused.length + 1) {
    throw new Error(
      `expected a quiet window on either side of each abused one: ${quiet.length} and ${abused.length}`,
    );
  }
  const quietP99s = quiet.map(p99Of);
  const abusedP99s = abused.map(p99Of);
  const ratios = abusedP99s.map(
    (p99, index) =>
      p99 /
      Math.max(QUIET_P99_FLOOR_MS, ((quietP99s[index] as number) + (quietP99s[index + 1] as number)) / 2),
  );
  return {
    ratios,
    medianRatio: median(ratios),
    quietP99: median(quietP99s),
    abusedP99: median(abusedP99s),
  };
}
