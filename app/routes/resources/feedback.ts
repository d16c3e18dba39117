import { QUESTION_FAILED_MESSAGE, QuestionFormSchema } from '@core/contracts/feedback';
import { isAppError } from '@server/errors';
import { data } from 'react-router';
import { parseForm, runFormAction } from '~/lib/actions.server';
import type { Route } from './+types/feedback';

/**
 * POST /resources/feedback: the 'Обратная связь' popup's fetcher (ADR 045). Anyone may send it (a signed-in
 * customer's question remembers them: the answer goes to their chat); the form is read with POST
 * /api/questions's contract and sent through the same service, with the same rates. A failure that is not
 * a refusal (the database away) answers SPEC §8's success false and its words.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => context.viewer.user,
    async (form, user) => {
      const input = parseForm(form, QuestionFormSchema);
      try {
        await context.services.feedback.sendQuestion(input, {
          ip: context.clientIp,
          userId: user?._id ?? null,
        });
      } catch (error) {
        if (isAppError(error) && error.status < 500) throw error;
        context.log.error({ err: error }, 'feedback: the question was not stored');
        return data({ ok: false as const, message: QUESTION_FAILED_MESSAGE, fields: {} }, { status: 500 });
      }
      return { ok: true as const };
    },
  );
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
