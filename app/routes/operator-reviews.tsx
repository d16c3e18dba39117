import { OperatorReviewFormSchema, OperatorReviewQuerySchema } from '@core/contracts/reviews';
import { data, redirect } from 'react-router';
import { FailureAlert } from '~/features/operator/failure-alert';
import { requireOperatorAction, requireOperatorPage } from '~/features/operator/operator.server';
import { ReviewModeration } from '~/features/operator/review-moderation';
import { parseForm, runFormAction } from '~/lib/actions.server';
import type { Route } from './+types/operator-reviews';

/** /operator/reviews (ADR 045): the reviews of the operator's shops; the loader reads, the action writes. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const query = OperatorReviewQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 404 });
  return {
    list: await context.services.reviews.listForOperator(user._id, query.data),
    filter: query.data.status,
  };
}

/**
 * A reply, hiding with a reason, or showing again, through the reviews service (as /api/operator/reviews/*):
 * an operator only, before the form is read; another shop's review is not found. Back to the same list.
 */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireOperatorAction(context),
    async (form, user) => {
      const input = parseForm(form, OperatorReviewFormSchema);
      const { reviews } = context.services;
      if (input.intent === 'reply') await reviews.reply(user._id, input.review, input.text);
      else if (input.intent === 'hide') await reviews.hide(user._id, input.review, input.reason);
      else await reviews.show(user._id, input.review);
      const url = new URL(request.url);
      return redirect(`${url.pathname}${url.search}`);
    },
  );
}

export default function OperatorReviews({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-3">
      <FailureAlert answer={actionData} />
      <ReviewModeration list={loaderData.list} filter={loaderData.filter} />
    </div>
  );
}
