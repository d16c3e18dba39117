import { BoardSubstituteFormSchema, OrderNumberParamsSchema } from '@core/contracts/support';
import { data, redirect } from 'react-router';
import { FailureAlert } from '~/features/operator/failure-alert';
import { requireOperatorAction, requireOperatorPage } from '~/features/operator/operator.server';
import { assemblyHref, OrderAssembly } from '~/features/operator/order-assembly';
import { useConsolePageData } from '~/features/operator/use-operator-live';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { orNotFound } from '~/lib/loader-errors.server';
import type { Route } from './+types/operator-assembly';

/**
 * /operator/board/:number (ADR 055): one order of the operator's shops as the picker assembles it, as GET
 * /api/operator/orders/{number}/assembly. Another shop's order, or anything but an order number, is the 404
 * page. It follows the order (the customer's answer, a move on the board) with its own keyed fetcher.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const parsed = OrderNumberParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404, statusText: 'Not Found' });
  const loadedAt = new Date().toISOString();
  return {
    assembly: await orNotFound(context.services.support.assembly(user._id, parsed.data.number)),
    loadedAt,
  };
}

/**
 * A line the picker cannot find, as POST /api/operator/orders/{number}/substitute: missing, or a replacement
 * offered to the customer. An operator only, before the form is read; another shop's order is not found; a
 * line already dealt with, a replacement not among the similar ones or gone from stock is refused in Russian;
 * past the assembly rates (per operator and per address), 429 with Retry-After.
 */
export async function action({ context, request }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireOperatorAction(context),
    async (form, user) => {
      const { number, product, replacement } = parseForm(form, BoardSubstituteFormSchema);
      await context.services.support.substituteLine(
        user._id,
        number,
        { product, ...(replacement ? { replacement } : {}) },
        context.clientIp,
      );
      return redirect(assemblyHref(number));
    },
  );
}

export default function OperatorAssembly({ loaderData, actionData }: Route.ComponentProps) {
  const { assembly } = useConsolePageData(loaderData, assemblyHref(loaderData.assembly.number), {
    onOrderBoard: true,
  });
  return (
    <div className="flex flex-col gap-3">
      <FailureAlert answer={actionData} />
      <OrderAssembly assembly={assembly} />
    </div>
  );
}
