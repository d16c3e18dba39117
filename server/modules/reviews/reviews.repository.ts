/** The reviews module's queries: reviews, their subjects' star counts, dismissed prompts (ADR 045). */
import { NO_STARS, type StarCounts } from '@core/rules/reviews';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reviewPromptDismissals, reviewTotals, storeReviews } from '../../db/schema/index';

export type ReviewRow = typeof storeReviews.$inferSelect;

/** What a review is of: the shop (no product) or one product of it. */
export type Subject = { storeId: string; productId: string | null };

/** The key of a subject's star counts. */
export const subjectKey = (subject: Subject): string =>
  subject.productId ? `product:${subject.productId}` : `store:${subject.storeId}`;

const ofSubject = (subject: Subject): SQL | undefined =>
  and(
    eq(storeReviews.storeId, subject.storeId),
    subject.productId ? eq(storeReviews.productId, subject.productId) : isNull(storeReviews.productId),
  );

export async function findOwnReview(
  tx: Executor,
  subject: Subject,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRow | undefined> {
  const query = tx
    .select()
    .from(storeReviews)
    .where(and(ofSubject(subject), eq(storeReviews.customerId, customerId)))
    .limit(1)
    .$dynamic();
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function findReviewById(
  tx: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRow | undefined> {
  const query = tx.select().from(storeReviews).where(eq(storeReviews.id, id)).limit(1).$dynamic();
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function insertReview(
  tx: Executor,
  review: Pick<ReviewRow, 'storeId' | 'productId' | 'customerId' | 'rating' | 'text' | 'createdAt'>,
): Promise<ReviewRow> {
  const [row] = await tx
    .insert(storeReviews)
    .values({ ...review, updatedAt: review.createdAt })
    .returning();
  if (!row) throw new Error('review not inserted');
  return row;
}

export async function updateReview(
  tx: Executor,
  id: string,
  changes: Partial<
    Pick<ReviewRow, 'rating' | 'text' | 'updatedAt' | 'hiddenAt' | 'hiddenReason' | 'reply' | 'repliedAt'>
  >,
): Promise<ReviewRow> {
  const [row] = await tx.update(storeReviews).set(changes).where(eq(storeReviews.id, id)).returning();
  if (!row) throw new Error('review not updated');
  return row;
}

type TotalsRow = typeof reviewTotals.$inferSelect;

const starsOf = (row: TotalsRow | undefined): StarCounts =>
  row ? { 1: row.stars1, 2: row.stars2, 3: row.stars3, 4: row.stars4, 5: row.stars5 } : { ...NO_STARS };

/**
 * The subject's star counts, locked for the rest of the transaction (its row made first when it has none):
 * every change of the subject's reviews takes this lock, so two changes never count from the same numbers.
 */
export async function lockTotals(tx: Executor, subject: Subject): Promise<StarCounts> {
  const key = subjectKey(subject);
  await tx.insert(reviewTotals).values({ subject: key }).onConflictDoNothing();
  const [row] = await tx.select().from(reviewTotals).where(eq(reviewTotals.subject, key)).for('update');
  return starsOf(row);
}

export async function writeTotals(tx: Executor, subject: Subject, stars: StarCounts): Promise<void> {
  await tx
    .update(reviewTotals)
    .set({ stars1: stars[1], stars2: stars[2], stars3: stars[3], stars4: stars[4], stars5: stars[5] })
    .where(eq(reviewTotals.subject, subjectKey(subject)));
}

export async function readTotals(tx: Executor, subject: Subject): Promise<StarCounts> {
  const [row] = await tx
    .select()
    .from(reviewTotals)
    .where(eq(reviewTotals.subject, subjectKey(subject)));
  return starsOf(row);
}

/** Visible reviews of a subject, newest first, a page of them, and how many there are. */
export async function findVisibleReviews(
  tx: Executor,
  subject: Subject,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = and(ofSubject(subject), isNull(storeReviews.hiddenAt));
  const [rows, [counted]] = await Promise.all([
    tx
      .select()
      .from(storeReviews)
      .where(where)
      .orderBy(desc(storeReviews.createdAt), desc(storeReviews.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(storeReviews).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The operator console's list: reviews of these shops (null: every shop), newest first. */
export async function findReviewsForOperators(
  tx: Executor,
  where: { storeIds: readonly string[] | null; visibility: 'visible' | 'hidden' | 'all' },
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  if (where.storeIds?.length === 0) return { rows: [], total: 0 };
  const condition = and(
    where.storeIds ? inArray(storeReviews.storeId, [...where.storeIds]) : undefined,
    where.visibility === 'visible'
      ? isNull(storeReviews.hiddenAt)
      : where.visibility === 'hidden'
        ? isNotNull(storeReviews.hiddenAt)
        : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    tx
      .select()
      .from(storeReviews)
      .where(condition)
      .orderBy(desc(storeReviews.createdAt), desc(storeReviews.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(storeReviews).where(condition),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function insertDismissal(tx: Executor, customerId: string, storeId: string): Promise<void> {
  await tx.insert(reviewPromptDismissals).values({ customerId, storeId }).onConflictDoNothing();
}

export async function hasDismissal(tx: Executor, customerId: string, storeId: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(reviewPromptDismissals)
    .where(
      and(eq(reviewPromptDismissals.customerId, customerId), eq(reviewPromptDismissals.storeId, storeId)),
    )
    .limit(1);
  return rows.length > 0;
}
