import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_INSTALL_HINT, findChromium, findDesktopChromium } from './tests/e2e/chromium';
import { journeyFiles } from './tests/e2e/groups';
import { basePort } from './tests/e2e/servers';

const chromium = findChromium();
if (!chromium) throw new Error(CHROMIUM_INSTALL_HINT);
/** For the journeys tagged @chrome (tests/e2e/chromium.ts): the shell otherwise. */
const desktopChromium = findDesktopChromium() ?? chromium;
/**
 * Journeys at once: each worker has its own built server, port (E2E_PORT + its index), embedded database and
 * SMS outbox (tests/e2e/servers.ts), so they share nothing (ADR 004). Three on two cores: a journey mostly
 * waits on its server and its browser, and a third worker uses that time (the same CPU time, about a fifth
 * less wall time than two, measured). E2E_WORKERS overrides it: 2 on a machine busy with other work, where
 * the journeys' 5-second waits are what suffers first.
 */
const workers = Number(process.env.E2E_WORKERS) || 3;
/**
 * Waits are conditions, not timings: a journey waits for what the shopper would see. In CI the machine is
 * shared (load averages of 9-11 on two cores were recorded while the journeys' own processes used under one
 * core), and a 5-second wait for a toast or an SMS failed there while the same journey passed in 2 s on a quiet
 * machine. So CI waits three times longer before calling a condition missing; locally the short waits keep
 * a real regression quick to see (ADR 004).
 */
const patience = process.env.CI ? 3 : 1;

const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // All the journeys, or one of the two groups npm test runs apart in CI (tests/e2e/groups.ts).
  ...journeyFiles(),
  // Per port, so two runs side by side (BUILD_DIR/E2E_PORT) never delete each other's traces.
  outputDir: `tmp/test-results-${basePort()}`,
  // A file's journeys run in order in one worker; the files are shared out between the workers.
  fullyParallel: false,
  workers,
  globalSetup: './tests/e2e/servers.ts',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000 * patience,
  expect: { timeout: 5_000 * patience },
  use: {
    // No service worker (public/sw.js) but in the journeys about it (pwa.spec.ts, notifications.spec.ts, which
    // allow it): it registers once a page is idle, precaches the offline page and then answers every
    // navigation and hashed file in its own thread, about 5 % of the journeys' CPU (five files, twice each
    // way, 2026-11-28; ADR 004). It only ever takes GET navigations and /assets/ files, which pwa.spec.ts
    // covers, signed in and out, online and offline.
    serviceWorkers: 'block',
    // baseURL: each worker's own server (tests/e2e/fixtures.ts).
    // A failed journey keeps its trace with DOM snapshots, without the screencast: filming every journey
    // cost about 12 % of the run's CPU, the snapshots about 3 % (measured on location and content, ADR 004).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: { executablePath: chromium, args: BROWSER_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      grepInvert: /@mobile|@chrome/,
    },
    {
      name: 'desktop-browser',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: { executablePath: desktopChromium, args: BROWSER_ARGS },
      },
      grep: /@chrome/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 } },
      grep: /@mobile/,
    },
  ],
});
