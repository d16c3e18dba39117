/**
 * Second half of `npm run build` (after `react-router build`): bundles the Fastify server into
 * build/app/main.js, copies the SQL migrations beside it, and writes brotli and gzip siblings of the client
 * assets so the static handler serves them without compressing per request.
 */
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const outDir = path.join(buildDir, 'app');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * @fastify/cookie loads `cookie` with `import()` and reads its named exports. Node gives a CommonJS module's
 * named exports to `import()`, but esbuild, splitting the import into a chunk of its own, exports only
 * `default` from that chunk, so `stringifySetCookie` was undefined in the build (every login answered 500)
 * while the unbundled tests passed. cookie 1.x is CommonJS (package.json overrides it, ADR 051): this shim is
 * the chunk instead, with the named exports @fastify/cookie reads.
 */
const cookieNamedExports: Plugin = {
  name: 'cookie-named-exports',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^cookie$/ }, (args) =>
      args.kind === 'dynamic-import'
        ? { path: 'cookie', namespace: 'cookie-named-exports', pluginData: { resolveDir: args.resolveDir } }
        : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'cookie-named-exports' }, (args) => ({
      contents:
        "import * as cookie from 'cookie';\n" +
        'export const { parseCookie, stringifyCookie, parseSetCookie, stringifySetCookie, parse, serialize } = cookie;\n' +
        'export default cookie;\n',
      resolveDir: (args.pluginData as { resolveDir: string }).resolveDir,
      loader: 'js',
    }));
  },
};

async function bundleServer(): Promise<void> {
  await build({
    plugins: [cookieNamedExports],
    entryPoints: [path.join(root, 'server/main.ts')],
    outdir: outDir,
    // Code only some starts need (the seed, the PostgreSQL or PGlite driver, Redis) goes to chunks loaded on
    // demand. Chunks sit beside main.js so import.meta.url-relative paths (migrations/) stay the same.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too: one file parses much faster than hundreds of node_modules files (boot
    // time). Kept external: what must be the very instance the React Router build imports (react-router,
    // react), what loads files beside itself (PGlite's WebAssembly), optional native or dev-only modules.
    external: [
      'react',
      'react-dom',
      'react-router',
      '@react-router/node',
      '@electric-sql/pglite',
      'vite',
      'pg-native',
      // Native image library (libvips): loads its platform binary from node_modules at run time.
      'sharp',
      'lightningcss',
      'fsevents',
    ],
    // CommonJS dependencies call require() for Node built-ins; give the ES module a real one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  await cp(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function precompress(dir: string): Promise<number> {
  let count = 0;
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_COMPRESS_BYTES) continue;
    const content = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gz(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count += 1;
  }
  return count;
}

const started = performance.now();
await bundleServer();
const compressed = await precompress(path.join(buildDir, 'client'));
console.log(
  `server bundled to ${path.relative(root, outDir)}/main.js; ${compressed} client files pre-compressed in ${Math.round(performance.now() - started)} ms`,
);
