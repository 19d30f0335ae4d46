import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '@mingle/shared/core/pagination';
import { badRequest } from './errors.ts';
import { isUuid } from '../../platform/db/sql.ts';
import { msg } from '@mingle/shared/core/messages';

/**
 * The one keyset cursor of the API (decision 0130). A list sorted by (key columns..., id) hands out, with each page,
 * an opaque cursor: the base64url JSON of the last row's key values. The next request sends it back and gets the rows
 * strictly after it, so a deep page costs what the first does and rows written meanwhile shift nothing.
 *
 * Timestamps travel as the microsecond UTC text PostgreSQL writes (`to_char`, selected with the row), never through a
 * JavaScript Date: a Date keeps milliseconds, and rows stamped within one millisecond (one transaction's now())
 * would be skipped. PGlite's clock only has milliseconds, so only a PostgreSQL run shows that.
 */

/** How a key value travels in the cursor: each kind is validated on the way in, so a bad cursor is a 400, not a 500. */
export type KeyKind = 'timestamp' | 'uuid' | 'integer' | 'boolean' | 'text';

type ValueOf<K extends KeyKind> = K extends 'integer' ? number : K extends 'boolean' ? boolean : string;
export type KeyValues<K extends readonly KeyKind[]> = { [I in keyof K]: ValueOf<K[I]> };

export interface KeyColumn<K extends KeyKind = KeyKind> {
  kind: K;
  /** The column or expression the list is ordered by (unqualified columns are fine in a query on one table). */
  column: AnyPgColumn | SQL;
}

export const timestampKey = (column: AnyPgColumn | SQL): KeyColumn<'timestamp'> => ({ kind: 'timestamp', column });
export const uuidKey = (column: AnyPgColumn | SQL): KeyColumn<'uuid'> => ({ kind: 'uuid', column });
export const integerKey = (column: AnyPgColumn | SQL): KeyColumn<'integer'> => ({ kind: 'integer', column });
export const booleanKey = (column: AnyPgColumn | SQL): KeyColumn<'boolean'> => ({ kind: 'boolean', column });
export const textKey = (column: AnyPgColumn | SQL): KeyColumn<'text'> => ({ kind: 'text', column });

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** Longer text keys are not ours: the sort values we hand out (a name, an email) are far shorter. */
const MAX_TEXT = 1000;

const invalid = () => badRequest(msg('Invalid cursor'));

function checkValue(kind: KeyKind, value: unknown): string | number | boolean {
  switch (kind) {
    case 'timestamp': {
      // The shape, and a real date: '2025-02-30T…' would pass the pattern and make PostgreSQL's cast a 500.
      if (typeof value !== 'string' || !TIMESTAMP.test(value)) throw invalid();
      const millis = new Date(`${value.slice(0, 23)}Z`);
      if (Number.isNaN(millis.getTime()) || millis.toISOString().slice(0, 23) !== value.slice(0, 23)) throw invalid();
      return value;
    }
    case 'uuid':
      if (typeof value !== 'string' || !isUuid(value)) throw invalid();
      // PostgreSQL orders uuids as their lower-case text; a key compared in JavaScript must be lower case too.
      return value.toLowerCase();
    case 'integer':
      if (!Number.isSafeInteger(value)) throw invalid();
      return value as number;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid();
      return value;
    case 'text':
      if (typeof value !== 'string' || value.length > MAX_TEXT) throw invalid();
      return value;
  }
}

/** The cursor of key values, with the scope it was made for in front (see `keyset`'s `scope`). */
export function encodeCursor(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The values of a cursor made for this scope and these kinds; null without a cursor, a 400 for anything else. */
export function decodeCursor<K extends readonly KeyKind[]>(
  cursor: string | undefined,
  kinds: K,
  scope: readonly string[] = [],
): KeyValues<K> | null {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== scope.length + kinds.length) throw invalid();
  if (scope.some((part, i) => parsed[i] !== part)) throw invalid();
  return kinds.map((kind, i) => checkValue(kind, parsed[scope.length + i])) as KeyValues<K>;
}

/** The value as a typed SQL parameter, so the comparison never depends on how the driver guesses types. */
function param(kind: KeyKind, value: string | number | boolean): SQL {
  switch (kind) {
    case 'timestamp':
      return sql`${value}::timestamptz`;
    case 'uuid':
      return sql`${value}::uuid`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'integer':
      return sql`${value}::bigint`;
    case 'text':
      return sql`${value}::text`;
  }
}

/** The key as the cursor carries it, written by PostgreSQL (timestamps to the microsecond, in UTC). */
function keyText(key: KeyColumn): SQL {
  return key.kind === 'timestamp' ? sql`to_char(${key.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`${key.column}`;
}

export interface Keyset {
  /** Select this as `key` with each row: its key values as JSON text, for the cursor `page` makes. */
  readonly key: SQL<string>;
  /** The order of the list: every key in the one direction, the last one (the id) breaking ties. */
  readonly orderBy: SQL[];
  /** Where the rows after the cursor are (undefined on the first page): one row comparison, which an index serves. */
  readonly where: SQL | undefined;
  /** Rows fetched with `limit(limit + 1)`: the first `limit` without their key, and the next page's cursor. */
  page<T extends { key: string }>(rows: T[], limit: number): Page<Omit<T, 'key'>>;
}

/**
 * A keyset over `keys` (the last one unique, usually the id) in one direction. Every list here sorts all its keys
 * the same way, which lets the where clause be a row comparison: `(a, b, id) < (…)`. `scope` (a sort, a search) is
 * written into the cursor and must come back unchanged, so a cursor is refused by a list it was not made for.
 */
export function keyset<const K extends readonly KeyKind[]>(
  keys: { [I in keyof K]: KeyColumn<K[I]> },
  options: { dir: 'asc' | 'desc'; cursor: string | undefined; scope?: readonly string[] },
): Keyset {
  const list = keys as readonly KeyColumn[];
  const kinds = list.map((key) => key.kind) as unknown as K;
  const scope = options.scope ?? [];
  // A malformed cursor, or one made for another scope, is a 400 here, before any query runs.
  const after = decodeCursor(options.cursor, kinds, scope);
  const columns = sql.join(list.map((key) => sql`${key.column}`), sql`, `);
  const where = after
    ? sql`(${columns}) ${options.dir === 'asc' ? sql`>` : sql`<`} (${sql.join(
        list.map((key, i) => param(key.kind, (after as readonly (string | number | boolean)[])[i]!)),
        sql`, `,
      )})`
    : undefined;
  return {
    key: sql<string>`json_build_array(${sql.join(list.map(keyText), sql`, `)})::text`,
    orderBy: list.map((key) => (options.dir === 'asc' ? asc(key.column) : desc(key.column))),
    where,
    page(rows, limit) {
      const items = rows.slice(0, limit).map(({ key: _key, ...row }) => row);
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      // The key's JSON holds strings, numbers and booleans only: parsing it makes no Date.
      return { items, nextCursor: last ? encodeCursor([...scope, ...(JSON.parse(last.key) as unknown[])]) : null };
    },
  };
}

/** The page size of the lists whose client does not choose one (the admin and manager tables, invitations). */
export const PAGE_SIZE = 50;

/** The common case: newest first by (a timestamp, the id). */
export const newestFirst = (at: AnyPgColumn | SQL, id: AnyPgColumn | SQL, cursor: string | undefined) =>
  keyset([timestampKey(at), uuidKey(id)], { dir: 'desc', cursor });
