import { existsSync } from 'node:fs';

/**
 * The browser the journeys drive: whatever CHROME_PATH names, else Debian's headless shell (apt-get install
 * chromium-headless-shell: Chromium's own engine without the desktop browser around it, what Playwright's
 * bundled headless runs use), else Debian's Chromium. The shell took about a fifth less CPU for the same
 * journeys (ADR 004), and the journeys are most of `npm test`'s CPU.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((file): file is string => Boolean(file) && existsSync(file as string));
}

/**
 * The desktop browser, for the few journeys about what only it does (push messages, Chrome's installability
 * check: tagged @chrome): CHROME_BROWSER_PATH, else Debian's Chromium; the headless shell if there is none, and
 * those journeys then fail saying what is missing.
 */
export function findDesktopChromium(): string | undefined {
  const candidates = [process.env.CHROME_BROWSER_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((file): file is string => Boolean(file) && existsSync(file as string));
}

export const CHROMIUM_INSTALL_HINT =
  'Chromium was not found. Install it with "sudo apt-get install -y chromium-headless-shell" (Debian/Ubuntu; or chromium) or set CHROME_PATH to a Chromium or Chrome binary.';
