/**
 * A basket line's choice for when its product is missing at assembly (issue 27, ADR 055): replace it with a
 * similar product (optionally one the customer picked), call first, or leave it out; null leaves it to the
 * order's choice at checkout. The checkout copies it onto the order's line. A use case of the basket's
 * service (ADR 026's shape: the factory stays a facade).
 */
import type { ReplacementOption } from '@core/contracts/basket';
import type { OnMissing } from '@core/rules/substitution';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { RateLimiter } from '../../limits/rate-limit';
import type { CatalogService } from '../catalog/catalog.service';
import { findLines, type LinePair, lockBasket, updateLineChoice } from './basket.repository';
import { NOT_IN_BASKET } from './basket-messages';
import { lineChoiceRates } from './choice-rates';

export type LineChoiceDeps = {
  db: Db;
  catalog: Pick<CatalogService, 'listSimilar'>;
  /** The customer's and the address's rates (choice-rates.ts), taken before anything is read. */
  rates: Pick<RateLimiter, 'take'>;
};

export type LineChoice = LinePair & { onMissing: OnMissing | null; replacementId: string | null };

/** How many similar products a line may be replaced with: as many as the picker is offered (ADR 055). */
export const REPLACEMENTS_PER_LINE = 8;

export const NOT_SIMILAR_REPLACEMENT = 'Выберите замену из похожих товаров, которые есть в этой точке';

/**
 * The similar products the line's point has now, less the products of the line's group (they go into the
 * same order): the catalogue's 'similar', as the picker is offered them. Read outside any transaction (on
 * PGlite's one connection a read beside an open transaction would wait). A line not in the basket: 409.
 */
export async function listReplacements(
  deps: LineChoiceDeps,
  userId: string,
  pair: LinePair,
  ip: string,
): Promise<ReplacementOption[]> {
  await deps.rates.take(lineChoiceRates(userId, ip));
  return similarForLine(deps, userId, pair);
}

async function similarForLine(
  deps: LineChoiceDeps,
  userId: string,
  pair: LinePair,
): Promise<ReplacementOption[]> {
  const group = (await findLines(deps.db, userId))
    .filter((line) => line.pointId === pair.pointId)
    .map((line) => line.productId);
  if (!group.includes(pair.productId)) throw new AppError('conflict', NOT_IN_BASKET);
  const inGroup = new Set(group);
  const similar = await deps.catalog.listSimilar(
    [pair.productId],
    { pointId: pair.pointId },
    REPLACEMENTS_PER_LINE + group.length,
  );
  return (similar.get(pair.productId) ?? [])
    .filter((card) => !inGroup.has(card._id))
    .slice(0, REPLACEMENTS_PER_LINE)
    .map((card) => ({ product: card._id, name: card.name, price: card.offer?.price ?? card.price }));
}

/**
 * Sets a line's choice under the basket's lock. A picked replacement must be one of listReplacements' (400
 * otherwise, said in Russian); it is kept only with 'similar' (the contract refuses it with anything else).
 */
export async function chooseLineOnMissing(
  deps: LineChoiceDeps,
  userId: string,
  choice: LineChoice,
  ip: string,
): Promise<void> {
  await deps.rates.take(lineChoiceRates(userId, ip));
  const pair = { pointId: choice.pointId, productId: choice.productId };
  const replacementId = choice.onMissing === 'similar' ? choice.replacementId : null;
  if (replacementId !== null) {
    const options = await similarForLine(deps, userId, pair);
    if (!options.some((option) => option.product === replacementId)) {
      throw new AppError('bad_request', NOT_SIMILAR_REPLACEMENT, {
        fields: { replacement: NOT_SIMILAR_REPLACEMENT },
      });
    }
  }
  await deps.db.transaction(async (tx) => {
    await lockBasket(tx, userId);
    const isFound = await updateLineChoice(tx, userId, pair, { onMissing: choice.onMissing, replacementId });
    if (!isFound) throw new AppError('conflict', NOT_IN_BASKET);
  });
}
