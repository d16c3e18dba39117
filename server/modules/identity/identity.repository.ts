import { and, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { appSecrets, files, sessions, smsCodes, users } from '../../db/schema/index';
import { statement } from '../../db/statements';

const userWithImage = {
  user: users,
  image: { id: files.id, path: files.path },
};

export type UserRow = typeof users.$inferSelect;
export type UserImage = { id: string; path: string } | null;
export type UserWithImage = { user: UserRow; image: UserImage };

/** The row of a live code with one more try spent on it, or nothing when the phone has no live code left. */
export async function spendCodeAttempt(db: Db, phone: string, now: Date, maxAttempts: number) {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.expiresAt, now), lt(smsCodes.attempts, maxAttempts)))
    .returning({ codeHmac: smsCodes.codeHmac, attempts: smsCodes.attempts, name: smsCodes.name });
  return row;
}

/** A new code replaces the phone's previous one, which stops working at once. */
export async function replaceCode(
  db: Db,
  code: { phone: string; codeHmac: string; name: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insert(smsCodes)
    .values({ ...code, attempts: 0 })
    .onConflictDoUpdate({
      target: smsCodes.phone,
      set: {
        codeHmac: code.codeHmac,
        name: code.name,
        attempts: 0,
        createdAt: code.createdAt,
        expiresAt: code.expiresAt,
      },
    });
}

/** Deletes the phone's code if it is still this one; true when this call used it up (single use). */
export async function deleteCode(db: Db, phone: string, codeHmac: string): Promise<boolean> {
  const deleted = await db
    .delete(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.codeHmac, codeHmac)))
    .returning({ phone: smsCodes.phone });
  return deleted.length > 0;
}

/** The user of a phone, created with the given name on the first login. */
export async function findOrCreateUser(db: Db, phone: string, name: string): Promise<UserRow> {
  const [created] = await db.insert(users).values({ phone, name }).onConflictDoNothing().returning();
  if (created) return created;
  const [existing] = await db.select().from(users).where(eq(users.phone, phone));
  if (!existing) throw new Error('user vanished between insert and select');
  return existing;
}

export async function findUserWithImage(db: Db, userId: string): Promise<UserWithImage | undefined> {
  const [row] = await db
    .select(userWithImage)
    .from(users)
    .leftJoin(files, eq(files.id, users.imageId))
    .where(eq(users.id, userId));
  return row;
}

/** These users' names, in one query (unknown ids are left out). */
export async function findNames(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function findUserIdByPhone(db: Db, phone: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row?.id;
}

export async function updateUser(
  db: Db,
  userId: string,
  changes: Partial<Pick<UserRow, 'name' | 'phone' | 'email' | 'imageId'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** The user's house: the default delivery address as SPEC §3 User.house shows it, or none. */
export async function updateHouse(tx: Executor, userId: string, house: UserRow['house']): Promise<void> {
  await tx.update(users).set({ house }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Db,
  session: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * The live session of a token hash with its user and picture: one indexed join per authenticated request, the
 * hottest statement there is (issue 26). Named and built once, so neither Drizzle's query builder nor
 * PostgreSQL's parser and planner run again for it (ADR 011's named statements, ADR 047).
 */
export async function findSessionUser(db: Db, tokenHash: string, now: Date) {
  const [row] = await statement(db, 'session_user', (tx) =>
    tx
      .select({ sessionId: sessions.id, sessionExpiresAt: sessions.expiresAt, ...userWithImage })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(files, eq(files.id, users.imageId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      ),
  ).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/** Which of these sessions are still live (not deleted, not expired): one query by primary key. */
export async function findLiveSessionIds(db: Db, ids: readonly string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...ids]), gt(sessions.expiresAt, now)));
  return rows.map((row) => row.id);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ id: sessions.id });
  return row?.id;
}

export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
  await db.delete(smsCodes).where(lte(smsCodes.expiresAt, now));
}

/** A secret shared by every process: the first one to start creates it, the others read the same row. */
export async function ensureSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
