import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { hasSqlState, SQLSTATE } from '../../lib/sql-state';
import type { BasketService } from '../basket/basket.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ContentService } from '../content/content.service';
import { lockOwner } from './favourites.repository';

/**
 * What the favourites' use cases need of others: their services, never their tables (GUIDE.md habit 12, ADR
 * 025). Each use case asks only for what it uses (`Pick<FavouritesDeps, …>`, ADR 026).
 */
export type FavouritesDeps = {
  db: Db;
  catalog: Pick<CatalogService, 'listProductsByIds' | 'listStores' | 'getStore' | 'listSimilar'>;
  content: Pick<ContentService, 'listPublicationCards'>;
  basket: Pick<BasketService, 'addItems'>;
};

/**
 * Every change runs in one transaction that first takes the customer's favourites lock, so one customer's
 * changes take turns: a toggle reads and flips under it, and a limit is checked and kept under it
 * (docs/decisions/019). An item deleted meanwhile (a foreign key failing) is `notFound`.
 */
export async function underOwnerLock<T>(
  deps: Pick<FavouritesDeps, 'db'>,
  userId: string,
  work: (tx: Executor) => Promise<T>,
  notFound?: string,
): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      await lockOwner(tx, userId);
      return work(tx);
    });
  } catch (error) {
    if (notFound && hasSqlState(error, SQLSTATE.foreignKeyViolation)) {
      throw new AppError('not_found', notFound, { cause: error });
    }
    throw error;
  }
}
