import type { Metadata } from 'sharp';
import { AppError } from '../../errors';
import { lowerThreadPriority, type ThreadPriorityLowering } from '../../lib/thread-priority';
import { type WorkQueue, WorkQueueFullError } from '../../lib/work-queue';

/**
 * Issue 4 / SPEC §5: jpg, jpeg, png, webp; at most 5 MB and 25 megapixels; stored as WebP ≤ 512×512. Issue 12:
 * at most 8,000 pixels a side too, so a thin strip (1×25,000,000) cannot pass the area cap and cost seconds.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 25_000_000;
export const MAX_INPUT_SIDE_PX = 8_000;
export const IMAGE_MAX_SIDE_PX = 512;
const WEBP_QUALITY = 82;
/** Seconds a client is asked to wait when every image slot is taken. */
export const IMAGES_BUSY_RETRY_AFTER_S = 5;

export const UNSUPPORTED_IMAGE_MESSAGE = 'Можно загрузить только изображения JPG, JPEG, PNG или WEBP';
export const FILE_TOO_LARGE_MESSAGE = 'Файл слишком большой: не более 5 МБ';
export const TOO_MANY_PIXELS_MESSAGE = 'Изображение слишком большое: не более 25 мегапикселей';
export const BROKEN_IMAGE_MESSAGE = 'Не удалось прочитать изображение, выберите другой файл';
export const SIDE_TOO_LONG_MESSAGE = 'Изображение слишком большое: не более 8000 пикселей по каждой стороне';
export const IMAGES_BUSY_MESSAGE = 'Сейчас загружается слишком много изображений, попробуйте через минуту';

export type ImageType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type from the file's first bytes; the name and the declared content type are not believed. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export type EncodedImage = { data: Buffer; width: number; height: number };

/** Nice value of libvips' worker threads: below the event loop's 0, so uploads never crowd out pages. */
const IMAGE_THREAD_NICE = 10;

type Sharp = typeof import('sharp').default;
let loaded: Promise<Sharp> | undefined;

/**
 * sharp and libvips, loaded on the first upload rather than at start (issue 26's boot: its JavaScript,
 * semver's and the native library were some 150 module resolutions and a dlopen on every start), and set up
 * process-wide then: see `createImageWork`.
 */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** Where image work runs: its queue, and the priority of the decoder's threads. */
export type ImageWork = { queue: WorkQueue; threads: ThreadPriorityLowering };

/**
 * How uploads use sharp (set up process-wide when it loads): libvips works on one thread per image (the queue
 * decides how many images at once, and the other core stays with the event loop), at a lower priority than the
 * event loop, and keeps no cache of decoded images (an upload is never read twice).
 */
export function createImageWork(queue: WorkQueue): ImageWork {
  return { queue, threads: lowerThreadPriority('libvips worker', IMAGE_THREAD_NICE) };
}

/**
 * Checks an upload and re-encodes it: the header is read first, so a pixel bomb (a small file declaring an
 * enormous image, or a thin endless strip) is refused before anything is decoded; the decoder is capped at
 * 25 megapixels as well. Decoding and encoding wait their turn in `queue` (a few at a time per process, so
 * uploads never take every libuv thread from compression and file reads); a full queue answers 503.
 * The output is a fresh WebP at most 512×512, turned upright by its EXIF orientation, without any metadata
 * (EXIF, GPS, XMP, ICC): sharp writes none unless asked to.
 */
export async function encodeAvatar(data: Buffer, work: ImageWork): Promise<EncodedImage> {
  const type = sniffImageType(data);
  if (!type) throw new AppError('unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE);

  // Outside the try: a library that cannot load is the server's failure (500), not a broken picture.
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('unsupported_media_type', BROKEN_IMAGE_MESSAGE, { cause: error });
  }
  if (metadata.format !== type || !metadata.width || !metadata.height) {
    throw new AppError('unsupported_media_type', BROKEN_IMAGE_MESSAGE);
  }
  // Animated images are decoded one page (frame) at a time: the page is what must fit.
  const pageHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * pageHeight > MAX_INPUT_PIXELS) {
    throw new AppError('payload_too_large', TOO_MANY_PIXELS_MESSAGE);
  }
  if (metadata.width > MAX_INPUT_SIDE_PX || pageHeight > MAX_INPUT_SIDE_PX) {
    throw new AppError('unprocessable', SIDE_TOO_LONG_MESSAGE);
  }

  try {
    return await work.queue.run(async () => {
      try {
        return await resizeToWebp(data);
      } finally {
        // libvips starts its worker threads on first use (and more later, if it wants): lower each new one.
        work.threads.apply();
      }
    });
  } catch (error) {
    if (error instanceof WorkQueueFullError) {
      throw new AppError('unavailable', IMAGES_BUSY_MESSAGE, { retryAfterS: IMAGES_BUSY_RETRY_AFTER_S });
    }
    throw new AppError('unsupported_media_type', BROKEN_IMAGE_MESSAGE, { cause: error });
  }
}

async function resizeToWebp(data: Buffer): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const { data: output, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: IMAGE_MAX_SIDE_PX,
      height: IMAGE_MAX_SIDE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data: output, width: info.width, height: info.height };
}
