import { hasSqlState, SQLSTATE } from '../lib/sql-state';
import type { Db, Executor } from './client';

const TRANSACTION_ATTEMPTS = 3;

/** A serialization failure or a deadlock: the transaction did nothing and may simply be run again. */
const isRetryable = (error: unknown) =>
  hasSqlState(error, SQLSTATE.serializationFailure) || hasSqlState(error, SQLSTATE.deadlockDetected);

/** Runs a transaction, again (up to three times in all) after a serialization failure or a deadlock. */
export async function withRetries<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
