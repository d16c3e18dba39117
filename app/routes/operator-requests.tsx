import { InboxFormSchema, InboxQuerySchema } from '@core/contracts/feedback';
import { z } from '@core/contracts/z';
import { isAppError } from '@server/errors';
import { data, redirect } from 'react-router';
import { FailureAlert } from '~/features/operator/failure-alert';
import { requireOperatorAction, requireOperatorPage } from '~/features/operator/operator.server';
import { RequestInbox } from '~/features/operator/request-inbox';
import { parseForm, runFormAction } from '~/lib/actions.server';
import type { Route } from './+types/operator-requests';

const RequestsQuerySchema = InboxQuerySchema.extend({
  kind: z.enum(['questions', 'applications']).default('questions'),
});

/**
 * /operator/requests (ADR 045): the support team's inbox of feedback questions and job applications. An
 * operator of some shops is told the inbox is the support team's (the services refuse it, 403).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const query = RequestsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 404 });
  const { kind, status, page } = query.data;
  const { feedback } = context.services;
  try {
    return {
      kind,
      status,
      refusal: null,
      questions: kind === 'questions' ? await feedback.listQuestions(user._id, { status, page }) : null,
      applications:
        kind === 'applications' ? await feedback.listApplications(user._id, { status, page }) : null,
    };
  } catch (error) {
    if (!isAppError(error) || error.code !== 'forbidden') throw error;
    return { kind, status, refusal: error.message, questions: null, applications: null };
  }
}

/** Answer or close a question, close an application; back to the same list. */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireOperatorAction(context),
    async (form, user) => {
      const input = parseForm(form, InboxFormSchema);
      const { feedback } = context.services;
      if (input.intent === 'answer') {
        await feedback.answerQuestion(user._id, input.question, input.text, context.clientIp);
      } else if (input.intent === 'close-question') {
        await feedback.closeQuestion(user._id, input.question);
      } else {
        await feedback.closeApplication(user._id, input.application);
      }
      const url = new URL(request.url);
      return redirect(`${url.pathname}${url.search}`);
    },
  );
}

export default function OperatorRequests({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refusal) {
    return <p className="rounded-3xl bg-white p-6 text-[15px] shadow-card">{loaderData.refusal}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <FailureAlert answer={actionData} />
      <RequestInbox
        kind={loaderData.kind}
        status={loaderData.status}
        questions={loaderData.questions}
        applications={loaderData.applications}
      />
    </div>
  );
}
