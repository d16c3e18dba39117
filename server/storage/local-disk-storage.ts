import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage } from './storage';

/**
 * Files under the upload directory, served by Fastify at /uploads/. A file is written beside its final
 * name and renamed into place, so a reader never sees half a file.
 */
export function createLocalDiskStorage(rootDir: string, publicPrefix = '/uploads/'): FileStorage {
  return {
    async put(key, data) {
      assertSafeKey(key);
      const target = path.join(rootDir, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, data, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { key, path: `${publicPrefix}${key}` };
    },

    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(rootDir, key), { force: true });
    },
  };
}
