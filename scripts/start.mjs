// `npm start`: build once if there is no build yet, then run the server in this same process (so signals
// reach it directly). Plain JavaScript so starting needs no TypeScript loader: boot time is measured.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const required = ['app/main.js', 'server/index.js', 'client'];

if (!required.every((file) => existsSync(path.join(buildDir, file)))) {
  console.log('No build found: running "npm run build" first');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// Node 22.1 and later keep the compiled code of the modules loaded from here on (the server bundle, React
// Router's build, their packages) in the OS's temporary directory, and the next start reads it instead of
// compiling again (issue 26's boot; ADR 047). Node 20 has no such cache and starts as before.
module.enableCompileCache?.();
await import(pathToFileURL(path.join(buildDir, 'app/main.js')).href);
