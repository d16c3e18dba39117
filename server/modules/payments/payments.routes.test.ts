/**
 * POST /api/payments/yookassa at the HTTP edge (issue 25): only YooKassa's addresses are heard (403), a body
 * that is not a notification or names a payment we never made changes nothing (200, as YooKassa retries
 * anything else), an oversized body is 413, and without YooKassa's settings the route is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type FakeYooKassa, startFakeYooKassa } from '../../../tests/setup/fake-yookassa';
import { WEBHOOK_BODY_LIMIT_BYTES } from './payments.routes';
import { WEBHOOK_RATE_PER_MIN } from './sync-payment';

describe.each(TEST_DATABASE_KINDS)('the YooKassa webhook on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let fake: FakeYooKassa;

  beforeAll(async () => {
    fake = await startFakeYooKassa();
    t = await createTestApp(kind, {
      seed: false,
      env: {
        YOOKASSA_SHOP_ID: fake.shopId,
        YOOKASSA_SECRET_KEY: fake.secretKey,
        YOOKASSA_URL: fake.apiUrl,
        YOOKASSA_WEBHOOK_IPS: '198.51.100.0/24',
      },
    });
    off = await createTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
    await fake?.close();
  });

  const post = (app: TestApp, remoteAddress: string, payload: unknown) =>
    app.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa',
      remoteAddress,
      payload: payload as object,
    });
  const succeeded = (id: string) => ({ type: 'notification', event: 'payment.succeeded', object: { id } });

  it('hears only the configured addresses', async () => {
    const forged = await post(t, '203.0.113.5', succeeded('2f3c-anything'));
    expect([forged.statusCode, forged.json()]).toEqual([
      403,
      { success: false, message: 'Уведомления принимаются только от ЮKassa' },
    ]);
    expect(fake.calls).toEqual([]);
  });

  it('answers 200 and changes nothing for a payment it never made or a body that is not a notification', async () => {
    const unknown = await post(t, '198.51.100.7', succeeded('2f3c-never-made'));
    expect([unknown.statusCode, unknown.json()]).toEqual([200, { success: true, result: 'unknown' }]);
    const junk = await post(t, '198.51.100.7', { hello: 'world' });
    expect([junk.statusCode, junk.json()]).toEqual([200, { success: true, result: 'ignored' }]);
    // Nothing was asked of YooKassa for a payment we never made.
    expect(fake.calls).toEqual([]);
  });

  it('keeps a rate per address: a few a minute from others, a burst’s worth from YooKassa', async () => {
    const other = '203.0.113.77';
    const answers = [];
    for (let i = 0; i <= WEBHOOK_RATE_PER_MIN.other; i += 1)
      answers.push(await post(t, other, succeeded(`f-${i}`)));
    expect(answers.slice(0, WEBHOOK_RATE_PER_MIN.other).every((answer) => answer.statusCode === 403)).toBe(
      true,
    );
    const refused = answers.at(-1);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toEqual(expect.any(String));
    expect(refused?.json().message).toMatch(
      /^Слишком много уведомлений с этого адреса\. Повторите через \d+ (с|мин)$/,
    );
    // YooKassa's address is not held to the others' rate.
    for (let i = 0; i <= WEBHOOK_RATE_PER_MIN.other; i += 1) {
      expect((await post(t, '198.51.100.8', succeeded(`y-${i}`))).statusCode).toBe(200);
    }
    expect(fake.calls).toEqual([]);
  });

  it('refuses an oversized body with 413', async () => {
    const big = { ...succeeded('x'), padding: 'я'.repeat(WEBHOOK_BODY_LIMIT_BYTES) };
    const response = await post(t, '198.51.100.7', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('is 404 without YooKassa settings', async () => {
    const response = await post(off, '198.51.100.7', succeeded('x'));
    expect([response.statusCode, response.json()]).toEqual([
      404,
      { success: false, message: 'Онлайн-оплата не настроена' },
    ]);
  });
});
