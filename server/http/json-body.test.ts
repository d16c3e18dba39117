import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON bodies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { JSON_MAX_DEPTH: '8' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('refuses 400,000 levels of nesting (800 KB) with 400 before parsing', async () => {
    const body = nested(400_000);
    expect(Buffer.byteLength(body)).toBe(800_000);
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      success: false,
      message: 'Слишком большая вложенность данных в запросе',
    });
  });

  it('refuses one level past the limit, and hands the limit itself to validation', async () => {
    const tooDeep = await post(`{"name":${nested(8)}}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(tooDeep.json()).message).toBe(
      'Слишком большая вложенность данных в запросе',
    );

    const deepest = await post(`{"name":${nested(7)}}`);
    expect(deepest.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(deepest.json()).message).not.toBe(
      'Слишком большая вложенность данных в запросе',
    );
  });

  it('still parses ordinary bodies, and still refuses prototype poisoning and bad JSON', async () => {
    const ordinary = await post(JSON.stringify({ name: 'Анна', phone: '89031234567' }));
    expect(ordinary.statusCode, ordinary.body).toBe(200);

    for (const payload of ['{"__proto__":{"isAdmin":true}}', '{"name":']) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toBe('Некорректный JSON в теле запроса');
    }
  });
});
