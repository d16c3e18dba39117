import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_INSTALL_HINT, findChromium } from './tests/e2e/chromium';
import { E2E_OPERATORS } from './tests/e2e/operator-account';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = findChromium();
if (!chromium) throw new Error(CHROMIUM_INSTALL_HINT);
const dataDir = path.resolve(import.meta.dirname, `tmp/e2e-data-${PORT}`);
const buildDir = process.env.BUILD_DIR || 'build';
// The server's SMS go to this file (the `file` provider); journeys read login codes from it.
const smsOutbox = path.resolve(import.meta.dirname, `tmp/e2e-sms-outbox-${PORT}.jsonl`);
process.env.E2E_SMS_OUTBOX = smsOutbox;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Per port, so two runs side by side (BUILD_DIR/E2E_PORT) never delete each other's traces.
  outputDir: `tmp/test-results-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      grepInvert: /@mobile/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 } },
      grep: /@mobile/,
    },
  ],
  webServer: {
    // A fresh embedded database every run: the console journey's operator made first (its role cannot be
    // granted while the server holds the database, ADR 034), then migrated and seeded by the server itself.
    command: `rm -rf "${dataDir}" "${smsOutbox}" && node ${buildDir}/app/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMS_PROVIDER: 'file',
      SMS_OUTBOX: smsOutbox,
      // The browser is a "client behind a proxy on loopback": a journey can present its own client address
      // (X-Forwarded-For) so the per-IP SMS limit (20 an hour) does not join all journeys into one client.
      TRUST_PROXY: 'loopback',
      // The journeys' support operators (tests/e2e/operator-account.ts), operators from the start: the
      // embedded database is the server's alone (ADR 033, 034).
      OPERATOR_PHONES: E2E_OPERATORS.map((operator) => operator.phone).join(','),
    },
  },
});
