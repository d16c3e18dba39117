/**
 * `npm run dev:payments`: the local fake YooKassa (tests/setup/fake-yookassa.ts) for development, so the
 * whole online payment runs offline: start it, then start the site with the settings it prints.
 * FAKE_YOOKASSA_PORT (default 4010) and SITE_URL (default http://localhost:3000, where webhooks go).
 */
import { startFakeYooKassa } from '../tests/setup/fake-yookassa';

const port = Number(process.env.FAKE_YOOKASSA_PORT ?? 4010);
const site = (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const fake = await startFakeYooKassa({ port, webhookUrl: `${site}/api/payments/yookassa` });
console.log(`Fake YooKassa at ${fake.origin}; webhooks to ${site}/api/payments/yookassa`);
console.log('Start the site with:');
console.log(
  `  YOOKASSA_SHOP_ID=${fake.shopId} YOOKASSA_SECRET_KEY=${fake.secretKey} YOOKASSA_URL=${fake.apiUrl} ` +
    'YOOKASSA_WEBHOOK_IPS=127.0.0.1,::1 npm start',
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
