import { createHash } from 'node:crypto';

/**
 * A stable UUID (version 5 layout, SHA-1 based) for a seed entity, so demo rows keep their ids from one
 * fresh database to the next and links in tests or bookmarks stay valid.
 */
export function seedId(kind: string, key: string): string {
  const bytes = createHash('sha1').update(`fresh-seed:${kind}:${key}`).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
