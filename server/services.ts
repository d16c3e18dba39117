import type { User } from '@core/contracts/identity';
import type { DeliveryArea } from '@core/rules/delivery-area';
import type { DbHandle } from './db/client';
import type { PageSession } from './http/auth';
import type { VisitorPlace } from './http/visitor-place';
import { type Clock, systemClock } from './lib/clock';
import type { WorkQueue } from './lib/work-queue';
import type { LimitStore } from './limits/limit-store';
import { createRateLimiter } from './limits/rate-limit';
import { createBasketService } from './modules/basket/basket.service';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createContentService } from './modules/content/content.service';
import { createFavouritesService } from './modules/favourites/favourites.service';
import { createFeedbackService, type SupportMailer } from './modules/feedback/feedback.service';
import { createFilesService } from './modules/files/files.service';
import { createGeoService } from './modules/geo/geo.service';
import type { Geocoder, KnownAddress } from './modules/geo/geocoder';
import { createIdentityService, type IdentityDeps } from './modules/identity/identity.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import type { PushSender } from './modules/notifications/push';
import { createOrdersService } from './modules/orders/orders.service';
import { createPaymentsService, type OnlinePayments } from './modules/payments/payments.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createSearchService } from './modules/search/search.service';
import { createSupportService } from './modules/support/support.service';
import type { Realtime } from './realtime/realtime';
import type { SmsSender } from './sms/sms';
import type { FileStorage } from './storage/storage';

export type ServicesOptions = {
  dbHandle: DbHandle;
  /** How long rarely-changing content (settings, pages) is served from memory. */
  contentCacheTtlMs: number;
  /** How far a weighed order may exceed its estimate, percent (ADR 054; 10 when not said). */
  weightTolerancePercent?: number;
  onCacheError?: (error: unknown) => void;
  clock?: Clock;
  /** Login by SMS code, sessions, uploads (issue 4). */
  identity: {
    sms: SmsSender;
    /** Redis's counters; without, identity keeps them in its own table. */
    limits?: LimitStore | undefined;
    storage: FileStorage;
    /** Key of the SMS code HMAC. */
    codeSecret: string;
    log?: IdentityDeps['log'];
  };
  /** Where image decoding and encoding wait their turn, a few at a time per process (docs/decisions/022). */
  imageQueue: WorkQueue;
  /** The configured reverse geocoder, given the shipped known addresses (server/modules/geo/geocoder.ts). */
  geocoder: (loadKnown: () => Promise<readonly KnownAddress[]>) => Geocoder;
  /** Sockets on every process (the bus) and presence (docs/decisions/027). */
  realtime: Realtime;
  /** Web push with this deployment's VAPID keys; absent: nothing is pushed. */
  push?: PushSender;
  /** A customer's chat messages a minute (CHAT_MESSAGES_PER_MINUTE; 0: no chat rates). */
  chatMessagesPerMinute: number;
  /** YooKassa (YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY); absent: online payment is off (issue 25). */
  onlinePayments?: OnlinePayments | null | undefined;
  /** Counts the orders each checkout placed (GET /metrics); absent: not counted. */
  countOrdersPlaced?: ((count: number) => void) | undefined;
  /** The support team's mailbox for questions and applications (SUPPORT_EMAIL over SMTP); absent: none. */
  supportMailer?: SupportMailer | undefined;
  log?: { warn(details: object, message: string): void };
};

/** The typo corrector's dictionary (words of product names) is rebuilt this often. */
const SEARCH_VOCABULARY_TTL_MS = 10 * 60 * 1000;

/**
 * The use cases, bound to this process's dependencies: API routes and React Router loaders (through the load
 * context) call the same objects, so a page never calls its own server over HTTP.
 */
export function createServices({
  dbHandle,
  contentCacheTtlMs,
  weightTolerancePercent,
  onCacheError,
  clock = systemClock,
  identity,
  imageQueue,
  geocoder,
  realtime,
  push,
  chatMessagesPerMinute,
  countOrdersPlaced,
  onlinePayments,
  supportMailer,
  log,
}: ServicesOptions) {
  const deps = { db: dbHandle.db };
  // Rates per customer and per address of the other ways in (chat, push subscriptions: ADR 037) count in the
  // login limits' store (Redis, or identity's table), reached through identity once it exists.
  const rates = createRateLimiter({ takeEach: (slots) => users.limitStore.takeEach(slots) }, clock);
  const catalog = createCatalogService({ ...deps, clock }, { cacheTtlMs: contentCacheTtlMs, onCacheError });
  const basket = createBasketService({ ...deps, catalog, rates });
  const files = createFilesService({ ...deps, clock, storage: identity.storage, imageQueue });
  // Orders store and announce their notifications.
  const notifications = createNotificationsService({ ...deps, clock, realtime, push, rates, log });
  // Identity and geo need each other: a guest's address is saved to the account at login (identity → geo),
  // and User.house follows the default address (geo → identity). Identity reaches geo when it is called.
  const users = createIdentityService({
    ...deps,
    clock,
    ...identity,
    addresses: { saveAddress: (userId, input) => geo.saveAddress(userId, input) },
    files,
  });
  const geo = createGeoService({ ...deps, catalog, users, now: () => clock.now() }, geocoder);
  const content = createContentService(
    { ...deps, catalog, geo, basket, rates },
    { cacheTtlMs: contentCacheTtlMs, onCacheError },
  );
  // The bonus ledger follows the orders' status changes in their transactions (issue 25).
  const payments = createPaymentsService({
    ...deps,
    clock,
    online: onlinePayments ?? null,
    orders: { applyPayment: (tx, orderId, outcome) => orders.applyPayment(tx, orderId, outcome) },
    rates,
    log,
  });
  const orders = createOrdersService({
    ...deps,
    clock,
    basket,
    catalog,
    addresses: geo,
    notifications,
    rates,
    onStatus: (tx, order, status) => payments.onOrderStatus(tx, order, status),
    discounts: (tx, userId, placed, request) => payments.applyCheckoutDiscounts(tx, userId, placed, request),
    countPlaced: countOrdersPlaced,
    weightTolerancePercent,
  });
  const support = createSupportService({
    ...deps,
    clock,
    realtime,
    notifications,
    files,
    orders,
    stores: catalog.replacementTimes,
    rates,
    chatMessagesPerMinute,
    ...(log ? { log } : {}),
    customers: users,
  });
  const reviews = createReviewsService({
    ...deps,
    clock,
    catalog,
    orders,
    customers: users,
    operators: support,
    rates,
  });
  return {
    content,
    catalog,
    search: createSearchService({ catalog }, { vocabularyTtlMs: SEARCH_VOCABULARY_TTL_MS }),
    identity: users,
    geo,
    files,
    basket,
    orders,
    favourites: createFavouritesService({ ...deps, catalog, content, basket }),
    notifications,
    support,
    reviews,
    payments,
    feedback: createFeedbackService({ ...deps, clock, rates, content, support, mailer: supportMailer, log }),
    realtime,
  };
}

export type Services = ReturnType<typeof createServices>;

/** What every loader and action receives as `context`. */
export type LoadContext = {
  services: Services;
  /** Absolute origin of the public site, e.g. https://fresh.example (for canonical links and sitemaps). */
  publicBaseUrl: string;
  /** The external seller site (SPEC §2: 'Стать продавцом', 'Для юр. лиц'). */
  sellerSiteUrl: string;
  /** Who asked for this page: built per request (server/app.ts), null for a guest. */
  viewer: { user: User | null };
  /** Map tile URL template for the address and pickup maps (MAP_TILE_URL). */
  mapTileUrl: string;
  /** The delivery area of the request's cookie: its zone's or pickup point's assortment is shown. */
  area: DeliveryArea | undefined;
  /**
   * Without an area, where the visitor is: the city they chose, and their IP's place when the proxy says
   * (ADR 038); `app/lib/location.server.ts` turns it into their city. Absent: neither is known.
   */
  visitorPlace?: VisitorPlace;
  /** This response's CSP nonce, for the scripts React Router renders (app/entry.server.tsx). */
  cspNonce: string;
  /** This request's id (X-Request-Id, pino's reqId): the error page shows it as 'Код ошибки' (ADR 048). */
  requestId?: string;
  /** The client's address as the API's login limits count it (`request.ip`: TRUST_PROXY applied). */
  clientIp: string;
  /** The request's session token, and the cookies a page action starts or ends a session with. */
  session: PageSession;
  /** The request's logger (pino): loaders, actions and server rendering log through it. */
  log: PageLog;
};

/** What pages log with: the request's pino logger in the server, a silent or recording one in tests. */
export type PageLog = {
  error: (details: Record<string, unknown>, message: string) => void;
  warn: (details: Record<string, unknown>, message: string) => void;
};
