/**
 * OPERATOR_PHONES (docs/decisions/033): the operators a deployment starts with, as `npm run user:role -- <phone>
 * operator` would make them — for the embedded database, which only the running process may open. A phone
 * that has not signed in yet gets its account now; an existing operator keeps the shops the CLI gave them.
 */
import type { Db } from './db/client';
import { findOrCreateUser } from './modules/identity/identity.repository';
import { findRoles, grantRole } from './modules/support/support.repository';

/** The name of an operator's account made before its first login (the login form's name does not replace it). */
export const OPERATOR_DEFAULT_NAME = 'Оператор';

export async function grantOperatorsAtStart(db: Db, phones: readonly string[]): Promise<void> {
  for (const phone of phones) {
    const user = await findOrCreateUser(db, phone, OPERATOR_DEFAULT_NAME);
    if ((await findRoles(db, user.id)).includes('operator')) continue;
    await grantRole(db, user.id, 'operator', []);
  }
}
