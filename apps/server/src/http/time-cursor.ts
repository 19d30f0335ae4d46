import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '@mingle/shared/core/pagination';
import { isUuid } from '../auth/event-access.ts';
import { badRequest } from './errors.ts';

// Newest-first cursor pages over (timestamp, id), for lists read by the super admin (users, events, tickets, contact
// submissions). The cursor keeps the timestamp at microsecond precision as UTC text: a JavaScript Date keeps
// milliseconds only and would skip rows on PostgreSQL.

export const PAGE_SIZE = 50;

/** Select this as `key` beside `id`: the row's position for the next page's cursor. */
export const cursorKey = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** The cursor a client sent back; a malformed one is a 400. */
export function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/.test(at) || !isUuid(id)) throw new Error();
    return { at, id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

/** The where clause of the rows after the cursor, newest first (undefined on the first page). */
export function before(column: AnyPgColumn, idColumn: AnyPgColumn, after: { at: string; id: string } | null): SQL | undefined {
  if (!after) return undefined;
  const at = sql`(${after.at}::timestamp at time zone 'UTC')`;
  return sql`(${column} < ${at} or (${column} = ${at} and ${idColumn} < ${after.id}::uuid))`;
}

/** Rows fetched with `limit(PAGE_SIZE + 1)` into a page and the cursor of the next one. */
export function page<T extends { key: string; id: string }>(rows: T[]): Page<Omit<T, 'key'>> {
  const items = rows.slice(0, PAGE_SIZE).map(({ key: _key, ...row }) => row);
  const last = rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1]! : null;
  return { items, nextCursor: last ? encodeCursor(last.key, last.id) : null };
}
