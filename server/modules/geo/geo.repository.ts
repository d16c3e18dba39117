/** The geo module's queries: cities, delivery zones and saved addresses (its own tables only). */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cities, deliveryZones, userAddresses } from '../../db/schema/index';

export async function findCityZones(db: Executor, cityId: string) {
  return db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.cityId, cityId))
    .orderBy(asc(deliveryZones.sort));
}

export async function findCities(db: Executor) {
  return db.select().from(cities).orderBy(asc(cities.sort), asc(cities.name));
}

export type CityRow = Awaited<ReturnType<typeof findCities>>[number];

/** Every zone of every city, in the order the settings show them. */
export async function findZones(db: Executor) {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.sort), asc(deliveryZones.name));
}

export type ZoneRow = Awaited<ReturnType<typeof findZones>>[number];

export type AddressRow = typeof userAddresses.$inferSelect;

export async function findAddresses(db: Executor, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt));
}

/**
 * Serialises a customer's address changes until the transaction ends: every write to the book takes it first
 * (the cap on saved addresses is checked under it, and no two writes take the book's rows in different
 * orders). An advisory lock: the module has no row of its own to lock before the first address exists, and
 * the users row is the identity module's. The first key names this lock among the application's.
 */
export async function lockAddressBook(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}, hashtext(${userId}))`);
}

const ADDRESS_BOOK_LOCK = 1_000_001;

export async function findAddress(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, id)));
  return row;
}

export type AddressPlace = Pick<
  AddressRow,
  'address' | 'shortAddress' | 'cityId' | 'zoneId' | 'longitude' | 'latitude'
>;

export async function insertAddress(tx: Executor, userId: string, place: AddressPlace): Promise<AddressRow> {
  const [row] = await tx
    .insert(userAddresses)
    .values({ userId, ...place })
    .returning();
  if (!row) throw new Error('insert into user_addresses returned no row');
  return row;
}

/** Moves a saved address to another point (the popup's edit mode); undefined when it is not the user's. */
export async function updateAddressRow(
  db: Executor,
  userId: string,
  id: string,
  values: AddressPlace,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(userAddresses)
    .set(values)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, id)))
    .returning();
  return row;
}

/** Makes one of the user's addresses the default and every other one not. */
export async function setDefaultAddress(tx: Executor, userId: string, id: string): Promise<void> {
  await tx
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.userId, userId), ne(userAddresses.id, id)));
  await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, id));
}

export async function deleteAddressRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(userAddresses).where(eq(userAddresses.id, id));
}
