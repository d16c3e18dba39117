/**
 * A table's row from a raw statement's answer (a data-modifying CTE, where Drizzle's builder cannot follow):
 * each column read by its database name, with `prefix` when one answer carries the rows of several tables,
 * and decoded as the table's own column decodes it (a timestamp's text into a Date, a bigint into a number).
 */
import { type Column, getTableColumns, sql, type Table } from 'drizzle-orm';

type Decoder = Pick<Column, 'name' | 'mapFromDriverValue'>;

export function rowFromColumns<Row>(
  columns: Record<string, Decoder>,
  raw: Record<string, unknown>,
  prefix = '',
): Row {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => {
      const value = raw[prefix + column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Row;
}

/** `alias."column" as "<prefix>column"` for every column of the table: its part of such an answer. */
export function selectPrefixed(table: Table, alias: string, prefix: string) {
  return sql.raw(
    Object.values(getTableColumns(table))
      .map((column) => `${alias}."${column.name}" as "${prefix}${column.name}"`)
      .join(', '),
  );
}
