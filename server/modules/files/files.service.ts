import { randomUUID } from 'node:crypto';
import type { FileRef } from '@core/contracts/identity';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { WorkQueue } from '../../lib/work-queue';
import type { FileStorage } from '../../storage/storage';
import { presentFile } from './files.presenter';
import { findFileOfUser, findLatestFileOfUser, insertFile } from './files.repository';
import { createImageWork, encodeAvatar } from './image';

export type FilesDeps = {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  /** Where decoding and encoding wait their turn (a few at a time per process). */
  imageQueue: WorkQueue;
};

export const NO_FILE_MESSAGE = 'Вы ещё не загружали изображений';

/** Customers' uploaded images (the profile picture). */
export function createFilesService({ db, storage, clock, imageQueue }: FilesDeps) {
  const imageWork = createImageWork(imageQueue);
  return {
    /** Checks, re-encodes and stores an image under a generated name; the caller's to use as its picture. */
    async uploadImage(userId: string, data: Buffer): Promise<FileRef> {
      const image = await encodeAvatar(data, imageWork);
      const id = randomUUID();
      const stored = await storage.put(`avatars/${id}.webp`, image.data, 'image/webp');
      try {
        const row = await insertFile(db, {
          id,
          userId,
          storageKey: stored.key,
          path: stored.path,
          contentType: 'image/webp',
          width: image.width,
          height: image.height,
          sizeBytes: image.data.length,
          createdAt: new Date(clock.now()),
        });
        return presentFile(row);
      } catch (error) {
        await storage.delete(stored.key);
        throw error;
      }
    },

    /** Whether a file is one this user uploaded (the only pictures a profile may point at). */
    async isOwnFile(userId: string, fileId: string): Promise<boolean> {
      return (await findFileOfUser(db, userId, fileId)) !== undefined;
    },

    /** One of this user's uploaded images (a chat attachment), or undefined when it is not theirs. */
    async findOwnImage(userId: string, fileId: string): Promise<FileRef | undefined> {
      const row = await findFileOfUser(db, userId, fileId);
      return row ? presentFile(row) : undefined;
    },

    /** GET /api/file/user: the image this user uploaded last. */
    async getLatestImage(userId: string): Promise<FileRef> {
      const row = await findLatestFileOfUser(db, userId);
      if (!row) throw new AppError('not_found', NO_FILE_MESSAGE);
      return presentFile(row);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
