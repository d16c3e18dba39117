/**
 * The signed-in customer's basket, read once per request (issue 26). The root loader renders it with the
 * shell and /basket's loader needs its points: React Router runs both for the same request (a page load, or
 * one `.data` request on a client navigation), each with its own `Request` object but the request's one load
 * context, and each used to read the basket itself. The read is kept for the context's `viewer`, an object
 * made per request (server/app.ts), so it lives as long as the request.
 */
import type { Basket } from '@core/contracts/basket';
import type { AppLoadContext } from 'react-router';

const reads = new WeakMap<AppLoadContext['viewer'], Promise<Basket>>();

/** The viewer's basket (the same promise for every loader of this request); the caller handles a failure. */
export function viewerBasket(context: AppLoadContext, userId: string): Promise<Basket> {
  let read = reads.get(context.viewer);
  if (!read) {
    read = context.services.basket.getBasket(userId);
    reads.set(context.viewer, read);
  }
  return read;
}
