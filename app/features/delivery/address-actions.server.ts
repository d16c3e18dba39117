/**
 * The saved-address changes of the popup (resource route /resources/addresses) and the cabinet (/lk):
 * one place that reads the form with the API's contract and calls the geo service, as
 * POST /api/user/me/addresses and its siblings do.
 */
import { SaveAddressSchema, type SavedAddress } from '@core/contracts/geo';
import { z } from '@core/contracts/z';
import type { Services } from '@server/services';
import { formText, parseWith } from '~/lib/actions.server';
import { ADDRESS_FIELD, ADDRESS_INTENTS, type AddressIntent, saveAddressInput } from './address-form';

const IntentSchema = z.enum(ADDRESS_INTENTS, { error: 'Неизвестное действие с адресом' });
const AddressIdSchema = z.uuid('Адрес не найден');

export type AddressIntentResult = { ok: true; intent: AddressIntent; address?: SavedAddress };

/** Runs one address intent for the signed-in customer; AppErrors (bad input, not found) go to the form. */
export async function runAddressIntent(
  geo: Services['geo'],
  userId: string,
  form: FormData,
): Promise<AddressIntentResult> {
  const intent = parseWith(IntentSchema, formText(form, ADDRESS_FIELD.intent));
  switch (intent) {
    case 'save':
      return {
        ok: true,
        intent,
        address: await geo.saveAddress(userId, parseWith(SaveAddressSchema, saveAddressInput(form))),
      };
    case 'update': {
      const id = parseWith(AddressIdSchema, formText(form, ADDRESS_FIELD.id));
      const input = parseWith(SaveAddressSchema, saveAddressInput(form));
      return { ok: true, intent, address: await geo.updateAddress(userId, id, input) };
    }
    case 'delete':
      await geo.deleteAddress(userId, parseWith(AddressIdSchema, formText(form, ADDRESS_FIELD.id)));
      return { ok: true, intent };
    case 'default':
      await geo.makeDefault(userId, parseWith(AddressIdSchema, formText(form, ADDRESS_FIELD.id)));
      return { ok: true, intent };
  }
}
