/** The checkout page's action: the form read with the API's contract, the orders placed by the same service. */
import { IdempotencyKeySchema, PlaceOrdersSchema } from '@core/contracts/orders';
import type { LoadContext } from '@server/services';
import { formText, parseWith, redirectWithFlash, runAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { CHECKOUT_FIELD, checkoutInput, checkoutValues } from './checkout-fields';

/**
 * Places every group of the form in one transaction (POST /api/orders' service and idempotency): one
 * order → its page, several → the cabinet's orders tab, each with a flash message. A refusal comes back
 * to the form with the fields as they were posted.
 */
export async function placeOrdersFromForm(context: LoadContext, request: Request) {
  let form: FormData | undefined;
  return runAction(
    async () => {
      const user = requireUser(context);
      form = await request.formData();
      const key = parseWith(IdempotencyKeySchema, formText(form, CHECKOUT_FIELD.key));
      const input = parseWith(PlaceOrdersSchema, checkoutInput(form));
      const { body } = await context.services.orders.placeOrders(user._id, key, input);
      const [first] = body.orders;
      return body.orders.length === 1 && first
        ? redirectWithFlash(`/order/${first.slug}`, 'order-placed')
        : redirectWithFlash('/lk?active=orders', 'orders-placed');
    },
    () => (form ? { values: checkoutValues(form) } : {}),
  );
}
