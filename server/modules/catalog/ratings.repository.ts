import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, stores } from '../../db/schema/index';

/** What a rating is of: a shop, or one product. */
export type RatedSubject = { storeId: string; productId?: string | undefined };

/**
 * A shop's or a product's rating and review count as its reviews make them, written in the reviews module's
 * transaction (`tx`) that changed them (docs/decisions/045).
 */
export async function writeRating(
  tx: Executor,
  subject: RatedSubject,
  summary: { rating: number; count: number },
): Promise<void> {
  const values = { rating: summary.rating, reviewsCount: summary.count };
  if (subject.productId) {
    await tx.update(products).set(values).where(eq(products.id, subject.productId));
  } else {
    await tx.update(stores).set(values).where(eq(stores.id, subject.storeId));
  }
}
