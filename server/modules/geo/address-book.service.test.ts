/**
 * A customer's address book under simultaneous writes (issue 21, item 7): on PostgreSQL, 80 parallel 'set
 * default' calls deadlocked (17 answered 500), because each took the rows of the book in its own order. Every
 * write now takes the book's lock first and runs again after a serialization failure; at the end exactly one
 * address is the default and the user's house is that address.
 */
import type { SavedAddress } from '@core/contracts/geo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  type CityRow,
  createCity,
  createCustomer,
  createZone,
  type ZoneRow,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices } from '../../../tests/setup/services';
import { userAddresses, users } from '../../db/schema/index';
import { AppError } from '../../errors';

const PARALLEL_WRITES = 80;

describe.each(TEST_DATABASE_KINDS)('the address book under parallel writes on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;
  let zone: ZoneRow;

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
    zone = await createZone(t.db.db, city);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The n-th address: a house on one street inside the zone, a metre or so apart. */
  const save = (userId: string, n: number) =>
    t.services.geo.saveAddress(userId, {
      address: `Новосибирск, Красный проспект, ${n}`,
      deliveryArea: zone.id,
      city: city.id,
      coordinates: { longitude: 82.9 + n * 0.00001, latitude: 55.03 },
    });

  /** What the call ended with: 'ok', an AppError's code (a refusal in our shape), or the unexpected error. */
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? error.code : `unexpected: ${String(error)}`),
    );

  const book = async (userId: string) => {
    const rows = await t.db.db.select().from(userAddresses).where(eq(userAddresses.userId, userId));
    const [user] = await t.db.db.select({ house: users.house }).from(users).where(eq(users.id, userId));
    return { rows, house: user?.house ?? null };
  };

  it(`answers ${PARALLEL_WRITES} simultaneous 'set default' calls, and one address is the default`, async () => {
    const { id: userId } = await createCustomer(t.db.db);
    const saved: SavedAddress[] = [];
    for (let n = 1; n <= 10; n += 1) saved.push(await save(userId, n));

    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL_WRITES }, (_, index) =>
        outcome(t.services.geo.makeDefault(userId, saved[index % saved.length]?._id ?? '')),
      ),
    );

    expect(outcomes.filter((result) => result !== 'ok')).toEqual([]);
    const { rows, house } = await book(userId);
    const defaults = rows.filter((row) => row.isDefault);
    expect(defaults).toHaveLength(1);
    expect(house?.address).toBe(defaults[0]?.address);
  });

  it(`answers ${PARALLEL_WRITES} simultaneous adds, defaults and deletes with no unexpected error`, async () => {
    const { id: userId } = await createCustomer(t.db.db);
    const saved: SavedAddress[] = [];
    for (let n = 1; n <= 8; n += 1) saved.push(await save(userId, n));

    const kinds = Array.from({ length: PARALLEL_WRITES }, (_, index) =>
      index % 3 === 0 ? 'add' : index % 3 === 1 ? 'default' : 'delete',
    );
    const outcomes = await Promise.all(
      kinds.map((what, index) => {
        const target = saved[index % saved.length]?._id ?? '';
        if (what === 'add') return outcome(save(userId, 100 + index));
        if (what === 'default') return outcome(t.services.geo.makeDefault(userId, target));
        return outcome(t.services.geo.deleteAddress(userId, target));
      }),
    );

    // A delete or 'set default' of an address another call deleted first is a 404 in our shape, an add past
    // the cap on saved addresses a 409; nothing else.
    expect(outcomes.filter((result) => !['ok', 'not_found', 'conflict'].includes(result))).toEqual([]);
    const succeeded = (what: string) =>
      kinds.filter((kind, index) => kind === what && outcomes[index] === 'ok');
    // Each of the first addresses is deleted once, whichever of its deletes came first.
    expect(succeeded('delete')).toHaveLength(saved.length);
    const { rows, house } = await book(userId);
    expect(rows).toHaveLength(succeeded('add').length);
    expect(rows.length).toBeGreaterThan(0);
    const defaults = rows.filter((row) => row.isDefault);
    expect(defaults).toHaveLength(1);
    expect(house?.address).toBe(defaults[0]?.address);
  });
});
