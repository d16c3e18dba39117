/**
 * The catalogue import's pictures (ADR 049) through the upload pipeline: a URL is fetched with a timeout and
 * the upload's size cap, a file name is read from the pictures folder (never outside it), and either goes
 * through the same checks and re-encoding as an upload (server/modules/files/image.ts: the type from the
 * bytes, the pixel caps, a WebP of at most 512×512 without metadata) into the upload storage. The key is the
 * hash of the source bytes, so the same picture is stored once however many products or runs name it.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { WorkQueue } from '../server/lib/work-queue';
import type { PictureLoader } from '../server/modules/catalog/import/yml-import';
import { createImageWork, encodeAvatar, UPLOAD_MAX_BYTES } from '../server/modules/files/image';
import type { FileStorage } from '../server/storage/storage';

export const PICTURE_TIMEOUT_MS = 10_000;
const MB = (UPLOAD_MAX_BYTES / 1024 / 1024).toFixed(0);

export type PictureOptions = {
  storage: FileStorage;
  imageQueue: WorkQueue;
  /** Where file names of the feed are looked up; null: only URLs are loaded. */
  folder: string | null;
  /** Base of relative URLs: the feed's own URL when it was fetched. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
  maxBytes?: number;
};

async function fetchCapped(url: URL, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    if (signal.aborted) throw new Error(`no answer in ${timeoutMs / 1000} s`);
    throw new Error(
      `unreachable (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error})`,
    );
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body.cancel();
    throw new Error(`larger than ${MB} MB`);
  }
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const part of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)) {
      size += part.byteLength;
      if (size > maxBytes) throw new Error(`larger than ${MB} MB`);
      parts.push(part as Buffer);
    }
  } catch (error) {
    if (signal.aborted) throw new Error(`no answer in ${timeoutMs / 1000} s`);
    throw error;
  }
  return Buffer.concat(parts);
}

async function readCapped(file: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(file, 'r').catch(() => {
    throw new Error('no such file');
  });
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new Error(`larger than ${MB} MB`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The loader the import calls for each picture reference it needs. */
export function createPictureLoader(options: PictureOptions): PictureLoader {
  const work = createImageWork(options.imageQueue);
  const timeoutMs = options.timeoutMs ?? PICTURE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  /** References already stored in this run, so one picture of many offers is fetched once. */
  const done = new Map<string, string>();

  async function bytesOf(reference: string): Promise<Buffer> {
    if (/^https?:\/\//i.test(reference)) return fetchCapped(new URL(reference), timeoutMs, maxBytes);
    if (/^[a-z][a-z0-9+.-]*:/i.test(reference)) throw new Error('only http(s) URLs and file names');
    if (options.baseUrl) return fetchCapped(new URL(reference, options.baseUrl), timeoutMs, maxBytes);
    if (!options.folder) throw new Error('a file name, and no pictures folder');
    const folder = path.resolve(options.folder);
    const file = path.resolve(folder, reference);
    if (!file.startsWith(`${folder}${path.sep}`)) throw new Error('outside the pictures folder');
    return readCapped(file, maxBytes);
  }

  return async (reference) => {
    const known = done.get(reference);
    if (known) return known;
    const data = await bytesOf(reference);
    const image = await encodeAvatar(data, work).catch((error: unknown) => {
      throw new Error(error instanceof Error ? error.message : String(error));
    });
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
    const stored = await options.storage.put(`products/${hash}.webp`, image.data, 'image/webp');
    if (done.size < 10_000) done.set(reference, stored.path);
    return stored.path;
  };
}
