/**
 * The cabinet's posts (/lk, SPEC §6: signed in; ADR 042): the address book's (delete once confirmed, make
 * default) and the chat's message, read with one contract, the union of AddressFormSchema's and
 * ChatFormSchema's forms told apart by `intent`.
 */
import { AddressFormSchema } from '@core/contracts/geo';
import { SavedCardFormSchema } from '@core/contracts/payments';
import { ChatFormSchema } from '@core/contracts/support';
import { z } from '@core/contracts/z';
import type { LoadContext } from '@server/services';
import { runChatIntent } from '~/features/chat/chat-actions.server';
import { runAddressIntent } from '~/features/delivery/address-actions.server';
import { parseForm, redirectWithFlash } from '~/lib/actions.server';
import { deleteQuestionOf } from './address-delete';
import { DELIVERY_TAB_HREF } from './saved-addresses';

const PAYMENT_TAB_HREF = '/lk?active=payment';

const CabinetFormSchema = z.discriminatedUnion(
  'intent',
  [...AddressFormSchema.options, ...ChatFormSchema.options, ...SavedCardFormSchema.options],
  { error: 'Неизвестное действие' },
);

const ADDRESS_FLASH = {
  save: 'address-saved',
  update: 'address-saved',
  delete: 'address-deleted',
  default: 'address-default',
} as const;

/**
 * One post of the cabinet for `userId`: a chat message's answer is data (the loader shows it); an address
 * change goes back to the tab with a flash; a delete without its yes is answered with the question.
 */
export async function runCabinetPost(context: LoadContext, userId: string, form: FormData) {
  const input = parseForm(form, CabinetFormSchema);
  if (input.intent === 'send-message' || input.intent === 'read-chat') {
    return runChatIntent(context.services.support, userId, input, { ip: context.clientIp });
  }
  if (input.intent === 'remove-card') {
    await context.services.payments.removeSavedCard(userId, input.card);
    return redirectWithFlash(PAYMENT_TAB_HREF, 'card-removed');
  }
  const question = deleteQuestionOf(input);
  if (question) return question;
  const result = await runAddressIntent(context.services.geo, userId, input, { ip: context.clientIp });
  return redirectWithFlash(DELIVERY_TAB_HREF, ADDRESS_FLASH[result.intent]);
}
