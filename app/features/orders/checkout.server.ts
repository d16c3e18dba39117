/** The checkout page's action: the form read with its contract, the orders placed by the API's service. */
import { CheckoutFormSchema } from '@core/contracts/orders';
import { isOnlinePayment } from '@core/rules/orders';
import type { LoadContext } from '@server/services';
import { redirect } from 'react-router';
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
      const { key, save_card, saved_card, ...input } = parseForm(form, CheckoutFormSchema);
      const { payments } = context.services;
      // Checked before anything is placed: a saved card of another customer, or a removed one, is a 404.
      const savedMethodId = saved_card ? await payments.savedCardProviderId(user._id, saved_card) : null;
      const { body } = await context.services.orders.placeOrders(user._id, key, input);
      const [first] = body.orders;
      // Paid online (issue 25): to YooKassa's confirmation page, which comes back to the order's page. A
      // refusal there, or the provider down, leaves the order waiting; its page offers to pay again.
      if (first && body.orders.length === 1 && isOnlinePayment(input.payment)) {
        const { confirmationUrl } = await payments
          .startPayment(user._id, first, {
            method: input.payment === 'sbp' ? 'sbp' : 'online',
            returnUrl: new URL(`/order/${first.slug}`, request.url).href,
            saveCard: save_card === 'on',
            savedMethodId,
            email: user.email ?? null,
          })
          .catch(() => ({ confirmationUrl: null }));
        if (confirmationUrl) return redirect(confirmationUrl);
      }
      return body.orders.length === 1 && first
        ? redirectWithFlash(`/order/${first.slug}`, 'order-placed')
        : redirectWithFlash('/lk?active=orders', 'orders-placed');
    },
  );
}
