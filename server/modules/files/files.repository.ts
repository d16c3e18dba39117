import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, file: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(file).returning();
  if (!row) throw new Error('file insert returned nothing');
  return row;
}

export async function findFileOfUser(db: Db, userId: string, fileId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)));
  return row;
}

export async function findLatestFileOfUser(db: Db, userId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(eq(files.userId, userId))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(1);
  return row;
}
