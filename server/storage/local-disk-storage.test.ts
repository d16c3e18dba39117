import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';

describe('the local disk storage', () => {
  let root = '';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fresh-storage-'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores a file under its key, served below /uploads/, and deletes it', async () => {
    const storage = createLocalDiskStorage(root);
    const stored = await storage.put(
      'avatars/0f1e2d3c-aaaa-bbbb-cccc-0123456789ab.webp',
      Buffer.from('webp'),
      'image/webp',
    );
    expect(stored).toEqual({
      key: 'avatars/0f1e2d3c-aaaa-bbbb-cccc-0123456789ab.webp',
      path: '/uploads/avatars/0f1e2d3c-aaaa-bbbb-cccc-0123456789ab.webp',
    });
    expect(await readFile(path.join(root, stored.key), 'utf8')).toBe('webp');
    // Nothing half-written is left beside it.
    expect(await readdir(path.join(root, 'avatars'))).toEqual(['0f1e2d3c-aaaa-bbbb-cccc-0123456789ab.webp']);
    await storage.delete(stored.key);
    expect(await readdir(path.join(root, 'avatars'))).toEqual([]);
  });

  it.each([
    '../escape.webp',
    '/etc/passwd',
    'avatars/../../x.webp',
    'Avatars/X.webp',
    'no-extension',
    'a b.webp',
  ])('refuses the key %j', async (key) => {
    await expect(createLocalDiskStorage(root).put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /unsafe storage key/,
    );
  });
});
