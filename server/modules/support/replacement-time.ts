/**
 * The shop's time to answer a replacement offered at assembly (issue 27, ADR 055), as its operators set it on
 * the console's board or through PUT /api/operator/stores/{id}/replacement-minutes. An operator sets it for
 * the shops of their board only (an operator of every shop: any shop); another shop is not found. The value
 * lives in the catalogue's stores row; the orders module reads it when a replacement is offered, so an offer
 * made after the change has the new time and those already made keep theirs.
 */
import { STORE_NOT_FOUND_MESSAGE, type StoreReplacementTime } from '@core/contracts/support';
import { AppError } from '../../errors';
import { assemblyRates } from './assembly-rates';
import { storesOf } from './operators';
import type { SupportDeps } from './support.deps';
import { presentReplacementTime } from './support.presenter';

/** The shops of the operator's board (every shop for an operator of all), each with its time to answer. */
export async function listReplacementTimes(
  deps: Pick<SupportDeps, 'db' | 'stores'>,
  operatorId: string,
): Promise<StoreReplacementTime[]> {
  return (await deps.stores.list(await storesOf(deps, operatorId))).map(presentReplacementTime);
}

/**
 * Sets the time of a shop of the operator's board, after the assembly rates (per operator and per `ip`);
 * answers the minutes now set. Another shop, or none, is 404; minutes outside the rule's bounds, 400.
 */
export async function setReplacementMinutes(
  deps: Pick<SupportDeps, 'db' | 'stores' | 'rates'>,
  operatorId: string,
  storeId: string,
  minutes: number,
  ip: string,
): Promise<number> {
  await deps.rates.take(assemblyRates(operatorId, ip));
  const storeIds = await storesOf(deps, operatorId);
  if (storeIds !== null && !storeIds.includes(storeId))
    throw new AppError('not_found', STORE_NOT_FOUND_MESSAGE);
  if (!(await deps.stores.set(storeId, minutes))) throw new AppError('not_found', STORE_NOT_FOUND_MESSAGE);
  return minutes;
}
