import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

/**
 * What the payments' use cases need (issue 25, docs/decisions/046). The orders module tells this one of its
 * status changes (the bonus ledger follows them) through its `onStatus` hook, inside its transaction.
 */
export type PaymentsDeps = {
  db: Db;
  clock: Clock;
};

export const nowOf = (deps: Pick<PaymentsDeps, 'clock'>): Date => new Date(deps.clock.now());
