import { BoardMoveFormSchema, BoardWeighFormSchema } from '@core/contracts/support';
import { redirect } from 'react-router';
import { FailureAlert } from '~/features/operator/failure-alert';
import { requireOperatorAction, requireOperatorPage } from '~/features/operator/operator.server';
import { OPERATOR_ORDERS_HREF } from '~/features/operator/operator-links';
import { OrderBoard } from '~/features/operator/order-board';
import { useConsolePageData } from '~/features/operator/use-operator-live';
import { parseForm, runFormAction } from '~/lib/actions.server';
import type { Route } from './+types/operator-board';

/**
 * /operator/board (ADR 034): the board of active orders of the operator's shops. It follows orders placed and
 * moved elsewhere with its own keyed fetcher (ADR 041).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const loadedAt = new Date().toISOString();
  return { orders: await context.services.support.board(user._id), loadedAt };
}

/**
 * A move on the board: one step along the order's path, or a cancellation, through the support service (as
 * POST /api/operator/orders/{number}/status); the orders module tells the customer (list, socket, push). An
 * operator only, before the form is read; another shop's order is not found; a move the order cannot make is
 * refused in Russian (409).
 */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireOperatorAction(context),
    async (form, user) => {
      if (form.get('intent') === 'weigh') {
        // The picker's weight of a weighed line (ADR 054), as POST /api/operator/orders/{number}/weigh.
        const { number, ...line } = parseForm(form, BoardWeighFormSchema);
        await context.services.support.weighLine(user._id, number, line);
        return redirect(OPERATOR_ORDERS_HREF);
      }
      const { number, status } = parseForm(form, BoardMoveFormSchema);
      await context.services.support.moveOrder(user._id, number, status);
      return redirect(OPERATOR_ORDERS_HREF);
    },
  );
}

export default function OperatorOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders } = useConsolePageData(loaderData, OPERATOR_ORDERS_HREF, { onOrderBoard: true });
  return (
    <div className="flex flex-col gap-3">
      <FailureAlert answer={actionData} />
      <OrderBoard orders={orders} />
    </div>
  );
}
