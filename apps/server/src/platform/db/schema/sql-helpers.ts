import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TIME_ZONE_PATTERN } from '@mingle/shared/domain/time-zones';

/** `column in ('a', 'b')` for check constraints, built from the enumerations in @mingle/shared. */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}

/**
 * A check that a column holds something shaped like an IANA zone name. Which zones exist is the runtime's knowledge
 * (the API asks Intl), and a check constraint cannot ask PostgreSQL's own list (pg_timezone_names is a query), so the
 * database refuses what is not a zone name at all (decision 0183).
 */
export function isTimeZoneName(column: AnyPgColumn): SQL {
  return sql`${column} ~ ${sql.raw(`'${TIME_ZONE_PATTERN}'`)}`;
}
