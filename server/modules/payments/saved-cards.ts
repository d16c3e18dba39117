/** The cabinet's 'Способы оплаты' (issue 25): the cards a customer agreed to save, listed and removed. */
import type { SavedCard } from '@core/contracts/payments';
import { AppError } from '../../errors';
import type { PaymentsDeps } from './payments.deps';
import { deleteSavedMethod, listSavedMethods } from './payments.repository';

export const CARD_NOT_FOUND = 'Карта не найдена — возможно, она уже удалена';

const twoDigits = (value: number): string => String(value % 100).padStart(2, '0');

export async function listSavedCards(deps: Pick<PaymentsDeps, 'db'>, userId: string): Promise<SavedCard[]> {
  return (await listSavedMethods(deps.db, userId)).map((row) => ({
    _id: row.id,
    brand: row.brand,
    last4: row.last4,
    expiry: `${twoDigits(row.expiryMonth)}/${twoDigits(row.expiryYear)}`,
  }));
}

/** The provider id of the customer's saved card (a one-tap payment), or a 404 for another's or a removed one. */
export async function savedCardProviderId(
  deps: Pick<PaymentsDeps, 'db'>,
  userId: string,
  cardId: string,
): Promise<string> {
  const row = (await listSavedMethods(deps.db, userId)).find((card) => card.id === cardId);
  if (!row) throw new AppError('not_found', CARD_NOT_FOUND);
  return row.providerId;
}

export async function removeSavedCard(
  deps: Pick<PaymentsDeps, 'db'>,
  userId: string,
  cardId: string,
): Promise<void> {
  if (!(await deleteSavedMethod(deps.db, userId, cardId))) throw new AppError('not_found', CARD_NOT_FOUND);
}
