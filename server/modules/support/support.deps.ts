import type { FileRef } from '@core/contracts/identity';
import type {
  Assembly,
  BoardOrder,
  CustomerOrderLink,
  MovedOrder,
  SubstitutedOrder,
  SubstituteLine,
  WeighedOrder,
  WeighLine,
} from '@core/contracts/support';
import type { OrderStatus } from '@core/rules/orders';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../limits/rate-limit';
import type { Realtime } from '../../realtime/realtime';
import type { IdentityService } from '../identity/identity.service';
import type { NotificationsService } from '../notifications/notifications.service';

/**
 * What the support chat's and the console's use cases need. Other modules are reached only through their
 * services (ADR 025); each use case asks only for what it uses (`Pick<SupportDeps, …>`, ADR 026, 041).
 */
export type SupportDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  notifications: Pick<NotificationsService, 'create' | 'markChatRead'>;
  /** The files module: an attachment must be one of the sender's uploads. */
  files: { findOwnImage(userId: string, fileId: string): Promise<FileRef | undefined> };
  /** The orders module's service: the order asked about, the operator's board and moves. */
  orders: {
    /** Whether the customer has this order of these shops (null: any shop). */
    hasCustomerOrder(userId: string, number: number, storeIds: readonly string[] | null): Promise<boolean>;
    listOrderLinks(userId: string, storeIds: readonly string[] | null): Promise<CustomerOrderLink[]>;
    listBoard(storeIds: readonly string[] | null): Promise<BoardOrder[]>;
    /** The shops a customer has ordered from, and the customers of some shops: an operator's reach (ADR 034). */
    listCustomerStores(userId: string): Promise<string[]>;
    listStoreCustomers(storeIds: readonly string[]): Promise<string[]>;
    moveOrder(
      number: number,
      to: OrderStatus,
      scope: { storeIds: readonly string[] | null },
    ): Promise<MovedOrder>;
    /** The picker's weight of a weighed line (ADR 054). */
    weighLine(
      number: number,
      input: WeighLine,
      scope: { storeIds: readonly string[] | null },
    ): Promise<WeighedOrder>;
    /** The picker's substitution of a line, and the lines to assemble (ADR 055). */
    substituteLine(
      number: number,
      input: SubstituteLine,
      scope: { storeIds: readonly string[] | null },
    ): Promise<SubstitutedOrder>;
    getAssembly(number: number, scope: { storeIds: readonly string[] | null }): Promise<Assembly>;
  };
  /**
   * The catalogue module's service: shops' times to answer a replacement (null: every shop's), and setting
   * one (whether the shop exists; 400 outside the bounds).
   */
  stores: {
    list(storeIds: readonly string[] | null): Promise<{ id: string; name: string; minutes: number }[]>;
    set(storeId: string, minutes: number): Promise<boolean>;
  };
  /** The identity module: customers' names for the operator's list, in one query. */
  customers: Pick<IdentityService, 'listNames'>;
  /** Rates per customer and per address (server/limits/rate-limit.ts, ADR 037). */
  rates: RateLimiter;
  /** A customer's messages a minute (CHAT_MESSAGES_PER_MINUTE; their address 3 times as many); 0: no rates. */
  chatMessagesPerMinute: number;
  /** What failed after a message was stored (its announcement): logged, the message stands. */
  log?: { warn(details: object, message: string): void };
};

export const OPERATORS_ONLY = 'Раздел доступен только операторам поддержки';
export const CONVERSATION_NOT_FOUND = 'Диалог не найден';

export const nowOf = (deps: Pick<SupportDeps, 'clock'>): Date => new Date(deps.clock.now());

/**
 * Work after a message is stored: telling sockets and operators. It may fail (the bus's Redis away) without
 * undoing the message: the post is answered 2xx, and every side sees it at its next catch-up or load.
 */
export async function afterStore(
  deps: Pick<SupportDeps, 'log'>,
  what: string,
  work: () => Promise<unknown>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    deps.log?.warn({ err: error }, `chat: ${what} failed after the message was stored`);
  }
}
