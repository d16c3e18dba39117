/**
 * A shop's time to answer a replacement offered at assembly (ADR 055): `stores.replacement_minutes`, which the
 * orders module reads with the order's point when it offers one. A use case of the catalogue's service (ADR
 * 026's shape); who may set it is the operator console's to decide (the support module).
 */
import { isReplacementMinutes, REPLACEMENT_MINUTES_MESSAGE } from '@core/rules/substitution';
import { AppError } from '../../errors';
import { findReplacementTimes, updateReplacementMinutes } from './catalog.repository';
import type { CatalogDeps } from './catalog.service';

/** A shop and its time to answer, in minutes. */
export type ReplacementTime = { id: string; name: string; minutes: number };

export function replacementTimesOf(deps: Pick<CatalogDeps, 'db'>) {
  return {
    /** These shops' times (null: every shop's), by the shops' names. */
    list: (storeIds: readonly string[] | null): Promise<ReplacementTime[]> =>
      findReplacementTimes(deps.db, storeIds),
    /**
     * Sets a shop's time (whole minutes within the rule's bounds: 400 otherwise, whoever calls); whether the
     * shop exists.
     */
    async set(storeId: string, minutes: number): Promise<boolean> {
      if (!isReplacementMinutes(minutes)) {
        throw new AppError('bad_request', REPLACEMENT_MINUTES_MESSAGE, {
          fields: { minutes: REPLACEMENT_MINUTES_MESSAGE },
        });
      }
      return updateReplacementMinutes(deps.db, storeId, minutes);
    },
  };
}

export type ReplacementTimes = ReturnType<typeof replacementTimesOf>;
