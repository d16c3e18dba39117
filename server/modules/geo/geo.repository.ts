import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, deliveryZones, points, userAddresses, users } from '../../db/schema/index';

export async function findCityZones(db: Db, cityId: string) {
  return db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.cityId, cityId))
    .orderBy(asc(deliveryZones.sort));
}

export async function findCities(db: Db) {
  return db.select().from(cities).orderBy(asc(cities.sort));
}

/** The points' addresses: the offline geocoder's known addresses. */
export async function findKnownAddresses(db: Db) {
  return db
    .select({
      longitude: points.longitude,
      latitude: points.latitude,
      address: points.address,
      cityName: cities.name,
    })
    .from(points)
    .innerJoin(cities, eq(cities.id, points.cityId));
}

export type AddressRow = typeof userAddresses.$inferSelect;

export async function findAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt));
}

/** Serialises a customer's address changes (the cap on saved addresses is checked under it). */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function findAddress(db: Db, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, id)));
  return row;
}

/** Moves a saved address to another point (the popup's edit mode); undefined when it is not the user's. */
export async function updateAddressRow(
  db: Db,
  userId: string,
  id: string,
  values: Pick<AddressRow, 'address' | 'shortAddress' | 'cityId' | 'zoneId' | 'longitude' | 'latitude'>,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(userAddresses)
    .set(values)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, id)))
    .returning();
  return row;
}

export { userAddresses, users };
