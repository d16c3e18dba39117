/**
 * Issue 11 item 11: the header's 'Заказы' and 'Кабинет' badges are the customer's active orders and unread
 * notifications, rendered by the server with the page; guests get none (SPEC §9's hard-coded values were
 * placeholders of the original).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/index';
import { createTestApp, type TestApp } from '../setup/app';
import { TEST_DATABASE_KINDS } from '../setup/database';
import { placePickupOrders } from '../setup/orders';
import { loadServerBuild } from '../setup/server-build';
import { cookieHeader, createShopperStates, type ShopperState } from '../setup/shopper-states';

const ORDERS_TEXT = /, активных: ([0-9+]+)</;
const CABINET_TEXT = /, непрочитанных уведомлений: ([0-9+]+)</;
/** The desktop link's hidden text ('Избранное, 3'); the phone bar's icon link says it in its aria-label. */
const FAVOURITES_TEXT = />Избранное, ([0-9+]+)</;

describe.each(TEST_DATABASE_KINDS)('header badges on %s', (kind) => {
  let t: TestApp;
  let guest: ShopperState;
  let customer: ShopperState;

  beforeAll(async () => {
    const build = await loadServerBuild();
    t = await createTestApp(kind, {
      reactRouter: { build, mode: 'production' },
      env: { PAGE_CACHE_TTL_MS: '0' },
    });
    const states = await createShopperStates(t, '+7 (900) 778-00-01');
    [guest, customer] = [states[1], states[3]] as [ShopperState, ShopperState];
  });

  afterAll(async () => {
    await t?.close();
  });

  async function badges(state: ShopperState) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: cookieHeader(state) },
    });
    expect(response.statusCode).toBe(200);
    return {
      orders: ORDERS_TEXT.exec(response.body)?.[1] ?? null,
      cabinet: CABINET_TEXT.exec(response.body)?.[1] ?? null,
      favourites: FAVOURITES_TEXT.exec(response.body)?.[1] ?? null,
      html: response.body,
    };
  }

  it('shows a guest no badges, and none to a customer with nothing to count', async () => {
    const shown = await badges(guest);
    expect(shown).toMatchObject({ orders: null, cabinet: null, favourites: null });
    expect(await badges(customer)).toMatchObject({ orders: null, cabinet: null, favourites: null });
  });

  it('counts active orders (not done or cancelled) and unread notifications', async () => {
    const userId = customer.customer?.user._id ?? '';
    const placed = await placePickupOrders(t, customer, 3);
    // Each order tells the customer it was placed: three unread notifications.
    expect(await badges(customer)).toMatchObject({ orders: '3', cabinet: '3' });
    const [first, second] = placed;
    await t.app.services.orders.moveOrder(first?.number ?? 0, 'cancelled');
    for (const status of ['confirmed', 'assembling', 'ready', 'done'] as const) {
      await t.app.services.orders.moveOrder(second?.number ?? 0, status);
    }
    // One order left active; the cancellation and four status changes are five more notifications.
    expect(await badges(customer)).toMatchObject({ orders: '1', cabinet: '8' });
    await t.db.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId));
    expect(await badges(customer)).toMatchObject({ orders: '1', cabinet: null });
  });

  it('caps a badge at 9 and shows 9+', async () => {
    const userId = customer.customer?.user._id ?? '';
    await t.db.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, index) => ({
        userId,
        type: 'message' as const,
        title: `Новость ${index}`,
        content: 'Текст',
      })),
    );
    const shown = await badges(customer);
    expect(shown.cabinet).toBe('9+');
    expect(shown.html).toMatch(/aria-hidden="true"[^>]*>9\+<\/span>/);
  });

  it('counts favourites of every type (SPEC §4), sets not among them, and caps at 9+', async () => {
    const userId = customer.customer?.user._id ?? '';
    const { favourites, catalog } = t.app.services;
    const stores = await catalog.listStores();
    const [store] = stores;
    if (!store) throw new Error('the seed has no shops');
    await favourites.toggleFavourite(userId, { type: 'store', id: store._id });
    const set = await favourites.createSet(userId, 'Неделя');
    const products = await catalog.listShelf({ order: 'popular', limit: 12 });
    await favourites.addToSet(userId, set._id, { product: products[0]?._id ?? '' });
    expect(await badges(customer)).toMatchObject({ favourites: '1' });
    for (const product of products.slice(0, 8)) {
      await favourites.toggleFavourite(userId, { type: 'product', id: product._id });
    }
    expect(await badges(customer)).toMatchObject({ favourites: '9' });
    await favourites.toggleFavourite(userId, { type: 'product', id: products[8]?._id ?? '' });
    const shown = await badges(customer);
    expect(shown.favourites).toBe('9+');
    expect(shown.html).toContain('aria-label="Избранное, 9+"');
  });
});
