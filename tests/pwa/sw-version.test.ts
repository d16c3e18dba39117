/**
 * The service worker precaches the offline page under a cache named by its VERSION (public/sw.js, ADR 050): an
 * installed worker fetches the page again only when the worker's own bytes change. VERSION carries a hash of
 * the offline page's files, so changing either without a new VERSION fails here instead of leaving installed
 * apps with the old page.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const publicDir = path.resolve(import.meta.dirname, '../../public');

it('names the offline cache after the offline page’s bytes', async () => {
  const [html, script, worker] = await Promise.all(
    ['offline.html', 'offline.js', 'sw.js'].map((file) => readFile(path.join(publicDir, file))),
  );
  const hash = createHash('sha256')
    .update(Buffer.concat([html as Buffer, script as Buffer]))
    .digest('hex')
    .slice(0, 10);
  expect(worker?.toString()).toContain(`const VERSION = 'offline-${hash}';`);
});
