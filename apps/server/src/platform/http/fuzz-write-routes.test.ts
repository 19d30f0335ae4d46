import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, selectRows } from '../db/client.ts';
import { createSession, eventWithCast } from '../../test/event-factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Fuzzing every write route of the OpenAPI document (fast-check): wrong types, huge strings, unicode, nulls, extra
 * fields, bodies that are not JSON, odd path parameters. Whatever arrives, the answer is never a 5xx, an error
 * never shows a stack trace or SQL, and a refused request leaves the database as it was: a row trigger on every
 * table counts committed changes, and the count may move only when the answer is a success.
 *
 * The caller is the event's owner and a super admin, so requests get past authorization into validation and the
 * services. FUZZ_RUNS sets the inputs per route (1,000 by default).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** Multipart uploads have their own corpus (platform/storage/hostile-uploads.test.ts). */
const SKIPPED = new Set(['POST /api/me/avatar']);
/** Tables a refused request may write by design: rate-limit counters and the caller's own session refresh. */
const UNAUDITED_TABLES = new Set(['rate_limits', 'auth_rate_limits', 'auth_sessions', 'auth_verifications']);
const ERROR_LEAK = /\n\s+at |\.ts:\d+|\bselect\b[\s\S]*\bfrom\b|\binsert into\b|\bviolates\b|\bsyntax error\b|\brelation "/i;

interface WriteRoute {
  method: string;
  path: string;
  keys: string[];
  hasBody: boolean;
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u200b',
    '💥'.repeat(3_000),
    'x'.repeat(100_001),
    "'; drop table events; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '2026-13-45T99:99:99Z',
    'NaN',
    '1e309',
    '-1',
    'true',
    'null',
  ),
  fc.uuid(),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1),
  fc.array(hostileString, { maxLength: 4 }),
  fc.object({ maxDepth: 2, maxKeys: 3 }),
);

/** A body: the route's own keys with hostile values plus extra fields, any JSON at all, or something not JSON. */
function bodies(keys: string[]) {
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }),
    )
    .map(([known, extra]) => JSON.stringify({ ...extra, ...known }));
  return fc.oneof(
    { arbitrary: shaped, weight: 6 },
    { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 2 },
    { arbitrary: fc.constantFrom('', '{', 'not json', '{"a":1}}', '\u0000'), weight: 1 },
  );
}

describe('fuzzing every write route', () => {
  let server: TestServer;
  let routes: WriteRoute[] = [];
  let headers: Headers;
  const params = new Map<string, string>();
  const dropDatabase: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    // On PostgreSQL the run gets a database of its own: other test files write to the shared one meanwhile, and
    // the change counter must see only this file's requests.
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const name = `mingle_fuzz_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ url: url.toString() });
      await runMigrations(handle);
      await handle.close();
      process.env.TEST_DATABASE_URL = url.toString();
      dropDatabase.push(async () => {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      });
    }
    server = await startTestServer();
    if (base) process.env.TEST_DATABASE_URL = base;

    const cast = await eventWithCast(server);
    await server.ctx.db.execute(sql`insert into user_roles (user_id, role) values (${cast.owner.user.id}, 'super_admin') on conflict do nothing`);
    headers = cast.owner.headers;
    const session = await createSession(server.ctx, cast.event);
    const sponsor = await server.send('POST', `/api/events/${cast.event.id}/sponsors`, headers, { companyName: 'Fuzz Co' });
    const post = await server.send('POST', `/api/events/${cast.event.id}/feed`, headers, { content: 'A post to fuzz' });
    const question = await server.send('POST', `/api/sessions/${session.id}/qa`, cast.attendee.headers, { question: 'What is fuzzing, really?' });
    const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;
    params.set('eventId', cast.event.id);
    params.set('sessionId', session.id);
    params.set('sponsorId', await idOf(sponsor));
    params.set('postId', await idOf(post));
    params.set('questionId', await idOf(question));
    params.set('userId', cast.stranger.user.id); // never the caller: a roles change must not lock the fuzzer out
    params.set('kind', 'interests');

    const document = (await (await server.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
      components?: { schemas?: Record<string, Schema> };
    };
    type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: Schema[] };
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? document.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
    const keysOf = (schema: Schema | undefined): string[] => {
      const resolved = resolve(schema);
      return [...Object.keys(resolved?.properties ?? {}), ...(resolved?.allOf ?? []).flatMap(keysOf)];
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!WRITE_METHODS.has(method) || SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
        // Better Auth's own routes, and multipart uploads (their hostile bodies have storage/hostile-uploads.test.ts).
        if (path.startsWith('/api/auth/')) continue;
        const json = operation.requestBody?.content['application/json'];
        if (operation.requestBody && !json) continue;
        routes.push({ method: method.toUpperCase(), path, keys: keysOf(json?.schema), hasBody: Boolean(json) });
      }
    }
    // Deleting the event (or what hangs on it) early would leave the other routes nothing to reach: deletes last.
    routes = routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || Number(a.path === '/api/events/{eventId}') - Number(b.path === '/api/events/{eventId}'));

    const tables = await selectRows<{ name: string }>(
      server.ctx.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    await server.ctx.db.execute(sql`create table fuzz_changes (n bigint not null)`);
    await server.ctx.db.execute(sql`insert into fuzz_changes values (0)`);
    await server.ctx.db.execute(
      sql`create function fuzz_count_change() returns trigger language plpgsql as $$ begin update fuzz_changes set n = n + 1; return null; end $$`,
    );
    for (const { name } of tables) {
      if (UNAUDITED_TABLES.has(name)) continue;
      await server.ctx.db.execute(sql.raw(`create trigger fuzz_count_change after insert or update or delete on "${name}" for each row execute function fuzz_count_change()`));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    for (const drop of dropDatabase) await drop();
  });

  const changes = async () => {
    const [row] = await selectRows<{ n: string }>(server.ctx.db, sql`select n from fuzz_changes`);
    return Number(row!.n);
  };

  it('lists the write routes it fuzzes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers every generated request without a 5xx, a leak, or a change on refusal', { timeout: 1_800_000 }, async () => {
    let committed = await changes();
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const pathValues = fc.tuple(
        ...names.map((name) =>
          fc.oneof(
            { arbitrary: fc.constant(params.get(name) ?? randomUUID()), weight: 4 },
            { arbitrary: fc.uuid(), weight: 1 },
            { arbitrary: hostileString.filter((value) => value.length > 0 && value.length < 2_000), weight: 1 },
          ),
        ),
      );
      await fc.assert(
        fc.asyncProperty(pathValues, route.hasBody ? bodies(route.keys) : fc.constant(undefined), async (values, body) => {
          let path = route.path;
          names.forEach((name, index) => (path = path.replace(`{${name}}`, encodeURIComponent(values[index]!))));
          const before = committed; // the count read after the previous request
          const init: RequestInit = { method: route.method, headers: server.browserHeaders(headers) };
          if (body !== undefined) {
            init.body = body;
            (init.headers as Record<string, string>)['content-type'] = 'application/json';
          }
          const response = await server.request(path, init);
          const text = await response.text();
          const where = `${route.method} ${path} with ${String(body).slice(0, 200)}`;
          expect(response.status, `${where} → ${text.slice(0, 300)}`).toBeLessThan(500);
          committed = await changes();
          if (response.status >= 400) {
            expect(text, where).not.toMatch(ERROR_LEAK);
            expect(committed, `${where} was refused (${response.status}) but changed the database`).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
    }
  });
});
