import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { booleanKey, decodeCursor, encodeCursor, integerKey, keyset, textKey, timestampKey, uuidKey } from './keyset.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AT = '2025-03-01T09:30:00.123456Z';
const dialect = new PgDialect();

function refusal(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe('keyset cursor codec', () => {
  it('reads back what it wrote, microseconds and all', () => {
    const cursor = encodeCursor([true, AT, 7, 'ada@example.com', ID]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['boolean', 'timestamp', 'integer', 'text', 'uuid'])).toEqual([true, AT, 7, 'ada@example.com', ID]);
    expect(decodeCursor(undefined, ['uuid'])).toBeNull();
    expect(decodeCursor('', ['uuid'])).toBeNull();
  });

  it('lower-cases uuids, the order PostgreSQL gives them', () => {
    expect(decodeCursor(encodeCursor([ID.toUpperCase()]), ['uuid'])).toEqual([ID]);
  });

  it('answers any malformed cursor with 400 Invalid cursor', () => {
    const bad = [
      'garbage!',
      Buffer.from('not json').toString('base64url'),
      encodeCursor({ at: AT, id: ID } as never),
      encodeCursor([AT]),
      encodeCursor([AT, ID, ID]),
      encodeCursor([AT, 'not-a-uuid']),
      encodeCursor(['2025-03-01T09:30:00.123Z', ID]), // milliseconds only: not a cursor we made
      encodeCursor(['2025-02-30T09:30:00.123456Z', ID]), // no such day: PostgreSQL's cast would be a 500
      encodeCursor([1_740_000_000_000, ID]),
      encodeCursor([AT, null]),
    ];
    for (const cursor of bad) {
      expect(refusal(() => decodeCursor(cursor, ['timestamp', 'uuid'])), cursor).toEqual({ status: 400, message: 'Invalid cursor' });
    }
    for (const [value, kind] of [
      [1.5, 'integer'],
      [Number.MAX_SAFE_INTEGER + 2, 'integer'],
      ['true', 'boolean'],
      ['x'.repeat(1001), 'text'],
      [3, 'text'],
    ] as const) {
      expect(refusal(() => decodeCursor(encodeCursor([value]), [kind])), `${kind} ${value}`).toEqual({ status: 400, message: 'Invalid cursor' });
    }
  });

  it('refuses a cursor made for another scope', () => {
    const cursor = encodeCursor(['name', 'asc', 'ada', 'ada lovelace', ID]);
    expect(decodeCursor(cursor, ['text', 'uuid'], ['name', 'asc', 'ada'])).toEqual(['ada lovelace', ID]);
    expect(refusal(() => decodeCursor(cursor, ['text', 'uuid'], ['email', 'asc', 'ada']))?.status).toBe(400);
    expect(refusal(() => decodeCursor(cursor, ['text', 'uuid']))?.status).toBe(400);
  });

  it('writes one row comparison in the list direction, and pages limit + 1 rows', () => {
    const keys = [timestampKey(sql`"at"`), uuidKey(sql`"id"`)] as const;
    expect(keyset(keys, { dir: 'desc', cursor: undefined }).where).toBeUndefined();
    const older = keyset(keys, { dir: 'desc', cursor: encodeCursor([AT, ID]) });
    expect(dialect.sqlToQuery(older.where!)).toMatchObject({ sql: '("at", "id") < ($1::timestamptz, $2::uuid)', params: [AT, ID] });
    const later = keyset([booleanKey(sql`"p"`), integerKey(sql`"n"`), textKey(sql`"t"`), uuidKey(sql`"id"`)], {
      dir: 'asc',
      cursor: encodeCursor([false, 3, 'b', ID]),
    });
    expect(dialect.sqlToQuery(later.where!).sql).toBe('("p", "n", "t", "id") > ($1::boolean, $2::bigint, $3::text, $4::uuid)');

    const rows = [1, 2, 3].map((n) => ({ n, key: JSON.stringify([AT, ID.replace('0f', `0${n}`)]) }));
    const scoped = keyset(keys, { dir: 'desc', cursor: undefined, scope: ['joined'] });
    const page = scoped.page(rows, 2);
    expect(page.items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(decodeCursor(page.nextCursor!, ['timestamp', 'uuid'], ['joined'])).toEqual([AT, ID.replace('0f', '02')]);
    expect(scoped.page(rows, 3)).toEqual({ items: [{ n: 1 }, { n: 2 }, { n: 3 }], nextCursor: null });
  });
});
