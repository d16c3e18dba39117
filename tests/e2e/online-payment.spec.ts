/**
 * Online payment (issue 25) as a customer meets it, offline: a server of its own with YooKassa's settings
 * pointing at the local fake (tests/setup/fake-yookassa.ts). Checkout with 'Картой онлайн' goes to the fake's
 * confirmation page; 'Оплатить' sends the webhook and comes back to the order, which is paid; the shop sees it
 * as new. The journeys' shared servers stay without YooKassa (online payment hidden there).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { type FakeYooKassa, startFakeYooKassa } from '../setup/fake-yookassa';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import type { CatalogProduct } from './pages/basket';
import { basePort, clearServerKeys } from './servers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };

let fake: FakeYooKassa;
let server: ChildProcess;
let url: string;
let outbox: string;
let redisKeyPrefix: string;
const previousOutbox = process.env.E2E_SMS_OUTBOX;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = basePort() + 40;
  url = `http://127.0.0.1:${port}`;
  redisKeyPrefix = `fresh-e2e-payments-${port}:`;
  const dataDir = path.join(ROOT, `tmp/e2e-data-payments-${port}`);
  outbox = path.join(ROOT, `tmp/e2e-sms-outbox-payments-${port}.jsonl`);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outbox, { force: true });
  await clearServerKeys(redisKeyPrefix);
  fake = await startFakeYooKassa({ webhookUrl: `${url}/api/payments/yookassa` });
  server = spawn(process.execPath, [path.join(ROOT, process.env.BUILD_DIR || 'build', 'app/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMS_PROVIDER: 'file',
      SMS_OUTBOX: outbox,
      TRUST_PROXY: 'false',
      DATABASE_URL: '',
      REDIS_KEY_PREFIX: redisKeyPrefix,
      YOOKASSA_SHOP_ID: fake.shopId,
      YOOKASSA_SECRET_KEY: fake.secretKey,
      YOOKASSA_URL: fake.apiUrl,
      YOOKASSA_WEBHOOK_IPS: '127.0.0.1',
    },
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) break;
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error('the payments server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.env.E2E_SMS_OUTBOX = outbox;
});

test.afterAll(async () => {
  process.env.E2E_SMS_OUTBOX = previousOutbox;
  server?.kill('SIGTERM');
  await fake?.close();
  if (redisKeyPrefix) await clearServerKeys(redisKeyPrefix);
});

test('pays an order by card on the fake YooKassa page and comes back to it paid', async ({ page }) => {
  test.slow();
  await signInByApi(page, 'Ярослава', '9120000252', url);
  const request = page.context().request;
  // A product at a pickup point, enough of it for the shop's minimum order.
  const stores = (await (await request.get(`${url}/api/stores`)).json()) as {
    _id: string;
    min_order: number;
  }[];
  const products = (
    (await (await request.get(`${url}/api/catalog/products?page=1`)).json()) as { products: CatalogProduct[] }
  ).products;
  let chosen: { product: CatalogProduct; quantity: number } | null = null;
  for (const product of products) {
    if (!product.offer) continue;
    const [point] = (await (
      await request.get(`${url}/api/points/list?points=${product.offer.point}`)
    ).json()) as {
      is_pickup: boolean;
    }[];
    const store = stores.find((item) => item._id === product.store._id);
    const quantity = Math.ceil((store?.min_order ?? 0) / product.offer.price) || 1;
    if (point?.is_pickup && quantity <= Math.min(product.offer.count, 20)) {
      chosen = { product, quantity };
      break;
    }
  }
  if (!chosen?.product.offer) throw new Error('no product at a pickup point');
  const put = await request.patch(`${url}/api/user/me/basket`, {
    headers: SAME_ORIGIN,
    data: {
      warehouse_id: chosen.product.offer.point,
      product_id: chosen.product._id,
      quantity: chosen.quantity,
    },
  });
  expect(put.ok()).toBe(true);

  await page.goto(`${url}/order`);
  await page.getByText('Самовывоз', { exact: true }).first().click();
  const online = page.getByRole('group', { name: 'Оплата онлайн' });
  await expect(online).toBeVisible();
  await online.getByText('Картой онлайн').click();
  await online.getByLabel('Сохранить карту для следующих покупок').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  // The fake's confirmation page: the amount in roubles to the kopeck.
  await expect(page.getByRole('heading', { name: 'Тестовая ЮKassa' })).toBeVisible();
  const [remote] = [...fake.payments.values()];
  if (!remote) throw new Error('no payment created');
  const expected = chosen.product.offer.price * chosen.quantity;
  expect(remote.amount.value).toBe(
    `${Math.floor(expected / 100)}.${String(expected % 100).padStart(2, '0')}`,
  );
  await page.getByRole('button', { name: 'Оплатить' }).click();

  // Back on the order's page: paid, and the shop has it as new.
  await expect(page).toHaveURL(new RegExp(`/order/${remote.metadata.order}$`));
  const payment = page.getByRole('region', { name: 'Оплата онлайн' });
  await expect(payment).toContainText('Оплата онлайн: Оплачен');
  await expect(page.getByText('Новый', { exact: true })).toBeVisible();

  // The card was saved with consent: the cabinet lists it.
  await page.goto(`${url}/lk?active=payment`);
  await expect(page.getByRole('main')).toContainText('•••• 4444');
});
