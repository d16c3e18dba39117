import { ReviewFormSchema } from '@core/contracts/reviews';
import { data } from 'react-router';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/reviews';

/**
 * POST /resources/reviews: the 'Оставить отзыв' popup's fetcher and the order page's 'Оцените магазин'
 * (ADR 045). The customer first (a guest gets 401 before the form is read), then the form with its contract
 * (POST /api/store/{id}/rating's rating and text) and the reviews service, as the API calls it; the router
 * then loads the page again, so the new review and rating show at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireUser(context),
    async (form, user) => {
      const input = parseForm(form, ReviewFormSchema);
      const { reviews } = context.services;
      if (input.intent === 'dismiss') {
        await reviews.dismissPrompt(user._id, input.store);
        return { ok: true as const, intent: input.intent };
      }
      const saved = await reviews.saveReview(
        user._id,
        input.store,
        { rating: input.rating, text: input.text, type: 'store' },
        context.clientIp,
      );
      return { ok: true as const, intent: input.intent, summary: saved.summary };
    },
  );
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
