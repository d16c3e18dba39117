/**
 * Named statements built once (issue 26, ADR 047's eighth session). Drizzle builds a statement's SQL text and
 * parameter list from its query builder at every call, which was 14–17 % of a checkout's CPU in a profile; a
 * statement whose every value is a placeholder has the same text and parameters on every call, so it is built
 * on its first call and each later call only binds the built statement to the caller's connection (the pool, or
 * a transaction's client) and fills in the values.
 */
import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, rowsOf } from './client';

/** What Drizzle's `.prepare(name)` answers: its `execute` fills the placeholders from `values`. */
export type Prepared<Result> = { execute(values?: Record<string, unknown>): Promise<Result> };

/** A Drizzle executor's inside: its session (with the driver's client) and its dialect. */
type Inside = {
  session: {
    client: unknown;
    logger: unknown;
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): Prepared<unknown>;
  };
  dialect: { sqlToQuery(query: SQL): unknown };
};

/**
 * The built statements by driver and name: node-postgres and PGlite build different prepared-query objects,
 * and tests run both in one process.
 */
const built = new WeakMap<object, Map<string, Bindable>>();

/** What a prepared query takes from its session: the connection, and the logger (tests count statements). */
type Bindable = { client: unknown; logger: unknown; params: unknown[]; queryString: string };

/**
 * Under Vitest every call builds its statement again and compares it with the one built first: a name used
 * for two texts, or a text that changes between calls, fails the test that runs it instead of running the
 * first call's text in silence. Production builds each name once.
 */
const CHECK_EVERY_BUILD = process.env.NODE_ENV === 'test';

const placeholderNames = (params: readonly unknown[]) =>
  params.map((param) => (is(param, Placeholder) ? param.name : (param as Param<Placeholder>).value.name));

/** A placeholder, bare or with its column's encoder (an insert's or update's value). */
const isPlaceholder = (param: unknown) =>
  is(param, Placeholder) || (is(param, Param) && is(param.value, Placeholder));

function bind<Result>(db: Executor, name: string, build: () => Prepared<Result>): Prepared<Result> {
  const { session } = db as unknown as Inside;
  let byName = built.get(session.constructor);
  if (!byName) {
    byName = new Map();
    built.set(session.constructor, byName);
  }
  let template = byName.get(name);
  if (!template || CHECK_EVERY_BUILD) {
    const fresh = build() as unknown as Bindable;
    // A value built into the statement would be sent again on every later call, whoever made it.
    if (!fresh.params.every(isPlaceholder)) {
      throw new Error(`statement ${name}: every value must be a sql.placeholder to build it once`);
    }
    if (
      template &&
      (fresh.queryString !== template.queryString ||
        placeholderNames(fresh.params).join() !== placeholderNames(template.params).join())
    ) {
      throw new Error(`statement ${name}: another text under the same name\n${fresh.queryString}`);
    }
    if (!template) {
      template = fresh;
      template.client = undefined;
      template.logger = undefined;
      byName.set(name, template);
    }
  }
  const bound = Object.create(template) as Bindable;
  bound.client = session.client;
  bound.logger = session.logger;
  return bound as unknown as Prepared<Result>;
}

/**
 * A query builder's named statement, built on its first call and bound to `db` on every call: `build` returns
 * the query with every value a `sql.placeholder` (this prepares it under `name`), and the caller passes the
 * values to `execute`. The name must always stand for the same text (a text that varies, by a number of lines
 * for instance, puts what varies in the name).
 */
export function statement<Result>(
  db: Executor,
  name: string,
  build: (db: Executor) => { prepare(name: string): Prepared<Result> },
): Prepared<Result> {
  return bind(db, name, () => build(db).prepare(name));
}

/**
 * Raw SQL as a named statement built once (see `statement`), its rows checked by `Row` (see `queryRows`):
 * `build` writes the text with `sql.placeholder`s and `values` fills them. PGlite, in the same process, ignores
 * the name.
 */
export async function namedRows<Row extends z.ZodType>(
  db: Executor,
  name: string,
  Row: Row,
  build: () => SQL,
  values: Record<string, unknown> = {},
): Promise<z.output<Row>[]> {
  const { session, dialect } = db as unknown as Inside;
  const query = bind(db, name, () =>
    session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false),
  );
  return rowsOf(Row, await query.execute(values));
}

/**
 * A list's length as a named statement's text holds it: rounded up to a power of two, so a statement over a
 * list has a few texts (one name each) instead of one a length. A list as an array parameter needs one text
 * only, but PostgreSQL estimates an array parameter's length at 10 in a generic plan and at its real length in
 * a custom one, so such a statement is planned again at every run (ADR 047, seventh session); a list of
 * placeholders gets the generic plan after five runs.
 */
export function listSize(length: number): number {
  let size = 1;
  while (size < length) size *= 2;
  return size;
}

/**
 * `size` rows of placeholders, `(${column}0::type, …), (${column}1::type, …), …`, for `in (…)` or `values …`;
 * `rowValues` fills them, the rows past the list's end with nulls, which match nothing.
 */
export function rowPlaceholders(size: number, columns: Readonly<Record<string, string>>): SQL {
  const entries = Object.entries(columns);
  return sql.join(
    Array.from(
      { length: size },
      (_, index) =>
        sql`(${sql.join(
          entries.map(([column, type]) => sql`${sql.placeholder(`${column}${index}`)}::${sql.raw(type)}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
}

/** The values of `rowPlaceholders(size, columns)` for `rows`, by the same columns. */
export function rowValues<Column extends string>(
  size: number,
  columns: Readonly<Record<Column, string>>,
  rows: readonly Readonly<Record<Column, unknown>>[],
): Record<string, unknown> {
  const names = Object.keys(columns) as Column[];
  const values: Record<string, unknown> = {};
  for (let index = 0; index < size; index += 1) {
    const row = rows[index];
    for (const column of names) values[`${column}${index}`] = row ? row[column] : null;
  }
  return values;
}
