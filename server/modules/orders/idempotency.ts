/**
 * POST /api/orders with an Idempotency-Key (ADR 013, ADR 023): the first request with a key places the
 * orders and its answer is kept; the same key and body later gets that answer again, another body 422, and
 * a request while the first is still running 409.
 */
import { createHash } from 'node:crypto';
import { type PlacedOrders, PlacedOrdersSchema, type PlaceOrders } from '@core/contracts/orders';
import { AppError } from '../../errors';
import { nowOf, type OrdersDeps } from './orders.deps';
import {
  deleteExpiredKeys,
  findKey,
  insertKey,
  type KeyClaim,
  releaseKey,
  takeOverKey,
} from './orders.repository';
import { CHECKOUT_IN_PROGRESS, placeOrders } from './place-orders';
import { getPlacedOrders } from './read-orders';

export { CHECKOUT_IN_PROGRESS };
/**
 * A checkout still 'in progress' after this long died with its process (its transaction rolled back, so
 * nothing was placed): a retry with the same key takes it over. Far above any real checkout's time.
 */
export const IN_PROGRESS_KEY_TTL_MS = 2 * 60_000;
/** How long a finished checkout's answer is replayed for its key; housekeeping deletes older keys. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** A checkout's answer as it was first given, and is given again for a repeated request with the same key. */
export type StoredResponse = { status: number; body: PlacedOrders };

/** A stable fingerprint of a checkout request: the same key must come with the same body. */
export function requestFingerprint(input: PlaceOrders): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** The orders a finished key placed: its answer is today's state of those orders. */
async function replay(deps: OrdersDeps, body: unknown): Promise<StoredResponse> {
  // A key finished before the answer was kept as order ids holds the whole answer.
  const whole = PlacedOrdersSchema.safeParse(body);
  if (whole.success) return { status: 200, body: whole.data };
  const orderIds =
    typeof body === 'object' && body !== null && 'orderIds' in body && Array.isArray(body.orderIds)
      ? body.orderIds.filter((id): id is string => typeof id === 'string')
      : [];
  return { status: 200, body: { success: true as const, orders: await getPlacedOrders(deps, orderIds) } };
}

/**
 * Claims the key for this request. Answers the stored response when the key already has one, and nothing
 * when this request is to place the orders.
 */
async function claimKey(
  deps: OrdersDeps,
  claim: KeyClaim,
  fingerprint: string,
): Promise<StoredResponse | null> {
  if (await insertKey(deps.db, claim, fingerprint)) return null;
  const existing = await findKey(deps.db, claim.userId, claim.key);
  if (!existing) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
  const isStale =
    existing.responseStatus === null &&
    existing.createdAt.getTime() <= claim.claimedAt.getTime() - IN_PROGRESS_KEY_TTL_MS;
  if (isStale) {
    // Its request died mid-checkout and placed nothing: this retry takes the key over (one retry wins).
    const stale = { ...claim, claimedAt: existing.createdAt };
    if (!(await takeOverKey(deps.db, stale, claim.claimedAt, fingerprint))) {
      throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
    }
    return null;
  }
  if (existing.requestHash !== fingerprint) {
    throw new AppError('unprocessable', 'Этот ключ повтора уже использован для другого заказа');
  }
  if (existing.responseStatus === null) throw new AppError('conflict', CHECKOUT_IN_PROGRESS);
  return replay(deps, existing.responseBody);
}

/** The checkout under an idempotency key: places the orders once however often the request comes. */
export async function placeOrdersOnce(
  deps: OrdersDeps,
  userId: string,
  key: string,
  input: PlaceOrders,
): Promise<StoredResponse> {
  const claim: KeyClaim = { userId, key, claimedAt: nowOf(deps) };
  const stored = await claimKey(deps, claim, requestFingerprint(input));
  if (stored) return stored;
  try {
    // The key is finished in the checkout's own transaction (by its last order's statement): it is finished
    // exactly when the orders exist, so a key left 'in progress' by a crash never hides placed orders.
    const placed = await placeOrders(deps, userId, input, claim);
    return { status: 200, body: { success: true as const, orders: placed } };
  } catch (error) {
    // A failed checkout leaves nothing behind: the same key may try again (after the basket is fixed).
    await releaseKey(deps.db, claim);
    throw error;
  }
}

/** Housekeeping: keys older than a day, and keys of checkouts that died in progress. */
export async function purgeExpiredKeys(deps: OrdersDeps): Promise<void> {
  const now = deps.clock.now();
  await deleteExpiredKeys(deps.db, {
    finishedBefore: new Date(now - IDEMPOTENCY_KEY_TTL_MS),
    abandonedBefore: new Date(now - IN_PROGRESS_KEY_TTL_MS),
  });
}
