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

  /** What a push's outcome does to its subscription: kept (true), dropped, or one failure nearer to that. */
  async function record(target: PushSubscriptionRow, outcome: PushOutcome): Promise<boolean> {
    if (outcome === 'sent') {
      if (target.failures > 0) await clearPushFailures(deps.db, target.userId, target.endpoint);
    } else if (outcome === 'gone' || outcome === 'refused') {
      await deletePushSubscription(deps.db, target.userId, target.endpoint);
      return false;
    } else if (outcome === 'failed') {
      if ((await countPushFailure(deps.db, target.userId, target.endpoint)) >= PUSH_FAILURES_MAX) {
        await deletePushSubscription(deps.db, target.userId, target.endpoint);
        return false;
      }
    }
    return true;
  }

  /**
   * Each payload in turn to every browser of the customer at once (a slow or dead one costs the others
   * nothing); a subscription dropped by one payload's outcome gets no more.
   */
  async function sendAll(targets: readonly PushSubscriptionRow[], payloads: readonly PushPayload[]) {
    const push = deps.push;
    if (!push) return;
    let live = targets;
    for (const payload of payloads) {
      const kept = await Promise.all(
        live.map(async (target) => record(target, await push.send(target, payload))),
      );
      live = live.filter((_, index) => kept[index]);
    }
  }

  /** Runs a push in the background: it never holds up the request that caused it, and a failure is logged. */
  function inBackground(send: () => Promise<void>): void {
    const work = send()
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'web push failed'))
      .finally(() => sending.delete(work));
    sending.add(work);
  }

  /** Pushes unless the customer has a socket open anywhere (then the toast tells them). */
  function pushIfAway(userId: string, payload: PushPayload): void {
    if (!deps.push) return;
    inBackground(async () => {
      if (await deps.realtime.presence.isOnline(userId)) return;
      await sendAll(await listPushSubscriptions(deps.db, userId), [payload]);
    });
  }

  /** Pushes to subscriptions the caller has read already, for a customer it knows to be away. */
  function pushTo(targets: readonly PushSubscriptionRow[], payloads: readonly PushPayload[]): void {
    if (!deps.push || targets.length === 0 || payloads.length === 0) return;
    inBackground(() => sendAll(targets, payloads));
  }

  return {
    pushIfAway,
    pushTo,
    /** Resolves when the pushes under way are sent (tests, a CLI before it exits, the app closing). */
    async whenIdle(): Promise<void> {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
  };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
