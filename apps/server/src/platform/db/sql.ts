import { getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * A column written with its table's name. Drizzle leaves columns unqualified in a query on a single table, so a
 * subquery's `event_id = events.id` would read as `"event_id" = "id"` and compare the subquery's own columns:
 * outer references inside `exists (…)` must go through here.
 */
export function qualified(column: AnyPgColumn): SQL {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}
