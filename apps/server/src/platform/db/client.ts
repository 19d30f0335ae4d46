import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { trackCommits } from './after-commit.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type every feature uses: the same on PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, for service functions that take part in a caller's transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The server's URL on PostgreSQL; undefined on the embedded database. */
  url: string | undefined;
  /**
   * One `select 1` on the driver itself, for the health check: it asks whether the database answers, so it goes
   * through no query builder (decision 0074).
   */
  ping(): Promise<void>;
  /**
   * One statement with `$1`-style values, or, without values, a script of several (answering the last one's rows), on
   * the driver itself: for a library that brings its own SQL (the job queue, platform/jobs/).
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Subscribes to a NOTIFY channel. Resolves to the function that unsubscribes. `onLost` is called once if the
   * subscription's connection ends without being unsubscribed (PostgreSQL restarted, backend terminated, network).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  /** The connection pool's use on PostgreSQL, for the metrics; undefined on the embedded database (one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's files as one archive, to open copies from (`template`); undefined on PostgreSQL. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** postgres:// URL of a server; without it the embedded database is used. */
  url?: string;
  /** Where the embedded database keeps its files; without it, memory only (tests). */
  dataDir?: string;
  /**
   * A dump of an embedded database (PGlite's `dumpDataDir`) to start from instead of an empty one: the API tests'
   * global setup migrates one database and each test file starts from its copy (test/pglite-template.ts).
   */
  template?: string;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir, options.template);
}

async function openPglite(dataDir: string | undefined, template: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  // pg_trgm ships with PGlite as a contrib extension: loaded here, created by migration 0008 (discovery's search).
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  trackCommits(db);
  return {
    db,
    kind: 'pglite',
    url: undefined,
    async ping() {
      await client.query('select 1');
    },
    async query(text, values) {
      // PGlite's query takes one statement; exec runs a script (pg-boss installs its schema with one).
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    dump: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  trackCommits(db);
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    url,
    async ping() {
      await pool.query('select 1');
    },
    async query(text, values) {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      // A script answers one result per statement.
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload, onLost) {
      // LISTEN needs a connection of its own that stays open; pooled connections are handed around.
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => console.error('[db] listener error:', error.message));
      // Still in the list when it ends: nobody unsubscribed it, so the subscription was lost.
      client.once('end', () => {
        const index = listeners.indexOf(client);
        if (index === -1) return;
        listeners.splice(index, 1);
        onLost?.();
      });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        const index = listeners.indexOf(client);
        if (index === -1) return; // already unsubscribed, or the connection is gone
        listeners.splice(index, 1);
        await client.end();
      };
    },
    async close() {
      // Ending them here is not a loss: take them out of the list first so their 'end' reports nothing.
      const open = listeners.splice(0);
      await Promise.all(open.map((client) => client.end()));
      await pool.end();
    },
  };
}

/**
 * Applies the committed migrations. On a server several processes may start at once, so the run is
 * serialised by an advisory lock; PGlite has a single connection and needs none.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.end();
    }
  }
  await handle.db.execute(sql`analyze`);
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`, which the shared type does not show. */
export async function selectRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
