import { CHROMIUM_INSTALL_HINT, findChromium } from '../tests/e2e/chromium';

const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_INSTALL_HINT);
  process.exit(1);
}
console.log(`Browser tests use ${chromium}`);
