/** 'Повторить заказ': an order's items back into the basket. */
import type { Basket } from '@core/contracts/basket';
import type { OrdersDeps } from './orders.deps';
import { getOrder } from './read-orders';

/** The items go back into the basket at the order's point, capped at today's stock (the basket's merge). */
export async function repeatOrder(deps: OrdersDeps, userId: string, number: number): Promise<Basket> {
  const order = await getOrder(deps, userId, number);
  return deps.basket.mergeBasket(userId, {
    [order.point._id]: order.items.map((item) => ({ product: item.product, quantity: item.quantity })),
  });
}
