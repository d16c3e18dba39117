/**
 * Web push to a customer's browsers (ADR 037): in the background, so a slow or dead push service never holds
 * up the request that caused it, and only while the customer has no socket open anywhere (then the toast
 * tells them). Each outcome keeps, drops or counts a failure against the subscription.
 */
import type { PushPayload } from '@core/contracts/notifications';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import {
  clearPushFailures,
  countPushFailure,
  deletePushSubscription,
  listPushSubscriptions,
  type PushSubscriptionRow,
} from './notifications.repository';
import type { PushOutcome, PushSender } from './push';

/** Failed pushes in a row (refused, or no answer in time) after which a subscription is dropped. */
export const PUSH_FAILURES_MAX = 5;

export type PushDeliveryDeps = {
  db: Db;
  realtime: Realtime;
  /** Web push; absent, nothing is pushed (a tool without keys). */
  push?: PushSender;
  log?: { warn(details: object, message: string): void };
};

export function createPushDelivery(deps: PushDeliveryDeps) {
  /** Pushes still being sent (they never hold up the request that caused them). */
  const sending = new Set<Promise<void>>();

  /** What a push's outcome does to its subscription: kept, dropped, or one failure nearer to being dropped. */
  async function record(target: PushSubscriptionRow, outcome: PushOutcome): Promise<void> {
    if (outcome === 'sent') {
      if (target.failures > 0) await clearPushFailures(deps.db, target.userId, target.endpoint);
    } else if (outcome === 'gone' || outcome === 'refused') {
      await deletePushSubscription(deps.db, target.userId, target.endpoint);
    } else if (outcome === 'failed') {
      if ((await countPushFailure(deps.db, target.userId, target.endpoint)) >= PUSH_FAILURES_MAX) {
        await deletePushSubscription(deps.db, target.userId, target.endpoint);
      }
    }
  }

  /** To every browser of the customer at once: a slow or dead one costs the others nothing. */
  async function pushTo(userId: string, payload: PushPayload): Promise<void> {
    const push = deps.push;
    if (!push) return;
    const targets = await listPushSubscriptions(deps.db, userId);
    await Promise.all(targets.map(async (target) => record(target, await push.send(target, payload))));
  }

  /**
   * Pushes in the background, unless the customer has a socket open (then the toast tells them). `isOnline`,
   * when the caller asked already, saves asking again (null: unknown, no push).
   */
  function pushIfAway(userId: string, payload: PushPayload, isOnline?: Promise<boolean | null>): void {
    if (!deps.push) return;
    const work = (async () => {
      if ((await (isOnline ?? deps.realtime.presence.isOnline(userId))) !== false) return;
      await pushTo(userId, payload);
    })()
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'web push failed'))
      .finally(() => sending.delete(work));
    sending.add(work);
  }

  return {
    pushIfAway,
    /** Resolves when the pushes under way are sent (tests, a CLI before it exits, the app closing). */
    async whenIdle(): Promise<void> {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
  };
}
