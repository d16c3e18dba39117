import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorBodySchema } from '@core/contracts/common';
import { FileResponseSchema, UserResponseSchema } from '@core/contracts/identity';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import {
  MULTIPART_BOUNDARY as BOUNDARY,
  blackPng,
  multipartFile as multipart,
} from '../../../tests/setup/image-bombs';
import { createWorkQueue } from '../../lib/work-queue';
import { sniffImageType } from './image';

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f9e5a' } })
    .png()
    .toBuffer();
}

/** The tag numbers in the IFD0 and GPS directories of an EXIF block ("Exif\0\0" + TIFF). */
function exifTags(exif: Buffer): { ifd0: number[]; gps: number[] } {
  const tiff = exif.subarray(6);
  const isLittle = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (isLittle ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (isLittle ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const readDirectory = (offset: number) =>
    Array.from({ length: u16(offset) }, (_, i) => ({
      tag: u16(offset + 2 + i * 12),
      value: u32(offset + 10 + i * 12),
    }));
  const ifd0 = readDirectory(u32(4));
  const gpsPointer = ifd0.find((entry) => entry.tag === 0x8825);
  return {
    ifd0: ifd0.map((e) => e.tag),
    gps: gpsPointer ? readDirectory(gpsPointer.value).map((e) => e.tag) : [],
  };
}

describe.each(TEST_DATABASE_KINDS)('image uploads on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;

  const upload = (
    data: Buffer,
    filename: string,
    contentType: string,
    headers: Record<string, string> = customer.headers,
  ) => {
    const body = multipart(data, filename, contentType);
    return t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };

  const storedFile = async (publicPath: string) =>
    readFile(path.join(t.uploadDir, publicPath.replace(/^\/uploads\//, '')));

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    customer = await signIn(t, '89031112233', 'Ирина');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('takes a PNG named .jpg as a PNG and stores a WebP under a generated name', async () => {
    const response = await upload(await png(300, 200), 'holiday.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const file = FileResponseSchema.parse(response.json());
    expect(file.path).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(file.path).not.toContain('holiday');

    const stored = await storedFile(file.path);
    expect(sniffImageType(stored)).toBe('webp');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });

    const served = await t.app.inject({ method: 'GET', url: file.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const latest = await t.app.inject({
      method: 'GET',
      url: '/api/file/user',
      headers: { cookie: customer.cookie },
    });
    expect(FileResponseSchema.parse(latest.json())).toEqual(file);
  });

  it('shrinks a large picture to fit 512×512', async () => {
    const response = await upload(await png(2000, 1000), 'wide.png', 'image/png');
    const file = FileResponseSchema.parse(response.json());
    expect(await sharp(await storedFile(file.path)).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it('returns a JPEG with GPS EXIF without any EXIF', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '57/1 37/1 48/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '39/1 53/1 24/1',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif && exifTags(before.exif).gps).toEqual([1, 2, 3, 4]);

    const response = await upload(photo, 'IMG_0001.JPG', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const stored = await storedFile(FileResponseSchema.parse(response.json()).path);
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('refuses an HTML file named .png with 415', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const response = await upload(html, 'avatar.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(
      'Можно загрузить только изображения JPG, JPEG, PNG или WEBP',
    );
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), 'a.gif', 'image/gif'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      'a.png',
      'image/png',
    ],
  ])('refuses %s with 415', async (_name, data, filename, type) => {
    const response = await upload(data, filename, type);
    expect(response.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/[а-яё]/i);
  });

  it('refuses a 20000×20000 pixel bomb quickly, without decoding it', async () => {
    // A few hundred rows of zeros: enough for a decoder to start allocating the whole image.
    const bomb = blackPng(20_000, 20_000, { rows: 200 });
    expect(bomb.length).toBeLessThan(100_000);
    const rssBefore = process.memoryUsage().rss;
    const response = await upload(bomb, 'bomb.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(
      'Изображение слишком большое: не более 25 мегапикселей',
    );
    // Decoding would have needed 400 MB for the pixels alone.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a 1×25,000,000 strip (48 KB, under the area cap) from its header, with 422', async () => {
    const strip = blackPng(1, 25_000_000);
    expect(strip.length).toBeLessThan(60_000);
    const response = await upload(strip, 'strip.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(
      'Изображение слишком большое: не более 8000 пикселей по каждой стороне',
    );
  });

  it('takes 8000 pixels a side and refuses 8001', async () => {
    const wide = await upload(await png(8000, 4), 'wide.png', 'image/png');
    expect(wide.statusCode, wide.body).toBe(200);
    const wider = await upload(await png(4, 8001), 'tall.png', 'image/png');
    expect(wider.statusCode).toBe(422);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await png(10, 10), randomBytes(5 * 1024 * 1024)]);
    const response = await upload(big, 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(response.json()).message).toBe('Файл слишком большой: не более 5 МБ');
  });

  it('refuses a request that is not multipart, and an empty form', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: customer.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(empty.json()).message).toBe('Выберите изображение для загрузки');
  });

  it('is for signed-in customers, with the same-origin header for the cookie', async () => {
    const image = await png(20, 20);
    expect((await upload(image, 'a.png', 'image/png', {})).statusCode).toBe(401);
    expect((await upload(image, 'a.png', 'image/png', { cookie: customer.cookie })).statusCode).toBe(403);
    expect(
      (await upload(image, 'a.png', 'image/png', { authorization: `Bearer ${customer.token}` })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/file/user' })).statusCode).toBe(401);
  });

  it('answers 404 to a customer who never uploaded', async () => {
    const newcomer = await signIn(t, '89031112244', 'Кира');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/file/user',
      headers: { cookie: newcomer.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).message).toBe('Вы ещё не загружали изображений');
  });

  it('sets an uploaded image as the profile picture, and only the customer’s own', async () => {
    const file = FileResponseSchema.parse((await upload(await png(40, 40), 'me.png', 'image/png')).json());
    const profile = { name: 'Ирина', phone: customer.user.phone, email: 'irina@example.ru' };
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/update',
      headers: customer.headers,
      payload: { ...profile, file: file._id },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(UserResponseSchema.parse(updated.json()).user.img).toEqual({ _id: file._id, path: file.path });

    const stranger = await signIn(t, '89031112255', 'Лев');
    const stolen = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/update',
      headers: stranger.headers,
      payload: { name: 'Лев', phone: stranger.user.phone, email: 'lev@example.ru', file: file._id },
    });
    expect(stolen.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(stolen.json()).message).toBe(
      'Изображение не найдено, загрузите его ещё раз',
    );

    const removed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/update',
      headers: customer.headers,
      payload: { ...profile, file: null },
    });
    expect(UserResponseSchema.parse(removed.json()).user.img).toBeNull();
  });
});

describe.runIf(runsOn('pglite'))('image work when every slot is taken', () => {
  let t: TestApp;
  let customer: SignedInCustomer;
  const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
  let finishHeldWork: () => void = () => {};
  let heldWork: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, imageQueue: queue });
    customer = await signIn(t, '89031112266', 'Олег');
    // Another upload's work holds the only slot; nothing may wait.
    heldWork = queue.run(
      () =>
        new Promise<void>((resolve) => {
          finishHeldWork = resolve;
        }),
    );
  });

  afterAll(async () => {
    finishHeldWork();
    await heldWork;
    await t?.close();
  });

  it('answers 503 with Retry-After at once, and takes uploads again when the slot frees', async () => {
    const body = multipart(await png(64, 64), 'a.png', 'image/png');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/file/upload',
        payload: body.payload,
        headers: { ...customer.headers, ...body.headers },
      });
    const busy = await send();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(ErrorBodySchema.parse(busy.json()).message).toBe(
      'Сейчас загружается слишком много изображений, попробуйте через минуту',
    );

    finishHeldWork();
    await heldWork;
    expect((await send()).statusCode).toBe(200);
  });
});
