/** The order page's action: cancel (once confirmed) and repeat, through the orders service. */
import { CONFIRMED } from '@core/contracts/form-fields';
import { OrderPageFormSchema, OrderSlugParamsSchema } from '@core/contracts/orders';
import type { LoadContext } from '@server/services';
import { redirect } from 'react-router';
import { parseForm, parseWith, redirectWithFlash, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';

/**
 * A cancel must be confirmed: the dialog sends the yes with the post; a post without it (no JavaScript) is
 * answered with the question, which the page then asks in a form of its own. Done → back to the order page
 * (cancel) or to the basket (repeat), with a flash message. The post is OrderPageFormSchema's (ADR 042).
 */
export async function runOrderIntent(context: LoadContext, params: unknown, request: Request) {
  return runFormAction(
    request,
    () => ({
      user: requireUser(context),
      number: Number(parseWith(OrderSlugParamsSchema, params).slug),
    }),
    async (form, { user, number }) => {
      const input = parseForm(form, OrderPageFormSchema);
      const { orders } = context.services;
      if (input.intent === 'repeat') {
        await orders.repeatOrder(user._id, number);
        return redirectWithFlash('/basket', 'order-repeated');
      }
      if (input.intent === 'pay') {
        // The same payment again (its key is the order's): YooKassa's page, or back here once nothing is due.
        const order = await orders.getOrder(user._id, number);
        const { confirmationUrl } = await context.services.payments.startPayment(user._id, order, {
          method: order.payment === 'sbp' ? 'sbp' : 'online',
          returnUrl: new URL(`/order/${order.slug}`, request.url).href,
          email: user.email ?? null,
        });
        return redirect(confirmationUrl ?? `/order/${order.slug}`);
      }
      if (input.intent === 'answer-replacement') {
        await orders.answerReplacement(user._id, number, input.product, input.answer, context.clientIp);
        return redirectWithFlash(
          `/order/${number}`,
          input.answer === 'accept' ? 'replacement-accepted' : 'replacement-rejected',
        );
      }
      if (input.confirm !== CONFIRMED) return { ok: true as const, confirm: input.intent };
      const order = await orders.cancelOrder(user._id, number);
      return redirectWithFlash(`/order/${order.slug}`, 'order-cancelled');
    },
  );
}
