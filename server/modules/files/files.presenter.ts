import type { FileRef } from '@core/contracts/identity';
import type { FileRow } from './files.repository';

export function presentFile(row: Pick<FileRow, 'id' | 'path'>): FileRef {
  return { _id: row.id, path: row.path };
}
