/**
 * `npm test` (ADR 004): lint, typecheck, the build, Vitest and the Playwright journeys as one command, with
 * what can overlap running side by side:
 *
 *   lint ─────┐
 *   typecheck ┤
 *   chromium ─┤
 *   build ────┼─ journeys (need the build and Chromium)
 *   unit ─────┘  (its few files that render pages wait for the build: tests/setup/server-build.ts)
 *
 * Each stage writes to its own log; a stage's whole output is printed in one block when it ends, so the
 * output reads as if the stages had run one after another. It fails if any stage fails; a stage whose
 * prerequisite failed does not start. At the end: each stage's start, end, duration and CPU time, with the
 * load average. With STAGE_TIMES_FILE set, the stages' times are appended to that file too (.ci/run prints them).
 * E2E_AFTER_UNIT=1 starts the journeys only after Vitest (CI); E2E_AFTER_UNIT=half half of them (one worker)
 * beside it and the rest after it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

type Stage = {
  name: string;
  command: string;
  /** Stages that must have passed before this one starts. */
  after?: string[];
  env?: Record<string, string>;
};

type Outcome = {
  status: 'passed' | 'failed' | 'not run';
  startMs: number;
  endMs: number;
  /** CPU seconds (user + system) of the stage's processes: less swayed by other work than the wall time. */
  cpuS?: number;
};

const root = path.resolve(import.meta.dirname, '..');
const logDir = path.join(root, 'tmp', `test-stages-${process.env.E2E_PORT ?? 'default'}`);
const buildMarker = path.join(logDir, 'build.done');

const stages: Stage[] = [
  { name: 'lint', command: 'biome check .' },
  // TypeScript 7's native compiler checks the same tsconfig in about a fifth of TypeScript 5.9's CPU (ADR 004);
  // 5.9 stays the `typescript` package, whose JavaScript API React Router's tooling and Stryker use.
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'chromium', command: 'tsx scripts/check-chromium.ts' },
  { name: 'build', command: 'react-router build && tsx scripts/build-server.ts' },
  ...unitStages(),
  ...journeyStages(),
];

/**
 * Vitest: one run of both projects (a developer's machine), or, with UNIT_PGLITE_NODE set to a Node binary
 * (CI: Node 24, ADR 051), two runs side by side: the pglite project, every test file, on that Node, and the
 * postgres project on the machine's Node. CI then needs no later stage that runs the pglite project again on
 * Node 24 (about 100 s of the 2026-11-28 runs).
 */
function unitStages(): Stage[] {
  const env = { TEST_SERVER_BUILD_DONE_FILE: buildMarker };
  const node = process.env.UNIT_PGLITE_NODE;
  if (!node || !process.env.TEST_DATABASE_URL?.trim()) return [{ name: 'unit', command: 'vitest run', env }];
  // Two workers each: a postgres file spends much of its time waiting on PostgreSQL and Redis (ADR 004).
  const workers = process.env.TEST_WORKERS ?? '2';
  return [
    {
      name: 'unit-pglite',
      command: `'${node}' --version && '${node}' node_modules/vitest/vitest.mjs run --project pglite`,
      env: { ...env, TEST_WORKERS: workers },
    },
    {
      name: 'unit-postgres',
      command: 'vitest run --project postgres',
      env: { ...env, TEST_WORKERS: workers },
    },
  ];
}

/**
 * The journeys (ADR 004): unset, all of them beside Vitest (a developer's machine); `E2E_AFTER_UNIT=1`, all of
 * them after Vitest (CI); `E2E_AFTER_UNIT=half`, the files of tests/e2e/groups.ts beside Vitest on one worker
 * and its own ports and the others after it. "half" gave no gain in CI on 2026-11-28 (482 s against 484 s), so CI
 * keeps 1.
 */
function journeyStages(): Stage[] {
  const prerequisites = ['build', 'chromium'];
  const unit = unitStages().map((stage) => stage.name);
  const afterUnit = process.env.E2E_AFTER_UNIT;
  if (afterUnit !== 'half') {
    const after = afterUnit === '1' ? [...prerequisites, ...unit] : prerequisites;
    return [{ name: 'journeys', command: 'playwright test', after }];
  }
  const port = Number(process.env.E2E_PORT ?? 3100);
  return [
    {
      name: 'journeys 1',
      command: 'playwright test',
      after: prerequisites,
      env: { E2E_GROUP: 'beside-unit', E2E_WORKERS: '1', E2E_PORT: String(port + 10) },
    },
    {
      name: 'journeys 2',
      command: 'playwright test',
      after: [...prerequisites, ...unit],
      env: { E2E_GROUP: 'after-unit' },
    },
  ];
}

/** The stages write to files: colours only when this run's own output is a terminal (CI=true turns them on). */
const colours: Record<string, string> = process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };

const started = Date.now();
const running = new Map<string, ChildProcess>();
/** Each stage's end, started on first ask: a stage asks for those of its prerequisites. */
const ends = new Map<string, Promise<Outcome>>();

function endOf(name: string): Promise<Outcome> {
  let end = ends.get(name);
  if (!end) {
    const stage = stages.find((candidate) => candidate.name === name);
    if (!stage) throw new Error(`no stage ${name}`);
    end = runAfterPrerequisites(stage);
    ends.set(name, end);
  }
  return end;
}

function clock(ms: number): string {
  const seconds = Math.round((ms - started) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** User plus system seconds from the second line of `times` ("0m1.5s 0m0.2s": the shell's children). */
function cpuSeconds(file: string): number | undefined {
  if (!existsSync(file)) return undefined; // The shell was stopped before it could say.
  const children = readFileSync(file, 'utf8').split('\n')[1] ?? '';
  const [user, system] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
    ([, minutes, seconds]) => Number(minutes) * 60 + Number(seconds),
  );
  return user === undefined || system === undefined ? undefined : user + system;
}

function printLog(stage: Stage, outcome: Outcome): void {
  const seconds = ((outcome.endMs - outcome.startMs) / 1000).toFixed(1);
  const mark = outcome.status === 'passed' ? 'passed' : 'FAILED';
  const log = readFileSync(path.join(logDir, `${stage.name}.log`), 'utf8');
  process.stdout.write(`\n== ${stage.name} (${stage.command}): ${mark} in ${seconds} s\n${log}`);
  if (!log.endsWith('\n')) process.stdout.write('\n');
}

function run(stage: Stage): Promise<Outcome> {
  return new Promise((resolve) => {
    const startMs = Date.now();
    const log = createWriteStream(path.join(logDir, `${stage.name}.log`));
    // Its own process group, so an interrupted run stops the stage's whole tree (servers, browsers).
    const cpuFile = path.join(logDir, `${stage.name}.cpu`);
    // The shell's `times` gives the CPU time of everything it waited for, the stage's whole tree.
    const command = `${stage.command}\nstatus=$?\ntimes > '${cpuFile}'\nexit $status`;
    const child = spawn(command, {
      cwd: root,
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...colours, ...stage.env },
    });
    running.set(stage.name, child);
    console.log(`${clock(startMs)} ${stage.name} started`);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => {
      running.delete(stage.name);
      log.end(() => {
        const outcome: Outcome = {
          status: code === 0 ? 'passed' : 'failed',
          startMs,
          endMs: Date.now(),
          cpuS: cpuSeconds(cpuFile),
        };
        if (code !== 0 && signal) appendFileSync(path.join(logDir, `${stage.name}.log`), `(${signal})\n`);
        resolve(outcome);
      });
    });
  });
}

async function runAfterPrerequisites(stage: Stage): Promise<Outcome> {
  const prerequisites = await Promise.all((stage.after ?? []).map(endOf));
  if (prerequisites.some((outcome) => outcome.status !== 'passed')) {
    const now = Date.now();
    console.log(`${clock(now)} ${stage.name} not run: ${stage.after?.join(', ')} did not pass`);
    return { status: 'not run', startMs: now, endMs: now };
  }
  const outcome = await run(stage);
  if (stage.name === 'build') writeFileSync(buildMarker, outcome.status);
  printLog(stage, outcome);
  return outcome;
}

function stopAll(signal: NodeJS.Signals): void {
  for (const child of running.values()) {
    if (child.pid) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(130);
  });
}

rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });
console.log(
  `npm test: ${stages.map((stage) => stage.name).join(', ')} (logs in ${path.relative(root, logDir)})`,
);
const outcomes = new Map(
  await Promise.all(stages.map(async (stage) => [stage.name, await endOf(stage.name)] as const)),
);

const finished = Date.now();
const rows = stages.map((stage) => {
  const outcome = outcomes.get(stage.name);
  if (!outcome) throw new Error(`no outcome for ${stage.name}`);
  const seconds = ((outcome.endMs - outcome.startMs) / 1000).toFixed(1);
  const cpu = outcome.cpuS === undefined ? '' : `${outcome.cpuS.toFixed(1)} s`;
  return `  ${stage.name.padEnd(13)} ${clock(outcome.startMs).padStart(5)} → ${clock(outcome.endMs).padStart(5)}  ${seconds.padStart(6)} s  cpu ${cpu.padStart(8)}  ${outcome.status}`;
});
const failed = stages.filter((stage) => outcomes.get(stage.name)?.status !== 'passed');
const total = ((finished - started) / 1000).toFixed(1);
const cpuTotal = [...outcomes.values()].reduce((sum, outcome) => sum + (outcome.cpuS ?? 0), 0);
console.log(
  `\n== npm test: ${failed.length === 0 ? 'passed' : 'FAILED'} in ${total} s, cpu ${cpuTotal.toFixed(1)} s on ${availableParallelism()} cores (load ${load()})`,
);
for (const row of rows) console.log(row);
if (failed.length > 0) console.log(`failed or not run: ${failed.map((stage) => stage.name).join(', ')}`);
// .ci/run lists them, indented, just before its own line for all of npm test.
if (process.env.STAGE_TIMES_FILE) {
  appendFileSync(process.env.STAGE_TIMES_FILE, rows.map((row) => `  ${row}\n`).join(''));
}
process.exit(failed.length === 0 ? 0 : 1);
