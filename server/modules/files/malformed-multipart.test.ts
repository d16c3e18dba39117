/**
 * Malformed multipart bodies (issue 12, item 4) are the client's mistake: 400 or 415 with a Russian message,
 * never a 500, and the server still takes a good upload afterwards.
 */
import type { AddressInfo } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import { FileResponseSchema } from '@core/contracts/identity';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { MALFORMED_UPLOAD_MESSAGE } from './files.routes';

const BOUNDARY = 'fresh-malformed';
const CYRILLIC = /[а-яё]/i;

const part = (body: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
  `Content-Type: image/png\r\n\r\n${body}`;

describe.each(TEST_DATABASE_KINDS)('malformed uploads on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    customer = await signIn(t, '89031112299', 'Ирина');
  });

  afterAll(async () => {
    await t?.close();
  });

  const cases: [string, string, string | Buffer, number][] = [
    ['no boundary', 'multipart/form-data', part('x'), 400],
    ['an empty boundary', 'multipart/form-data; boundary=', part('x'), 400],
    ['JSON under a multipart type', `multipart/form-data; boundary=${BOUNDARY}`, '{"file":"x"}', 400],
    ['a body cut inside the file', `multipart/form-data; boundary=${BOUNDARY}`, part('\x89PNG\r\n'), 400],
    [
      'a body cut inside the part headers',
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disp`,
      400,
    ],
    [
      'random bytes',
      `multipart/form-data; boundary=${BOUNDARY}`,
      Buffer.from([0, 1, 2, 255, 13, 10, 45, 45, 0]),
      400,
    ],
    ['an empty body', `multipart/form-data; boundary=${BOUNDARY}`, '', 400],
    ['only the closing boundary', `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}--\r\n`, 400],
    ['a mixed multipart type', `multipart/mixed; boundary=${BOUNDARY}`, part('x'), 415],
    ['JSON', 'application/json', '{"file":"x"}', 415],
  ];

  it.each(cases)('answers %s with a Russian %i', async (_name, contentType, payload, status) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...customer.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(CYRILLIC);
  });

  it('answers a truncated form over a real socket with 400, then takes a good upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The form ends inside the file: no closing boundary ever comes.
    const response = await fetch(`http://127.0.0.1:${port}/api/file/upload`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: part('\x89PNG\r\n'),
    });
    expect(response.status).toBe(400);
    expect(ErrorBodySchema.parse(await response.json()).message).toBe(MALFORMED_UPLOAD_MESSAGE);

    const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const good = Buffer.concat([Buffer.from(part('')), image, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: good,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(FileResponseSchema.parse(ok.json()).path).toMatch(/\.webp$/);
  });
});
