/**
 * `npm run bench:js`: JavaScript a browser downloads on the first load of a page (module scripts and
 * modulepreloads in the server-rendered HTML), gzip level 9 as a CDN would serve it, per page and per file.
 * Needs a build; starts the server on a throw-away data dir.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatTable, requireBuild, SERVER_ENTRY, spawnNode, stopChild, waitFor200 } from './lib';

const PORT = 3902;
const BUDGET_BYTES = 100 * 1024;
const origin = `http://127.0.0.1:${PORT}`;

requireBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), 'fresh-js-'));
const server = spawnNode([SERVER_ENTRY], {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DATABASE_URL: '',
});
try {
  await waitFor200(`${origin}/healthz`, performance.now());
  const catalog = (await (await fetch(`${origin}/api/catalog/products`)).json()) as {
    products: { slug: string }[];
  };
  const pages = ['/', '/catalog', `/product/${catalog.products[0]?.slug}`];
  const rows = [['page', 'files', 'raw KB', 'gzip KB', 'budget']];
  const sizes = new Map<string, number>();
  for (const page of pages) {
    const html = await (await fetch(`${origin}${page}`)).text();
    const urls = new Set(
      [
        ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
        ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
        ...html.matchAll(/import\("([^"]+\.js)"\)/g),
      ].map((match) => match[1] ?? ''),
    );
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(`${origin}${url}`)).arrayBuffer());
      const gz = gzipSync(body, { level: 9 }).length;
      raw += body.length;
      gzip += gz;
      sizes.set(url, gz);
    }
    rows.push([
      page.length > 40 ? `${page.slice(0, 37)}...` : page,
      String(urls.size),
      (raw / 1024).toFixed(1),
      (gzip / 1024).toFixed(1),
      gzip <= BUDGET_BYTES ? 'within 100 KB' : 'OVER 100 KB',
    ]);
  }
  console.log(`First-load JavaScript (gzip -9)\n\n${formatTable(rows)}\n`);
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `Largest files:\n${formatTable(largest.map(([url, size]) => [url.replace('/assets/', ''), `${(size / 1024).toFixed(1)} KB`]))}`,
  );
} finally {
  await stopChild(server);
  await rm(dataDir, { recursive: true, force: true });
}
