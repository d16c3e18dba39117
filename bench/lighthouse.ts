/**
 * `npm run bench:lighthouse` (issue 23, ADR 040): Lighthouse's mobile run (its default: a mid-range phone,
 * simulated slow 4G and 4× CPU slowdown) against a production start of the built server on a fresh data dir,
 * on /, /catalog and a product page: the four category scores and FCP, LCP, TBT, CLS. Lighthouse is installed
 * into bench/lighthouse/ on first use (its own lock; 12.2.3: 13 needs Node 22). Chromium from CHROME_PATH
 * (default /usr/bin/chromium), headless, no sandbox, no network but the server's. Timings: a bench, not a test.
 * Then each page's installability (ADR 050): Lighthouse 12 dropped its PWA category and with it the
 * installable-manifest audit, which only relayed Chrome's own check (DevTools' Page.getInstallabilityErrors);
 * the bench asks Chrome the same, in a fresh profile (not incognito), once the service worker controls the page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { BUILT_SERVER_ENTRY } from './customers';
import { formatTable, ROOT, spawnNode, stopChild, waitFor200 } from './lib';

const PORT = 3915;
const origin = `http://127.0.0.1:${PORT}`;
const LIGHTHOUSE_DIR = path.join(ROOT, 'bench/lighthouse');
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/cli/index.js');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
].join(' ');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint', 's'],
  ['LCP', 'largest-contentful-paint', 's'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
] as const;

if (!existsSync(BUILT_SERVER_ENTRY)) {
  console.error(
    `No production build at ${BUILT_SERVER_ENTRY}: run "npm run build" first (BUILD_DIR is respected).`,
  );
  process.exit(1);
}
if (!existsSync(CHROME_PATH)) {
  console.error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH).`);
  process.exit(1);
}
if (!existsSync(LIGHTHOUSE_CLI)) {
  console.log('installing Lighthouse (bench/lighthouse, npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: LIGHTHOUSE_DIR, stdio: 'inherit' });
}

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/** Chrome's installability errors of each page (none: installable), with the service worker in control. */
async function installability(
  pages: string[],
  profileDir: string,
): Promise<{ page: string; errors: string[] }[]> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const results = [];
    for (const page of pages) {
      const tab = await context.newPage();
      await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
      // The worker registers when the browser is idle after the load, and claims the page once active.
      await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      const cdp = await context.newCDPSession(tab);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      results.push({ page, errors: installabilityErrors.map((error) => error.errorId) });
      await tab.close();
    }
    return results;
  } finally {
    await context.close();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'fresh-lighthouse-'));
const server = spawnNode(
  [BUILT_SERVER_ENTRY],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  { pin: false },
);
try {
  await waitFor200(`${origin}/healthz`, performance.now(), 300_000);
  const { products } = (await (await fetch(`${origin}/api/catalog/products`)).json()) as {
    products: { slug: string }[];
  };
  const pages = ['/', '/catalog', `/product/${products[0]?.slug}`];
  const rows = [['page', ...CATEGORIES, ...METRICS.map(([name]) => name)]];
  for (const page of pages) {
    const output = path.join(dataDir, 'report.json');
    execFileSync(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        `${origin}${page}`,
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const report = JSON.parse(await readFile(output, 'utf8')) as Report;
    rows.push([
      page.length > 30 ? `${page.slice(0, 27)}...` : page,
      ...CATEGORIES.map((category) => String(Math.round((report.categories[category]?.score ?? 0) * 100))),
      ...METRICS.map(([, audit, unit]) => {
        const value = report.audits[audit]?.numericValue ?? Number.NaN;
        return unit === 's'
          ? `${(value / 1000).toFixed(2)} s`
          : unit === 'ms'
            ? `${Math.round(value)} ms`
            : value.toFixed(3);
      }),
    ]);
  }
  console.log(
    `Lighthouse (mobile), ${origin}\n\n${formatTable(rows)}\n\ngoals (issue 23): performance ≥ 95, FCP ≤ 1.8 s, TBT ≤ 100 ms, CLS 0`,
  );
  const installable = await installability(pages, path.join(dataDir, 'profile'));
  console.log(
    `\ninstallable (Chrome's installability check, Page.getInstallabilityErrors; issue 28: none)\n\n${formatTable(
      [
        ['page', 'installability errors'],
        ...installable.map(({ page, errors }) => [
          page.length > 30 ? `${page.slice(0, 27)}...` : page,
          errors.length === 0 ? 'none: installable' : errors.join(', '),
        ]),
      ],
    )}`,
  );
} finally {
  await stopChild(server);
  await rm(dataDir, { recursive: true, force: true });
}
