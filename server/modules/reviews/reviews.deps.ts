import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../limits/rate-limit';
import type { CatalogService } from '../catalog/catalog.service';
import type { IdentityService } from '../identity/identity.service';
import type { OrdersService } from '../orders/orders.service';
import type { SupportService } from '../support/support.service';

/**
 * What the reviews' use cases need (ADR 045). Other modules through their services (ADR 025): the shop and
 * product names and the rating seam of the catalogue, the verified purchase of orders, the authors' names of
 * identity, and who is an operator of which shops (support).
 */
export type ReviewsDeps = {
  db: Db;
  clock: Clock;
  catalog: Pick<CatalogService, 'getStore' | 'listStores' | 'listProductsByIds' | 'writeRating'>;
  orders: Pick<OrdersService, 'hasCompletedOrder'>;
  customers: Pick<IdentityService, 'listNames'>;
  operators: Pick<SupportService, 'storesOf'>;
  rates: RateLimiter;
};

export const REVIEW_NOT_FOUND = 'Отзыв не найден';
export const NOT_A_BUYER = 'Оставить отзыв можно после выполненного заказа в этом магазине';
export const NOT_A_PRODUCT_BUYER = 'Оставить отзыв о товаре можно после выполненного заказа с ним';

export const nowOf = (deps: Pick<ReviewsDeps, 'clock'>): Date => new Date(deps.clock.now());
