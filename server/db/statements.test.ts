import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../tests/setup/database';
import { smsCodes } from './schema/index';
import { listSize, namedRows, rowPlaceholders, rowValues, statement } from './statements';

describe('a list as placeholders', () => {
  it('rounds a length up to a power of two', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 100].map(listSize)).toEqual([1, 2, 4, 4, 8, 8, 16, 128]);
    expect(listSize(0)).toBe(1);
  });

  it('fills the rows past the list with nulls', () => {
    expect(rowValues(2, { id: 'uuid', n: 'int' }, [{ id: 'a', n: 1 }])).toEqual({
      id0: 'a',
      n0: 1,
      id1: null,
      n1: null,
    });
  });
});

describe.each(TEST_DATABASE_KINDS)('statements built once on %s', (kind) => {
  let database: TestDatabase;
  const Code = z.object({ phone: z.string(), name: z.string() });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const now = new Date();
    await database.db.insert(smsCodes).values(
      ['+7 (900) 000-00-01', '+7 (900) 000-00-02', '+7 (900) 000-00-03'].map((phone, index) => ({
        phone,
        codeHmac: 'x',
        name: `Имя ${index + 1}`,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
      })),
    );
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const byPhone = (db: TestDatabase['db']) =>
    statement(db, `test_code_by_phone_${kind}`, (tx) =>
      tx
        .select({ name: smsCodes.name })
        .from(smsCodes)
        .where(eq(smsCodes.phone, sql.placeholder('phone'))),
    );

  it('answers each call with its own values, on the pool and inside a transaction', async () => {
    expect(await byPhone(database.db).execute({ phone: '+7 (900) 000-00-01' })).toEqual([{ name: 'Имя 1' }]);
    // Built on the pool above; bound here to the transaction's connection, which sees its own change.
    await database.db
      .transaction(async (tx) => {
        await tx.update(smsCodes).set({ name: 'Другое' }).where(eq(smsCodes.phone, '+7 (900) 000-00-02'));
        expect(await byPhone(tx).execute({ phone: '+7 (900) 000-00-02' })).toEqual([{ name: 'Другое' }]);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await byPhone(database.db).execute({ phone: '+7 (900) 000-00-02' })).toEqual([{ name: 'Имя 2' }]);
  });

  it('runs raw SQL over a list of placeholders, the rows past the list matching nothing', async () => {
    const phones = ['+7 (900) 000-00-03', '+7 (900) 000-00-01', '+7 (900) 000-00-09'];
    const size = listSize(phones.length);
    const PHONE = { phone: 'text' } as const;
    const rows = await namedRows(
      database.db,
      `test_codes_in_${kind}_${size}`,
      Code,
      () =>
        sql`select phone, name from ${smsCodes} where (phone) in (${rowPlaceholders(size, PHONE)})
          order by phone`,
      rowValues(
        size,
        PHONE,
        phones.map((phone) => ({ phone })),
      ),
    );
    expect(rows).toEqual([
      { phone: '+7 (900) 000-00-01', name: 'Имя 1' },
      { phone: '+7 (900) 000-00-03', name: 'Имя 3' },
    ]);
  });

  it('refuses another text under a name already built (checked at every call under Vitest)', async () => {
    const named = `test_code_two_texts_${kind}`;
    const byColumn = (column: typeof smsCodes.phone | typeof smsCodes.name) =>
      statement(database.db, named, (tx) =>
        tx
          .select({ name: smsCodes.name })
          .from(smsCodes)
          .where(eq(column, sql.placeholder('value'))),
      );
    expect(await byColumn(smsCodes.phone).execute({ value: '+7 (900) 000-00-03' })).toEqual([
      { name: 'Имя 3' },
    ]);
    expect(() => byColumn(smsCodes.name)).toThrow(/another text under the same name/);
  });

  it('refuses a statement with a value built into it, which every later call would send again', async () => {
    const phone = '+7 (900) 000-00-01';
    expect(() =>
      statement(database.db, `test_code_baked_${kind}`, (tx) =>
        tx.select({ name: smsCodes.name }).from(smsCodes).where(eq(smsCodes.phone, phone)),
      ),
    ).toThrow(/placeholder/);
    await expect(
      namedRows(
        database.db,
        `test_raw_baked_${kind}`,
        Code,
        () => sql`select phone, name from ${smsCodes}
        where phone = ${phone}`,
      ),
    ).rejects.toThrow(/placeholder/);
  });
});
