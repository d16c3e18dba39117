import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install chromium), or whatever CHROME_PATH names. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((file): file is string => Boolean(file) && existsSync(file as string));
}

export const CHROMIUM_INSTALL_HINT =
  'Chromium was not found. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu) or set CHROME_PATH to a Chromium or Chrome binary.';
