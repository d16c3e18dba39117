/**
 * The saved-address changes of the popup (resource route /resources/addresses) and the cabinet (/lk): one
 * place that calls the geo service with a post read by AddressFormSchema (ADR 042), as
 * POST /api/user/me/addresses and its siblings do.
 */
import type { AddressFormSchema, SavedAddress } from '@core/contracts/geo';
import type { z } from '@core/contracts/z';
import type { Services } from '@server/services';

export type AddressPost = z.output<typeof AddressFormSchema>;
export type AddressIntent = AddressPost['intent'];
export type AddressIntentResult = { ok: true; intent: AddressIntent; address?: SavedAddress };

/**
 * Runs one address change for the signed-in customer; AppErrors (bad input, not found) go to the form. An
 * address saved without a point is looked up as the API's is, counted against `origin.ip`'s rate (ADR 038).
 */
export async function runAddressIntent(
  geo: Services['geo'],
  userId: string,
  input: AddressPost,
  origin: { ip: string },
): Promise<AddressIntentResult> {
  switch (input.intent) {
    case 'save': {
      const { intent, ...address } = input;
      return { ok: true, intent, address: await geo.saveAddress(userId, address, origin) };
    }
    case 'update': {
      const { intent, id, ...address } = input;
      return { ok: true, intent, address: await geo.updateAddress(userId, id, address) };
    }
    case 'delete':
      await geo.deleteAddress(userId, input.id);
      return { ok: true, intent: input.intent };
    case 'default':
      await geo.makeDefault(userId, input.id);
      return { ok: true, intent: input.intent };
  }
}
