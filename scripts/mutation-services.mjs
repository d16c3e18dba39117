/**
 * `npm run test:mutation:services` (ADR 018): one Stryker run per service group, every group even when an
 * earlier one falls below the threshold, then a summary — each group's score and time — and a failing exit
 * when any group failed. Extra arguments go to every run (`-- --force`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const GROUPS = ['basket', 'identity', 'favourites', 'orders'];
/** The project's own Stryker, whether or not node_modules/.bin is on the PATH. */
const STRYKER = 'node_modules/.bin/stryker';
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** The mutation score of a group's JSON report as Stryker computes it (detected of detected + undetected). */
function scoreOf(group) {
  try {
    const report = JSON.parse(readFileSync(`reports/mutation/services-${group}.json`, 'utf8'));
    let detected = 0;
    let undetected = 0;
    for (const file of Object.values(report.files)) {
      for (const mutant of file.mutants) {
        if (DETECTED.has(mutant.status)) detected += 1;
        else if (UNDETECTED.has(mutant.status)) undetected += 1;
      }
    }
    const total = detected + undetected;
    return total === 0
      ? 'no mutants'
      : `${((detected / total) * 100).toFixed(2)} % (${detected} of ${total})`;
  } catch {
    return 'no report';
  }
}

const results = [];
const started = Date.now();
for (const group of GROUPS) {
  const groupStarted = Date.now();
  const run = spawnSync(STRYKER, ['run', 'stryker.services.config.mjs', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_SERVICE: group },
  });
  results.push({
    group,
    ok: run.status === 0,
    minutes: ((Date.now() - groupStarted) / 60_000).toFixed(1),
    score: scoreOf(group),
  });
}

console.log('\nServices mutation testing:');
for (const { group, ok, minutes, score } of results) {
  console.log(`  ${group.padEnd(11)} ${ok ? 'passed' : 'FAILED'}  ${score}, ${minutes} min`);
}
console.log(`  total       ${((Date.now() - started) / 60_000).toFixed(1)} min`);
const failed = results.filter((result) => !result.ok).map((result) => result.group);
if (failed.length > 0) {
  console.error(`Below the threshold or broken: ${failed.join(', ')}`);
  process.exit(1);
}
