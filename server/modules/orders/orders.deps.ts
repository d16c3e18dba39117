import type { OrderStatus } from '@core/rules/orders';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../limits/rate-limit';
import type { BasketService } from '../basket/basket.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { GeoService } from '../geo/geo.service';
import type { NotificationsService } from '../notifications/notifications.service';

/**
 * What the orders' use cases need. Other modules are reached only through their services (ADR 025): the
 * basket's lines and lock, the catalogue's points and stock, the customer's saved addresses, notifications.
 * The ones that join a checkout's or a cancellation's transaction take it as their first argument.
 */
export type OrdersDeps = {
  db: Db;
  clock: Clock;
  basket: Pick<BasketService, 'lockLines' | 'removePointLines' | 'mergeBasket'>;
  /** Points and stock; 'similar' products for a missing line's replacement (ADR 055). */
  catalog: Pick<CatalogService, 'listCheckoutPoints' | 'listPoints' | 'stock' | 'listSimilar'>;
  /** The customer's saved delivery addresses (the geo module). */
  addresses: Pick<GeoService, 'listAddresses'>;
  /** The customer's and the address's rates of answering a replacement (settle-replacements.ts). */
  rates: Pick<RateLimiter, 'take'>;
  /** Stores a status change's notification in its transaction, and sends it after the commit. */
  notifications: Pick<NotificationsService, 'add' | 'announceOrders'>;
  /**
   * Told of every status an order reaches, inside the transaction that changed it (the payments module's
   * bonus ledger: issue 25). `itemsKopecks` is known for the operator's moves and cancellations.
   */
  onStatus?: (
    tx: Executor,
    order: {
      id: string;
      number: number;
      userId: string;
      itemsKopecks?: number;
      storeId?: string;
      promoKopecks?: number;
      bonusKopecks?: number;
    },
    status: OrderStatus,
  ) => Promise<void>;
  /** How far a weighed order may exceed its estimate, percent (ADR 054; DEFAULT_WEIGHT_TOLERANCE_PERCENT). */
  weightTolerancePercent?: number | undefined;
  /** Told how many orders each checkout placed, after its commit (GET /metrics, docs/decisions/048). */
  countPlaced?: ((count: number) => void) | undefined;
  /**
   * The checkout's discounts (the payments module: promo codes and bonus points, issue 25), in its transaction
   * once the orders exist: answers what each order takes off its goods, in the orders' order. It may throw (a
   * refused promo code) to undo the checkout.
   */
  discounts?: (
    tx: Executor,
    userId: string,
    orders: readonly PlacedForDiscounts[],
    request: { bonusKopecks: number; promo: string | null },
  ) => Promise<OrderDiscount[]>;
};

/** A just-placed order as the discounts see it (kopecks). */
export type PlacedForDiscounts = { id: string; number: number; storeId: string; goods: number };
export type OrderDiscount = { promoKopecks: number; promoCode: string | null; bonusKopecks: number };

export const nowOf = (deps: Pick<OrdersDeps, 'clock'>): Date => new Date(deps.clock.now());
