/**
 * A customer's latency under abuse against quiet, on a shared machine (ADR 022, 035, 036). The windows
 * alternate — quiet₀, abused₁, quiet₁, …, abusedₙ, quietₙ — and each abused window's p99 is set against the
 * mean p99 of the two quiet windows on either side of it: other work on the machine comes and goes within a
 * minute, and what falls on an abused window mostly falls on its neighbours too. The verdict is the median of
 * those ratios, so one window disturbed from elsewhere moves one ratio, not the verdict; one quiet window
 * against one abused one (or every window pooled into one p99, which is the worst window's) flaked at load
 * averages of 10–20 on two cores.
 */
import { percentile } from './load';

export type TimedAnswers = readonly { ms: number }[];

export type WindowComparison = {
  /** Each abused window's p99 over the mean p99 of its quiet neighbours, in order. */
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
    (p99, index) => p99 / (((quietP99s[index] as number) + (quietP99s[index + 1] as number)) / 2),
  );
  return {
    ratios,
    medianRatio: median(ratios),
    quietP99: median(quietP99s),
    abusedP99: median(abusedP99s),
  };
}
