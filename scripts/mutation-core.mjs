/**
 * `npm run test:mutation:core` (ADR 018): Stryker over core/, reusing the committed incremental results only
 * when they are exactly this code's. Stryker alone reuses a mutant's result when its file and the tests that
 * covered it are unchanged, which is not enough for a gate: a change in a module the file imports, or a test
 * added for a module-level value, can leave a stale "killed" or "survived". So the results carry a stamp, a
 * hash of every file that can change one (all of core/, the Stryker and Vitest configs, tsconfig.json); when
 * the stamp differs, every mutant runs again (`--force`) and the stamp is written anew. The tools' versions are
 * not in it: after upgrading Stryker or Vitest, run it with `-- --force`.
 * After changing core/, run this and commit both files: CI then spends seconds here instead of minutes.
 * Extra arguments go to Stryker; a run narrowed by any but `--force` (`--mutate` a file) does not write the
 * stamp, since it vouches only for part of the results.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const STAMP_FILE = 'reports/mutation/core-incremental.stamp';
const INCREMENTAL_FILE = 'reports/mutation/core-incremental.json';
const INPUTS = [
  'core',
  'stryker.config.mjs',
  'vitest.mutation.config.ts',
  'vitest.config.ts',
  'tsconfig.json',
];

function filesUnder(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.join(dirent.parentPath, dirent.name));
}

/** sha256 over each input file's path and bytes, in a fixed order. */
export function stampOfInputs() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(file));
    hash.update('\n');
  }
  return hash.digest('hex');
}

function main() {
  const stamp = stampOfInputs();
  const recorded = existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : null;
  const isReusable = recorded === stamp && existsSync(INCREMENTAL_FILE);
  console.log(
    isReusable
      ? 'Mutation testing of core/: the committed results are this code’s; Stryker reuses them.'
      : 'Mutation testing of core/: core/ or its test setup changed since the committed results; every mutant runs.',
  );
  const extra = process.argv.slice(2);
  const args = ['run', 'stryker.config.mjs', ...(isReusable ? [] : ['--force']), ...extra];
  const run = spawnSync('node_modules/.bin/stryker', args, { stdio: 'inherit' });
  const isWhole = extra.every((arg) => arg === '--force');
  if (run.status === 0 && isWhole) writeFileSync(STAMP_FILE, `${stamp}\n`);
  process.exit(run.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
