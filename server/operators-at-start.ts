/**
 * OPERATOR_PHONES (docs/decisions/033): the operators a deployment starts with, as `npm run user:role -- <phone>
 * operator` would make them — for the embedded database, which only the running process may open. A phone
 * that has not signed in yet gets its account now; an existing operator keeps the shops the CLI gave them.
 * Through the services, as the CLI does (docs/decisions/025, 031).
 */
import type { Services } from './services';

/** The name of an operator's account made before its first login (the login form's name does not replace it). */
export const OPERATOR_DEFAULT_NAME = 'Оператор';

export async function grantOperatorsAtStart(
  services: Pick<Services, 'identity' | 'support'>,
  phones: readonly string[],
): Promise<void> {
  for (const phone of phones) {
    const userId = await services.identity.ensureUserIdByPhone(phone, OPERATOR_DEFAULT_NAME);
    if ((await services.support.roleOf(userId)) === 'operator') continue;
    await services.support.grantOperator(userId, []);
  }
}
