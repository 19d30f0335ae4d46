import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCaller } from './platform/auth/session.ts';
import { selectRows, type Database } from './platform/db/client.ts';
import { userRoles } from './platform/db/schema/auth.ts';
import { contactFormSubmissions } from './platform/db/schema/support.ts';
import { CALLERS, createWorld, headersOf, KEY_CALLERS, keyAllows, MATRIX, TOPICS, type CallerName, type KeyCallerName, type World } from './test/authorization-matrix.ts';
import { startTestServer, type TestServer } from './test/harness.ts';
import { ownPostgresDatabase } from './test/own-database.ts';
import { canSubscribe } from './areas/event-access/index.ts';

// The authorization matrix (issue 9, decision 0070): one test per route and caller, and one per live topic and
// caller, from the table in test/authorization-matrix.ts; and a test that the table lists exactly the app's routes.

/** Tables that change on any request, allowed or not: rate-limit counters. */
const VOLATILE_TABLES = new Set(['rate_limits', 'auth_rate_limits']);
/** Columns that change on any request, allowed or not: an API key's last use (kept to the minute). */
const VOLATILE_COLUMNS: Record<string, string[]> = { api_keys: ['last_used_at'] };

let server: TestServer;
let world: World;
let fingerprint: () => Promise<string>;
let restoreRoles: () => Promise<void>;
let dropDatabase: (() => Promise<void>) | undefined;

/**
 * On PostgreSQL the matrix takes a database of its own: "nothing changed" is checked over whole tables, so no other
 * test file may write beside it.
 */
async function ownMatrixDatabase(): Promise<(() => Promise<void>) | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const database = await ownPostgresDatabase(baseUrl, 'mingle_matrix');
  process.env.TEST_DATABASE_URL = database.url;
  return async () => {
    process.env.TEST_DATABASE_URL = baseUrl;
    await database.drop();
  };
}

/** One hash of every row of every table: a refused request must leave it as it was. */
async function fingerprintOf(db: Database): Promise<() => Promise<string>> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select table_name as "name" from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables
    .map((table) => table.name)
    .filter((name) => !VOLATILE_TABLES.has(name))
    .map((name) => {
      const columns = VOLATILE_COLUMNS[name];
      const row = columns ? sql`(to_jsonb(r) - ${sql.raw(`array[${columns.map((column) => `'${column}'`).join(', ')}]`)})::text` : sql`r::text`;
      return sql`select ${name} as "t", md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as "h" from ${sql.identifier(name)} as r`;
    });
  const query = sql`select string_agg("t" || ':' || "h", ',' order by "t") as "hash" from (${sql.join(parts, sql` union all `)}) as tables`;
  return async () => (await selectRows<{ hash: string }>(db, query))[0]!.hash;
}

/** Some allowed calls grant a role (creating an event makes its creator an event_owner): put the cast's back. */
async function rolesKeeper(db: Database, w: World): Promise<() => Promise<void>> {
  const ids = Object.values(w.people).map((person) => person.user.id);
  const read = async () =>
    (await db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, ids)))
      .map((row) => `${row.userId}/${row.role}`)
      .sort();
  const initial = await read();
  return async () => {
    const now = await read();
    if (now.join() === initial.join()) return;
    await db.delete(userRoles).where(inArray(userRoles.userId, ids));
    await db.insert(userRoles).values(initial.map((key) => ({ userId: key.split('/')[0]!, role: key.split('/')[1]! })));
  };
}

beforeAll(async () => {
  dropDatabase = await ownMatrixDatabase();
  server = await startTestServer();
  world = await createWorld(server);
  fingerprint = await fingerprintOf(server.ctx.db);
  restoreRoles = await rolesKeeper(server.ctx.db, world);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await dropDatabase?.();
});

/** No relation at all to THE event: one of its resources must look missing to them (404), not forbidden. */
const OUTSIDERS: readonly CallerName[] = ['user', 'otherAttendee', 'otherOwner'];

const isKey = (as: CallerName | KeyCallerName): as is KeyCallerName => (KEY_CALLERS as readonly string[]).includes(as);

function deniedWith(row: (typeof MATRIX)[number], as: CallerName | KeyCallerName): number[] {
  if (as === 'visitor') return [401];
  // A key outside its scope is a 403 that says so; within it, the owner's refusal.
  if (isKey(as)) return [403, 404];
  if (OUTSIDERS.includes(as) && !row.openRefusal) return [404];
  return [403, 404];
}

const label = (row: (typeof MATRIX)[number]) => (row.variant ? `${row.route} (${row.variant})` : row.route);

describe('authorization matrix: the table', () => {
  it('lists every route of the app, and only those', () => {
    // `ALL` entries are middleware (headers, CSRF, session, custom domains) and the /api/* 404 catch-all, not routes.
    // `GET /` and `GET /*` serve the single-page app's public shell; they exist only when a web build is on disk,
    // so whether they appear depends on the checkout, not on the API.
    const webShell = new Set(['GET /', 'GET /*']);
    const app = new Set(
      server.app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`)
        .filter((route) => !webShell.has(route)),
    );
    const table = new Set(MATRIX.map((row) => row.route));
    expect([...app].filter((route) => !table.has(route)), 'routes missing from the matrix').toEqual([]);
    expect([...table].filter((route) => !app.has(route)), 'matrix rows without a route').toEqual([]);
  });

  it('sees any change to the database (the deny check relies on it)', async () => {
    const before = await fingerprint();
    const [row] = await server.ctx.db.insert(contactFormSubmissions).values({ fullName: 'Probe', email: 'probe@acme-test.com', message: 'Is anyone watching?' }).returning();
    expect(await fingerprint()).not.toBe(before);
    await server.ctx.db.delete(contactFormSubmissions).where(eq(contactFormSubmissions.id, row!.id));
    expect(await fingerprint()).toBe(before);
  });

  it('names each row once and only known callers', () => {
    const labels = MATRIX.map(label);
    expect(labels.length).toBe(new Set(labels).size);
    for (const row of [...MATRIX, ...TOPICS]) expect(row.allow.every((who) => CALLERS.includes(who))).toBe(true);
  });
});

describe.each(MATRIX.map((row) => [label(row), row] as const))('%s', (_label, row) => {
  const method = row.route.split(' ')[0]!;
  // A key's answer follows from the owner's and the key's scope (keyAllows), once the request's path is known.
  const cases = [
    ...CALLERS.map((as) => [as, row.allow.includes(as) ? 'allow' : 'deny'] as [CallerName | KeyCallerName, string]),
    ...KEY_CALLERS.map((as) => [as, "the owner's, within its scope"] as [CallerName | KeyCallerName, string]),
  ];
  it.each(cases)(
    '%s: %s',
    async (as, listed) => {
      // A key acts as its owner: the row's request is the owner's.
      const request = await row.build(world, isKey(as) ? 'owner' : as);
      const expected = isKey(as) ? (keyAllows(row, world, as, request.path) ? 'allow' : 'deny') : listed;
      const before = expected === 'deny' || row.keepsDatabase ? await fingerprint() : null;
      const response = await server.send(method, request.path, headersOf(world, as), request.body);
      const detail = `${method} ${request.path} as ${as}: ${response.status} ${(await response.text()).slice(0, 300)}`;
      try {
        if (expected === 'allow') {
          expect(response.status, detail).toBeGreaterThanOrEqual(200);
          expect(response.status, detail).toBeLessThan(300);
          if (row.keepsDatabase) expect(await fingerprint(), `${detail}: the database changed`).toBe(before);
        } else {
          expect(deniedWith(row, as), detail).toContain(response.status);
          expect(await fingerprint(), `${detail}: the database changed`).toBe(before);
        }
      } finally {
        await restoreRoles();
      }
    },
  );
});

describe.each(TOPICS.map((row) => [row.kind, row] as const))('live topic: %s', (_kind, row) => {
  it.each(CALLERS.map((as) => [as, row.allow.includes(as) ? 'allow' : 'deny'] as [CallerName, string]))(
    '%s: %s',
    async (as, expected) => {
      const headers = headersOf(world, as);
      // The hub resolves the socket's caller from its upgrade request the same way, then asks canSubscribe.
      const caller = headers ? await resolveCaller(server.ctx, headers) : null;
      expect(await canSubscribe(server.ctx, caller, row.topic(world))).toBe(expected === 'allow');
    },
  );
});
