/** The order page's action: cancel (once confirmed) and repeat, through the orders service. */
import { OrderSlugParamsSchema } from '@core/contracts/orders';
import { z } from '@core/contracts/z';
import type { LoadContext } from '@server/services';
import { formText, parseWith, redirectWithFlash, runAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { CONFIRMED, ORDER_FIELD, ORDER_INTENTS } from './order-actions';

const OrderIntentSchema = z.enum(ORDER_INTENTS, { error: 'Неизвестное действие с заказом' });

/**
 * A cancel must be confirmed: the dialog sends the yes with the post; a post without it (no JavaScript) is
 * answered with the question, which the page then asks in a form of its own. Done → back to the order page
 * (cancel) or to the basket (repeat), with a flash message.
 */
export async function runOrderIntent(context: LoadContext, params: unknown, request: Request) {
  return runAction(async () => {
    const user = requireUser(context);
    const number = Number(parseWith(OrderSlugParamsSchema, params).slug);
    const form = await request.formData();
    const intent = parseWith(OrderIntentSchema, formText(form, ORDER_FIELD.intent));
    const { orders } = context.services;
    if (intent === 'repeat') {
      await orders.repeatOrder(user._id, number);
      return redirectWithFlash('/basket', 'order-repeated');
    }
    if (formText(form, ORDER_FIELD.confirm) !== CONFIRMED) return { ok: true as const, confirm: intent };
    const order = await orders.cancelOrder(user._id, number);
    return redirectWithFlash(`/order/${order.slug}`, 'order-cancelled');
  });
}
