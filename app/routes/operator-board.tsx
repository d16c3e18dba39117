import {
  BoardMoveFormSchema,
  BoardReplacementMinutesFormSchema,
  BoardWeighFormSchema,
} from '@core/contracts/support';
import { redirect } from 'react-router';
import { FailureAlert } from '~/features/operator/failure-alert';
import { requireOperatorAction, requireOperatorPage } from '~/features/operator/operator.server';
import { OPERATOR_ORDERS_HREF } from '~/features/operator/operator-links';
import { OrderBoard } from '~/features/operator/order-board';
import { type ReplacementMinutesSaved, ReplacementTimes } from '~/features/operator/replacement-times';
import { useConsolePageData } from '~/features/operator/use-operator-live';
import { parseForm, runFormAction } from '~/lib/actions.server';
import type { Route } from './+types/operator-board';

/**
 * /operator/board (ADR 034): the board of active orders of the operator's shops, and each shop's time to
 * answer a replacement (ADR 055). It follows orders placed and moved elsewhere with its own keyed fetcher
 * (ADR 041).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const loadedAt = new Date().toISOString();
  const { support } = context.services;
  const [orders, stores] = await Promise.all([
    support.board(user._id),
    support.listReplacementTimes(user._id),
  ]);
  return { orders, stores, loadedAt };
}

/**
 * A move on the board: one step along the order's path, or a cancellation, through the support service (as
 * POST /api/operator/orders/{number}/status); the orders module tells the customer (list, socket, push). An
 * operator only, before the form is read; another shop's order is not found; a move the order cannot make is
 * refused in Russian (409). The same action weighs a line and sets a shop's time to answer a replacement,
 * both counted with the assembly rates (per operator and per address: 429 with Retry-After).
 */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireOperatorAction(context),
    async (form, user) => {
      const intent = form.get('intent');
      if (intent === 'weigh') {
        // The picker's weight of a weighed line (ADR 054), as POST /api/operator/orders/{number}/weigh.
        const { number, ...line } = parseForm(form, BoardWeighFormSchema);
        await context.services.support.weighLine(user._id, number, line, context.clientIp);
        return redirect(OPERATOR_ORDERS_HREF);
      }
      if (intent === 'replacement-minutes') {
        // A shop's time to answer a replacement (ADR 055), as PUT /api/operator/stores/{id}/replacement-minutes.
        // Answered in place, not redirected: the form says it is saved, with or without JavaScript.
        const { store, minutes } = parseForm(form, BoardReplacementMinutesFormSchema);
        const saved = await context.services.support.setReplacementMinutes(
          user._id,
          store,
          minutes,
          context.clientIp,
        );
        return { ok: true, store, minutes: saved } satisfies ReplacementMinutesSaved;
      }
      const { number, status } = parseForm(form, BoardMoveFormSchema);
      await context.services.support.moveOrder(user._id, number, status);
      return redirect(OPERATOR_ORDERS_HREF);
    },
  );
}

export default function OperatorOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, stores } = useConsolePageData(loaderData, OPERATOR_ORDERS_HREF, { onOrderBoard: true });
  return (
    <div className="flex flex-col gap-3">
      <FailureAlert answer={actionData} />
      <OrderBoard orders={orders} />
      <ReplacementTimes stores={stores} answer={actionData} />
    </div>
  );
}
