/**
 * Deleting a saved address asks first (issue 21: one click removed it for good). With JavaScript the question
 * is a dialog that posts the delete with its yes; a delete posted without the yes (no JavaScript) is answered
 * with the question, which the address book then asks in a form of its own, as the order page's cancel does.
 */
import { ADDRESS_FIELD } from '~/features/delivery/address-form';

export const ADDRESS_CONFIRM_FIELD = 'confirm';
export const DELETE_CONFIRMED = 'yes';

export type DeleteAddressQuestion = { ok: true; confirm: 'delete-address'; id: string };

/** The question for a delete posted without its yes; null for anything else (which the action then runs). */
export function deleteQuestionOf(form: FormData): DeleteAddressQuestion | null {
  if (form.get(ADDRESS_FIELD.intent) !== 'delete') return null;
  if (form.get(ADDRESS_CONFIRM_FIELD) === DELETE_CONFIRMED) return null;
  const id = form.get(ADDRESS_FIELD.id);
  return { ok: true, confirm: 'delete-address', id: typeof id === 'string' ? id : '' };
}

/** The address an action's answer asks about, if it is that question. */
export function addressAskedToDelete(actionData: unknown): string | undefined {
  if (typeof actionData !== 'object' || actionData === null) return undefined;
  const answer = actionData as Partial<DeleteAddressQuestion>;
  return answer.confirm === 'delete-address' && typeof answer.id === 'string' ? answer.id : undefined;
}
