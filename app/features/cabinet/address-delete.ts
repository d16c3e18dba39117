/**
 * Deleting a saved address asks first (issue 21: one click removed it for good). With JavaScript the question
 * is a dialog that posts the delete with its yes; a delete posted without the yes (no JavaScript) is answered
 * with the question, which the address book then asks in a form of its own, as the order page's cancel does.
 */
import { CONFIRMED } from '@core/contracts/form-fields';

export type DeleteAddressQuestion = { ok: true; confirm: 'delete-address'; id: string };

/** The question for a delete posted without its yes; null for anything else (which the action then runs). */
export function deleteQuestionOf(input: {
  intent: string;
  id?: string;
  confirm?: string;
}): DeleteAddressQuestion | null {
  if (input.intent !== 'delete' || input.confirm === CONFIRMED) return null;
  return { ok: true, confirm: 'delete-address', id: input.id ?? '' };
}

/** The address an action's answer asks about, if it is that question. */
export function addressAskedToDelete(actionData: unknown): string | undefined {
  if (typeof actionData !== 'object' || actionData === null) return undefined;
  const answer = actionData as Partial<DeleteAddressQuestion>;
  return answer.confirm === 'delete-address' && typeof answer.id === 'string' ? answer.id : undefined;
}
