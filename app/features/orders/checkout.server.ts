/** The checkout page's action: the form read with its contract, the orders placed by the API's service. */
import { CheckoutFormSchema } from '@core/contracts/orders';
import type { LoadContext } from '@server/services';
import { parseForm, redirectWithFlash, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';

/**
 * Places every group of the form in one transaction (POST /api/orders' service and idempotency; the form is
 * CheckoutFormSchema's, ADR 042): one order → its page, several → the cabinet's orders tab, each with a flash
 * message. A refusal comes back to the form with the fields as they were posted (Conform's result).
 */
export async function placeOrdersFromForm(context: LoadContext, request: Request) {
  return runFormAction(
    request,
    () => requireUser(context),
    async (form, user) => {
      const { key, ...input } = parseForm(form, CheckoutFormSchema);
      const { body } = await context.services.orders.placeOrders(user._id, key, input);
      const [first] = body.orders;
      return body.orders.length === 1 && first
        ? redirectWithFlash(`/order/${first.slug}`, 'order-placed')
        : redirectWithFlash('/lk?active=orders', 'orders-placed');
    },
  );
}
