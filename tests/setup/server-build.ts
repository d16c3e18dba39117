/**
 * React Router's production server build for tests that render pages through `buildApp`, the way
 * server/main.ts loads it. `npm test` builds beside Vitest (scripts/test-stages.ts, ADR 004) and these files
 * wait for that build; a missing, failed or stale build is a failure with the command that fixes it — never a
 * skipped test.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

const root = path.resolve(import.meta.dirname, '../..');
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const serverBuildFile = path.join(buildDir, 'server/index.js');

/** What the server build is made of: a change to any of it after the build means the build is stale. */
const SOURCES = ['app', 'core'];

async function newestSource(dir: string): Promise<{ file: string; mtimeMs: number } | undefined> {
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = await stat(file);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/**
 * Under `npm test` the build runs while Vitest does, and the runner writes this file ('passed' or 'failed')
 * when it ends. Waited for when the module is imported, outside any hook's timeout: under load the build can
 * take longer than a hook may.
 */
const buildDoneFile = process.env.TEST_SERVER_BUILD_DONE_FILE;
const BUILD_POLL_MS = 250;

async function untilBuildDone(file: string): Promise<void> {
  for (;;) {
    const outcome = await readFile(file, 'utf8').catch(() => undefined);
    if (outcome === 'passed') return;
    if (outcome !== undefined) throw new Error(`The build failed (${outcome}): see its stage in npm test.`);
    await new Promise((resolve) => setTimeout(resolve, BUILD_POLL_MS));
  }
}

if (buildDoneFile) await untilBuildDone(buildDoneFile);

export async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(serverBuildFile)) {
    throw new Error(`No server build at ${serverBuildFile}: run "npm run build" first (npm test does).`);
  }
  const built = (await stat(serverBuildFile)).mtimeMs;
  for (const source of SOURCES) {
    const newest = await newestSource(path.join(root, source));
    if (newest && newest.mtimeMs > built) {
      throw new Error(
        `The server build is older than ${path.relative(root, newest.file)}: run "npm run build" first (npm test does).`,
      );
    }
  }
  return (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
}
