/**
 * Rows for service tests (tests/setup/services.ts), each with the numbers the test states its rule with: a
 * shop with its minimum order and delivery fee, its points (pickup, or delivering to a zone, with hours),
 * products with a price and a discount, a point's stock. Tests insert only what their rule needs, into a
 * migrated database that holds nothing else, so no demo data decides an outcome.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../server/db/client';
import {
  cities,
  deliveryZones,
  points,
  pointZones,
  products,
  stock,
  stores,
  userAddresses,
  users,
  type WeeklySchedule,
} from '../../server/db/schema/index';
import { phoneSequence } from './identity';

let serial = 0;
const next = () => {
  serial += 1;
  return `${serial}-${randomUUID().slice(0, 8)}`;
};

/** Every day 09:00–21:00. */
export const DAILY_HOURS: WeeklySchedule = Object.fromEntries(
  (['1', '2', '3', '4', '5', '6', '7'] as const).map((day) => [day, { open: '09:00', close: '21:00' }]),
);

export type CityRow = typeof cities.$inferSelect;
export type ZoneRow = typeof deliveryZones.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type PointRow = typeof points.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function createCity(db: Executor): Promise<CityRow> {
  const [city] = await db
    .insert(cities)
    .values({ slug: `city-${next()}`, name: 'Новосибирск', centerLatitude: 55.03, centerLongitude: 82.92 })
    .returning();
  if (!city) throw new Error('no city inserted');
  return city;
}

export async function createZone(db: Executor, city: CityRow): Promise<ZoneRow> {
  const [zone] = await db
    .insert(deliveryZones)
    .values({
      cityId: city.id,
      name: 'Центр',
      color: '#00aa00',
      polygon: [
        [
          [82.8, 55.0],
          [83.0, 55.0],
          [83.0, 55.1],
          [82.8, 55.1],
          [82.8, 55.0],
        ],
      ],
    })
    .returning();
  if (!zone) throw new Error('no zone inserted');
  return zone;
}

export async function createStore(
  db: Executor,
  values: {
    minOrderKopecks?: number;
    deliveryFeeKopecks?: number;
    freeDeliveryFromKopecks?: number | null;
  } = {},
): Promise<StoreRow> {
  const id = next();
  const [store] = await db
    .insert(stores)
    .values({ slug: `shop-${id}`, name: `Лавка ${id}`, kind: 'grocery', ...values })
    .returning();
  if (!store) throw new Error('no store inserted');
  return store;
}

export async function createPoint(
  db: Executor,
  store: StoreRow,
  city: CityRow,
  {
    isPickup = true,
    schedule = DAILY_HOURS,
    zones = [],
  }: { isPickup?: boolean; schedule?: WeeklySchedule; zones?: readonly ZoneRow[] } = {},
): Promise<PointRow> {
  const id = next();
  const [point] = await db
    .insert(points)
    .values({
      storeId: store.id,
      cityId: city.id,
      slug: `point-${id}`,
      name: `Точка ${id}`,
      address: 'ул. Ленина, 1',
      latitude: 55.03,
      longitude: 82.92,
      isPickup,
      schedule,
    })
    .returning();
  if (!point) throw new Error('no point inserted');
  if (zones.length > 0) {
    await db.insert(pointZones).values(zones.map((zone) => ({ pointId: point.id, zoneId: zone.id })));
  }
  return point;
}

export async function createProduct(
  db: Executor,
  store: StoreRow,
  {
    priceKopecks = 10_000,
    discountPercent = 0,
    name,
  }: { priceKopecks?: number; discountPercent?: number; name?: string } = {},
): Promise<ProductRow> {
  const id = next();
  const [product] = await db
    .insert(products)
    .values({
      slug: `product-${id}`,
      name: name ?? `Товар ${id}`,
      storeId: store.id,
      priceKopecks,
      discountPercent,
      weightGrams: 500,
      images: [`/uploads/${id}.webp`],
    })
    .returning();
  if (!product) throw new Error('no product inserted');
  return product;
}

/** A point's stock of a product (and its own price, when it has one); replaces what was there. */
export async function setStock(
  db: Executor,
  point: Pick<PointRow, 'id'>,
  product: Pick<ProductRow, 'id'>,
  count: number,
  priceKopecks: number | null = null,
): Promise<void> {
  await db
    .insert(stock)
    .values({ pointId: point.id, productId: product.id, count, priceKopecks })
    .onConflictDoUpdate({ target: [stock.pointId, stock.productId], set: { count, priceKopecks } });
}

export async function stockCount(
  db: Executor,
  point: Pick<PointRow, 'id'>,
  product: Pick<ProductRow, 'id'>,
): Promise<number | undefined> {
  const [row] = await db
    .select({ count: stock.count })
    .from(stock)
    .where(and(eq(stock.pointId, point.id), eq(stock.productId, product.id)));
  return row?.count;
}

const nextPhoneDigits = phoneSequence('7913');

/** A phone number no other test of this process uses: +7 913 PPP NNNN (P: the process). */
export function newPhone(): string {
  return `+${nextPhoneDigits()}`;
}

/** A customer account as a first login leaves it (no session: services take the user id). */
export async function createCustomer(db: Executor, name = 'Анна'): Promise<UserRow> {
  const [user] = await db.insert(users).values({ phone: newPhone(), name }).returning();
  if (!user) throw new Error('no user inserted');
  return user;
}

/** A saved delivery address of a customer in a zone. */
export async function createAddress(
  db: Executor,
  userId: string,
  city: CityRow,
  zone: ZoneRow,
): Promise<{ id: string; address: string; shortAddress: string }> {
  const [address] = await db
    .insert(userAddresses)
    .values({
      userId,
      address: 'Новосибирск, Красный проспект, 10',
      shortAddress: 'Красный проспект, 10',
      cityId: city.id,
      zoneId: zone.id,
      longitude: 82.92,
      latitude: 55.03,
    })
    .returning({
      id: userAddresses.id,
      address: userAddresses.address,
      shortAddress: userAddresses.shortAddress,
    });
  if (!address) throw new Error('no address inserted');
  return address;
}
